/**
 * The analytics settings, one reader for both sides: the web app reads them at build time
 * (src/app/build-env.ts), in its analytics chunk only, to load the providers; the server reads the
 * same variables at start to allow those providers in its Content-Security-Policy (server/config.ts).
 * Variables (all optional):
 *
 *   VITE_GA_MEASUREMENT_ID   Google Analytics 4 measurement id (G-...). Unset: Google is off.
 *   VITE_GA_ENABLED          "false" turns Google off even with an id. Default "true".
 *   VITE_GA_SCRIPT_URL       gtag.js address. Default https://www.googletagmanager.com/gtag/js
 *   VITE_BAIDU_SITE_ID       Baidu Tongji site id. Unset: Baidu is off.
 *   VITE_BAIDU_ENABLED       "false" turns Baidu off even with an id. Default "true".
 *   VITE_BAIDU_SCRIPT_URL    hm.js address. Default https://hm.baidu.com/hm.js
 *   VITE_CHINA_PROBE_URL     Probed (HEAD, 2 s) for learners whose browser prefers Chinese.
 *                            Default https://www.baidu.com/favicon.ico
 */
import { configText, type ConfigEnv } from './config-env';

export const DEFAULT_GA_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';
export const DEFAULT_BAIDU_SCRIPT_URL = 'https://hm.baidu.com/hm.js';
export const DEFAULT_CHINA_PROBE_URL = 'https://www.baidu.com/favicon.ico';

export interface ProviderConfig {
  /** True when an id is set and the flag is not "false". */
  readonly enabled: boolean;
  readonly id: string;
  readonly scriptUrl: string;
}

export interface AnalyticsConfig {
  readonly googleAnalytics: ProviderConfig;
  readonly baiduTongji: ProviderConfig;
  readonly chinaProbeUrl: string;
}

function provider(env: ConfigEnv, idName: string, flagName: string, urlName: string, defaultUrl: string): ProviderConfig {
  const id = configText(env, idName);
  const flag = configText(env, flagName).toLowerCase();
  return { id, enabled: id !== '' && flag !== 'false', scriptUrl: configText(env, urlName) || defaultUrl };
}

export function readAnalyticsConfig(env: ConfigEnv): AnalyticsConfig {
  return {
    googleAnalytics: provider(env, 'VITE_GA_MEASUREMENT_ID', 'VITE_GA_ENABLED', 'VITE_GA_SCRIPT_URL', DEFAULT_GA_SCRIPT_URL),
    baiduTongji: provider(env, 'VITE_BAIDU_SITE_ID', 'VITE_BAIDU_ENABLED', 'VITE_BAIDU_SCRIPT_URL', DEFAULT_BAIDU_SCRIPT_URL),
    chinaProbeUrl: configText(env, 'VITE_CHINA_PROBE_URL') || DEFAULT_CHINA_PROBE_URL,
  };
}
