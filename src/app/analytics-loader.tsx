/**
 * Fetches the analytics chunk (analytics-runtime.tsx) the first time consent allows analytics,
 * and keeps its actor mounted after that, so withdrawing consent still reaches it
 * (privacy_opt_out). A chunk that cannot be downloaded is logged; the site works the same.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { AnalyticsEvent } from '../domain/analytics-events';
import type { AnalyticsServices } from './analytics-wiring';
import type { Logger } from '../platform/logger';
import type { AnalyticsRuntimeProps } from './analytics-runtime';
import type { ConsentActorRef } from './analytics-wiring';
import type { Channel } from './feeds';
import { useLocationFeed } from './location-provider';

export interface AnalyticsRuntimeModule {
  readonly AnalyticsRuntime: (props: AnalyticsRuntimeProps) => ReactNode;
}

export interface AnalyticsLoading {
  /** Fakes in tests; when absent the analytics chunk builds the browser's real services. */
  readonly analytics?: AnalyticsServices;
  readonly logger: Logger;
  /** Fetches the analytics chunk; called once, the first time consent allows analytics. */
  readonly loadAnalyticsRuntime?: () => Promise<AnalyticsRuntimeModule>;
}

const loadAnalyticsChunk = (): Promise<AnalyticsRuntimeModule> => import('./analytics-runtime');

export interface AnalyticsWhenAllowedProps {
  readonly consent: ConsentActorRef;
  readonly setup: AnalyticsLoading;
  readonly tracked: Channel<AnalyticsEvent>;
}

export function AnalyticsWhenAllowed({ consent, setup, tracked }: AnalyticsWhenAllowedProps) {
  const allowed = useSelector(consent, (snapshot) => snapshot.context.choice?.analytics === true);
  const location = useLocationFeed();
  const [runtime, setRuntime] = useState<AnalyticsRuntimeModule | null>(null);
  // Once allowed, always wanted: the actor must hear a later withdrawal.
  const [wanted, setWanted] = useState(false);
  if (allowed && !wanted) setWanted(true);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    (setup.loadAnalyticsRuntime ?? loadAnalyticsChunk)().then(
      (module) => {
        if (live) setRuntime(module);
      },
      (error: unknown) => setup.logger.warn('Analytics could not be loaded; the site works the same', error),
    );
    return () => {
      live = false;
    };
  }, [wanted, setup]);

  if (runtime === null) return null;
  const { AnalyticsRuntime } = runtime;
  const services = setup.analytics === undefined ? {} : { services: setup.analytics };
  return <AnalyticsRuntime consent={consent} location={location} tracked={tracked} {...services} logger={setup.logger} />;
}
