/**
 * The analytics half of the consent wiring, in its own chunk: analytics-wiring.tsx imports it
 * only once consent allows analytics, so a first visit, or a learner who rejects, never
 * downloads the analytics machine, region detection, the network probe or the provider code.
 *
 * It mounts the analytics actor beside the page (not around it, so nothing re-mounts when it
 * arrives), passes consent changes on, reports route changes, and hands the actor's TRACK to
 * the tracking function views already hold.
 */
import { createActorContext } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { AnalyticsEvent } from '../domain/analytics-events';
import {
  analyticsMachine,
  configuredProviders,
  createAnalyticsMachine,
  type AnalyticsServices,
} from '../machines/analytics-machine';
import type { consentMachine } from '../machines/consent-machine';
import type { AnalyticsProvider } from '../platform/analytics-providers';
import { browserEnvironment } from '../platform/environment';
import type { Logger } from '../platform/logger';
import { fetchNetworkProbe } from '../platform/network-probe';
import { browserAppConfig, type AppConfig } from './config';
import { useInspect } from './inspector';
import { lazyAnalyticsProvider } from './lazy-analytics-provider';

type ConsentActorRef = ActorRefFrom<typeof consentMachine>;

export const AnalyticsActorContext = createActorContext(analyticsMachine);

/** The enabled providers; each downloads its code only when consent first loads it. */
export function analyticsProvidersFor(
  config: AppConfig['analytics'],
  logger: Logger,
): Partial<Record<'china' | 'global', AnalyticsProvider>> {
  const providers: Partial<Record<'china' | 'global', AnalyticsProvider>> = {};
  const { googleAnalytics, baiduTongji } = config;
  const platform = () => Promise.all([import('../platform/analytics-providers'), import('../platform/script-loader')]);
  if (googleAnalytics.enabled) {
    providers.global = lazyAnalyticsProvider(
      'google-analytics-4',
      async () => {
        const [{ createGa4Provider }, { browserScriptLoader }] = await platform();
        return createGa4Provider({ measurementId: googleAnalytics.id, scriptUrl: googleAnalytics.scriptUrl, scriptLoader: browserScriptLoader() });
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

/** The real thing: time zone and languages from the browser, fetch for the probe, script elements. */
export function browserAnalyticsServices(logger: Logger, config: AppConfig = browserAppConfig()): AnalyticsServices {
  return {
    environment: browserEnvironment(),
    probe: fetchNetworkProbe(),
    probeUrl: config.analytics.chinaProbeUrl,
    providers: analyticsProvidersFor(config.analytics, logger),
    logger,
  };
}

/** Consent decides; analytics follows. Only changes are passed on. */
function ConsentAnalyticsBridge({ consent }: { consent: ConsentActorRef }) {
  const analytics = AnalyticsActorContext.useActorRef();
  useEffect(() => {
    let last: boolean | null = null;
    const apply = () => {
      const allowed = consent.getSnapshot().context.choice?.analytics ?? null;
      if (allowed === last) return;
      last = allowed;
      if (allowed === true) analytics.send({ type: 'CONSENT_GRANTED' });
      else if (allowed === false) analytics.send({ type: 'CONSENT_REVOKED' });
    };
    apply();
    const subscription = consent.subscribe(apply);
    return () => subscription.unsubscribe();
  }, [consent, analytics]);
  return null;
}

function RouteChangeReporter() {
  const analytics = AnalyticsActorContext.useActorRef();
  const [path] = useLocation();
  useEffect(() => {
    analytics.send({ type: 'ROUTE_CHANGED', path });
  }, [analytics, path]);
  return null;
}

function TrackerRegistration({ onTracker }: { onTracker: (track: ((event: AnalyticsEvent) => void) | null) => void }) {
  const analytics = AnalyticsActorContext.useActorRef();
  useEffect(() => {
    onTracker((event) => analytics.send({ type: 'TRACK', event }));
    return () => onTracker(null);
  }, [analytics, onTracker]);
  return null;
}

export interface AnalyticsRuntimeProps {
  readonly consent: ConsentActorRef;
  /** Fakes in tests; the browser's real services when absent. */
  readonly services?: AnalyticsServices;
  readonly logger: Logger;
  /** Receives the function that hands events to the actor, and null when it goes away. */
  readonly onTracker: (track: ((event: AnalyticsEvent) => void) | null) => void;
}

export function AnalyticsRuntime({ consent, services: given, logger, onTracker }: AnalyticsRuntimeProps) {
  const [services] = useState(() => given ?? browserAnalyticsServices(logger));
  const [path] = useLocation();
  const [startPath] = useState(path);
  const inspect = useInspect();
  const logic = useMemo(() => createAnalyticsMachine(services), [services]);
  return (
    <AnalyticsActorContext.Provider
      logic={logic}
      options={{ input: { providers: configuredProviders(services), path: startPath }, inspect }}
    >
      <ConsentAnalyticsBridge consent={consent} />
      <RouteChangeReporter />
      <TrackerRegistration onTracker={onTracker} />
    </AnalyticsActorContext.Provider>
  );
}
