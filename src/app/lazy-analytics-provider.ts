/**
 * An analytics provider whose code (the provider and the script loader) is fetched the first
 * time consent asks it to load, so a visit without analytics consent never downloads it.
 * The analytics machine sends page views and events only after load() has resolved.
 */
import type { AnalyticsProvider } from '../platform/analytics-providers';
import type { Logger } from '../platform/logger';

export function lazyAnalyticsProvider(
  name: AnalyticsProvider['name'],
  create: () => Promise<AnalyticsProvider>,
  logger: Logger,
): AnalyticsProvider {
  let real: AnalyticsProvider | null = null;
  let creating: Promise<AnalyticsProvider> | null = null;

  function provider(): Promise<AnalyticsProvider> {
    creating ??= create().then(
      (created) => (real = created),
      (error: unknown) => {
        // A failed download may be retried by the next consent.
        creating = null;
        throw error;
      },
    );
    return creating;
  }

  return {
    name,
    load: async () => (await provider()).load(),
    pageView: (path) => real?.pageView(path),
    event: (eventName, params) => real?.event(eventName, params),
    optOut: () => {
      if (real !== null) return real.optOut();
      // Consent withdrawn while the code was still downloading: opt out as soon as it is there.
      creating
        ?.then(
          (created) => created.optOut(),
          () => undefined,
        )
        .catch((error: unknown) => logger.warn('Analytics: opt-out failed', error));
    },
  };
}
