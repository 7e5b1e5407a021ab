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
import type { AnalyticsEvent } from '../domain/analytics-events';
import { configuredProviders, wiredAnalytics, type AnalyticsServices, type ConsentActorRef } from './analytics-wiring';
import type { Logger } from '../platform/logger';
import { browserAnalyticsServices } from './analytics-services';
import type { Channel } from './feeds';
import { useInspect } from './inspector';
import type { LocationFeed } from './location-provider';

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
