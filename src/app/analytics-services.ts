/**
 * The analytics machine's real services: time zone and languages from the browser, fetch for the
 * China probe, and the configured providers, each downloading its code only when consent first
 * loads it. Part of the analytics chunk.
 */
import type { AnalyticsServices } from './analytics-wiring';
import type { AnalyticsProvider } from '../platform/analytics-providers';
import { browserEnvironment } from '../platform/environment';
import type { Logger } from '../platform/logger';
import { fetchNetworkProbe } from '../platform/network-probe';
import { readAnalyticsConfig, type AnalyticsConfig } from '../../common/analytics-config';
import { buildEnv } from './build-env';
import { lazyAnalyticsProvider } from './lazy-analytics-provider';

/** The enabled providers; each downloads its code only when consent first loads it. */
export function analyticsProvidersFor(config: AnalyticsConfig, logger: Logger): Partial<Record<'china' | 'global', AnalyticsProvider>> {
  const providers: Partial<Record<'china' | 'global', AnalyticsProvider>> = {};
  const { googleAnalytics, baiduTongji } = config;
  const platform = () => Promise.all([import('../platform/analytics-providers'), import('../platform/script-loader')]);
  if (googleAnalytics.enabled) {
    providers.global = lazyAnalyticsProvider(
      'google-analytics-4',
      async () => {
        const [{ createGa4Provider }, { browserScriptLoader }] = await platform();
        return createGa4Provider({
          measurementId: googleAnalytics.id,
          scriptUrl: googleAnalytics.scriptUrl,
          scriptLoader: browserScriptLoader(),
        });
      },
      logger,
    );
  }
  if (baiduTongji.enabled) {
    providers.china = lazyAnalyticsProvider(
      'baidu-tongji',
      async () => {
        const [{ createBaiduProvider }, { browserScriptLoader }] = await platform();
        return createBaiduProvider({ siteId: baiduTongji.id, scriptUrl: baiduTongji.scriptUrl, scriptLoader: browserScriptLoader() });
      },
      logger,
    );
  }
  return providers;
}

export function browserAnalyticsServices(logger: Logger, config: AnalyticsConfig = readAnalyticsConfig(buildEnv())): AnalyticsServices {
  return {
    environment: browserEnvironment(),
    probe: fetchNetworkProbe(),
    probeUrl: config.chinaProbeUrl,
    providers: analyticsProvidersFor(config, logger),
    logger,
  };
}
