/**
 * The analytics machine wired to platform services: what `createAnalyticsMachine(services)` provides
 * to the bare definition in analytics-machine.ts (which stays pure for the visualizer and the graph).
 */
import { fromPromise } from 'xstate';
import type { RegionSignals } from '../domain/china-detection';
import type { AnalyticsProvider } from '../platform/analytics-providers';
import type { BrowserEnvironment } from '../platform/environment';
import type { Logger } from '../platform/logger';
import type { NetworkProbe } from '../platform/network-probe';
import { analyticsMachine, type AnalyticsRegion, type ConfiguredProviders } from '../machines/analytics-machine';

export interface AnalyticsServices {
  readonly environment: BrowserEnvironment;
  readonly probe: NetworkProbe;
  readonly probeUrl: string;
  /** Only the enabled providers; a missing region means nothing is loaded there. */
  readonly providers: Partial<Record<AnalyticsRegion, AnalyticsProvider>>;
  readonly logger: Logger;
}

export function configuredProviders(services: Pick<AnalyticsServices, 'providers'>): ConfiguredProviders {
  return { china: services.providers.china !== undefined, global: services.providers.global !== undefined };
}

/** The machine wired to real (or fake) platform services. */
export function createAnalyticsMachine(services: AnalyticsServices) {
  const { logger } = services;

  function withProvider(region: AnalyticsRegion | null, what: string, apply: (provider: AnalyticsProvider) => void): void {
    const provider = region ? services.providers[region] : undefined;
    if (!provider) return;
    try {
      apply(provider);
    } catch (error) {
      logger.warn(`Analytics: ${what} failed`, error);
    }
  }

  return analyticsMachine.provide({
    actors: {
      readRegionSignals: fromPromise<RegionSignals>(async () => services.environment.regionSignals()),
      probeChinaSite: fromPromise<void>(({ signal }) => services.probe.probe(services.probeUrl, signal)),
      loadProvider: fromPromise<void, { readonly region: AnalyticsRegion | null }>(async ({ input }) => {
        const provider = input.region ? services.providers[input.region] : undefined;
        if (!provider) throw new Error(`No analytics provider configured for region ${String(input.region)}`);
        await provider.load();
      }),
    },
    actions: {
      sendPageView: (_, { region, path }) => {
        if (path !== null) withProvider(region, 'page view', (provider) => provider.pageView(path));
      },
      sendEvent: (_, { region, event }) => {
        withProvider(region, `event ${event.name}`, (provider) => provider.event(event.name, event.params));
      },
      disableProvider: (_, { region }) => {
        withProvider(region, 'opt-out', (provider) => provider.optOut());
      },
      logFailure: (_, { message, error }) => {
        logger.warn(message, error);
      },
    },
  });
}
