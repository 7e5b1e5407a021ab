/**
 * The analytics actor, in its own chunk: analytics-loader.tsx imports it only once consent allows
 * analytics, so a first visit, or a learner who rejects, never downloads the analytics machine,
 * region detection, the network probe or the provider code.
 *
 * It mounts the actor beside the page (not around it, so nothing re-mounts when it arrives) and
 * connects what the machine hears: the consent actor's choice, the page location, and the events
 * the app tracks.
 */
import { useActorRef } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromCallback, type ActorRefFrom } from 'xstate';
import type { AnalyticsEvent } from '../domain/analytics-events';
import { configuredProviders, createAnalyticsMachine, type AnalyticsServices } from './analytics-wiring';
import type { consentMachine } from '../machines/consent-machine';
import type { Logger } from '../platform/logger';
import { browserAnalyticsServices } from './analytics-services';
import { follow, type Channel } from './feeds';
import { useInspect } from './inspector';
import type { LocationFeed } from './location-provider';

type ConsentActorRef = ActorRefFrom<typeof consentMachine>;

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
function wiredAnalytics(services: AnalyticsServices, consent: ConsentActorRef, location: LocationFeed, tracked: Channel<AnalyticsEvent>) {
  return createAnalyticsMachine(services).provide({
    actors: {
      consentChanges: consentChanges(consent),
      locationChanges: follow(location, ({ path }) => [{ type: 'ROUTE_CHANGED', path }]),
      trackedEvents: follow(tracked, (event) => [{ type: 'TRACK', event }]),
    },
  });
}

export interface AnalyticsRuntimeProps {
  readonly consent: ConsentActorRef;
  readonly location: LocationFeed;
  /** The events views and machines track; the actor sends them once initialised. */
  readonly tracked: Channel<AnalyticsEvent>;
  /** Fakes in tests; the browser's real services when absent. */
  readonly services?: AnalyticsServices;
  readonly logger: Logger;
}

export function AnalyticsRuntime({ consent, location, tracked, services: given, logger }: AnalyticsRuntimeProps) {
  const [services] = useState(() => given ?? browserAnalyticsServices(logger));
  const inspect = useInspect();
  const logic = useMemo(() => wiredAnalytics(services, consent, location, tracked), [services, consent, location, tracked]);
  useActorRef(logic, { input: { providers: configuredProviders(services), path: location.current().path }, inspect });
  return null;
}
