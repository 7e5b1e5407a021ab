/**
 * The analytics machine wired to platform services: what `createAnalyticsMachine(services)` provides
 * to the bare definition in analytics-machine.ts (which stays pure for the visualizer and the graph),
 * and what `wiredAnalytics` adds for the runtime: the consent actor's choice, the page location and
 * the tracked events. Only analytics-runtime.tsx imports it as a value, so it loads with that chunk.
 */
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import type { AnalyticsEvent } from '../domain/analytics-events';
import type { RegionSignals } from '../domain/china-detection';
import type { AnalyticsProvider } from '../platform/analytics-providers';
import type { BrowserEnvironment } from '../platform/environment';
import type { Logger } from '../platform/logger';
import type { NetworkProbe } from '../platform/network-probe';
import { analyticsMachine, type AnalyticsRegion, type ConfiguredProviders } from '../machines/analytics-machine';
import type { consentMachine } from '../machines/consent-machine';
import { follow, type Channel } from './feeds';
import type { LocationFeed } from './location-provider';

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

export type ConsentActorRef = ActorRefFrom<typeof consentMachine>;

/** Consent decides; analytics follows. Only changes of the analytics choice are passed on. */
function consentChanges(consent: ConsentActorRef) {
  return fromCallback(({ sendBack }) => {
    let last: boolean | null = null;
    const apply = () => {
      const allowed = consent.getSnapshot().context.choice?.analytics ?? null;
      if (allowed === last) return;
      last = allowed;
      if (allowed !== null) sendBack({ type: allowed ? 'CONSENT_GRANTED' : 'CONSENT_REVOKED' });
    };
    apply();
    const subscription = consent.subscribe(apply);
    return () => subscription.unsubscribe();
  });
}

/** The analytics machine wired to its services and to what it follows. */
export function wiredAnalytics(
  services: AnalyticsServices,
  consent: ConsentActorRef,
  location: LocationFeed,
  tracked: Channel<AnalyticsEvent>,
) {
  return createAnalyticsMachine(services).provide({
    actors: {
      consentChanges: consentChanges(consent),
      locationChanges: follow(location, ({ path }) => [{ type: 'ROUTE_CHANGED', path }]),
      trackedEvents: follow(tracked, (event) => [{ type: 'TRACK', event }]),
    },
  });
}
