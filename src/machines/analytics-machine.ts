/**
 * Analytics. Nothing happens until consent allows analytics: no environment read, no
 * probe, no script, no event. On consent it decides whether the learner is in China
 * (free signals first; a probe of a Chinese site only when the browser language is
 * Chinese), loads that region's provider when one is configured, marks itself
 * initialised and records a page view of the current path; then a page view on every
 * route change. Withdrawing consent after that sends privacy_opt_out and stops tracking.
 * Every failure (probe time-out, blocked script, a provider throwing) is only logged.
 *
 * A route change to another page language also records language_change.
 *
 * What it hears comes from three invoked actors the app provides: `consentChanges`
 * (CONSENT_GRANTED, CONSENT_REVOKED from the consent actor), `locationChanges` (ROUTE_CHANGED)
 * and `trackedEvents` (TRACK: the events views and other machines record).
 *
 * The definition is pure: `createAnalyticsMachine(services)` provides the platform
 * implementations; the bare `analyticsMachine` does nothing and suits the visualizer
 * and graph traversal.
 */
import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { languageChange, privacyOptOut, type AnalyticsEvent } from '../domain/analytics-events';
import { detectionStep, type RegionSignals } from '../domain/china-detection';
import { languageFromPath } from '../domain/routing';

/** "china" uses Baidu Tongji, "global" Google Analytics 4. */
export type AnalyticsRegion = 'china' | 'global';

export interface ConfiguredProviders {
  readonly china: boolean;
  readonly global: boolean;
}

export interface AnalyticsContext {
  /** The latest route, kept even before consent so the first page view is the page the learner is on. */
  readonly path: string | null;
  readonly region: AnalyticsRegion | null;
  readonly providers: ConfiguredProviders;
}

export interface AnalyticsInput {
  readonly providers: ConfiguredProviders;
  readonly path?: string | null;
}

export type AnalyticsMachineEvent =
  | { type: 'CONSENT_GRANTED' }
  | { type: 'CONSENT_REVOKED' }
  | { type: 'ROUTE_CHANGED'; path: string }
  | { type: 'TRACK'; event: AnalyticsEvent };

export const CHINA_PROBE_TIMEOUT_MS = 2000;

interface RegionParams {
  readonly region: AnalyticsRegion | null;
}

export const analyticsMachine = setup({
  types: {
    context: {} as AnalyticsContext,
    events: {} as AnalyticsMachineEvent,
    input: {} as AnalyticsInput,
  },
  actors: {
    readRegionSignals: fromPromise<RegionSignals>(async () => ({ timeZone: '', languages: [], referrer: '' })),
    probeChinaSite: fromPromise<void>(async () => {
      throw new Error('No network probe provided');
    }),
    loadProvider: fromPromise<void, RegionParams>(async () => {
      throw new Error('No analytics provider provided');
    }),
    // Provided by the app: what the consent actor, the router and the app's trackers report.
    consentChanges: fromCallback<EventObject>(() => {}),
    locationChanges: fromCallback<EventObject>(() => {}),
    trackedEvents: fromCallback<EventObject>(() => {}),
  },
  actions: {
    rememberPath: assign({
      path: ({ context, event }) => (event.type === 'ROUTE_CHANGED' ? event.path : context.path),
    }),
    setRegion: assign((_, params: { region: AnalyticsRegion }) => ({ region: params.region })),
    sendPageView: (_, _params: RegionParams & { path: string | null }) => {},
    sendEvent: (_, _params: RegionParams & { event: AnalyticsEvent }) => {},
    disableProvider: (_, _params: RegionParams) => {},
    logFailure: (_, _params: { message: string; error?: unknown }) => {},
  },
  guards: {
    noProviderConfigured: ({ context }) => !context.providers.china && !context.providers.global,
    signalsSayChina: (_, params: { signals: RegionSignals }) => detectionStep(params.signals) === 'china',
    probeNeeded: (_, params: { signals: RegionSignals }) => detectionStep(params.signals) === 'probe-needed',
    isNewPath: ({ context, event }) => event.type === 'ROUTE_CHANGED' && event.path !== context.path,
    isNewLanguage: ({ context, event }) =>
      event.type === 'ROUTE_CHANGED' && context.path !== null && languageFromPath(event.path) !== languageFromPath(context.path),
    regionHasProvider: ({ context }) => context.region !== null && context.providers[context.region],
  },
  delays: {
    probeTimeout: CHINA_PROBE_TIMEOUT_MS,
  },
}).createMachine({
  id: 'analytics',
  context: ({ input }) => ({ path: input.path ?? null, region: null, providers: input.providers }),
  invoke: [
    { id: 'consent', src: 'consentChanges' },
    { id: 'location', src: 'locationChanges' },
    { id: 'trackers', src: 'trackedEvents' },
  ],
  initial: 'uninitialised',
  on: {
    ROUTE_CHANGED: { actions: 'rememberPath' },
  },
  states: {
    uninitialised: {
      description: 'Nothing is tracked: no environment read, no probe, no script, no event.',
      on: {
        CONSENT_GRANTED: [{ guard: 'noProviderConfigured', target: 'unavailable' }, { target: 'detecting' }],
      },
    },
    detecting: {
      description: 'Deciding whether the learner is in China; nothing is sent yet.',
      initial: 'readingSignals',
      on: { CONSENT_REVOKED: { target: 'uninitialised' } },
      states: {
        readingSignals: {
          description: 'Reading the timezone, browser languages and referrer.',
          invoke: {
            id: 'regionSignals',
            src: 'readRegionSignals',
            onDone: [
              {
                guard: { type: 'signalsSayChina', params: ({ event }) => ({ signals: event.output }) },
                target: '#analytics.selectingProvider',
                actions: { type: 'setRegion', params: { region: 'china' } },
              },
              {
                guard: { type: 'probeNeeded', params: ({ event }) => ({ signals: event.output }) },
                target: 'probing',
              },
              {
                target: '#analytics.selectingProvider',
                actions: { type: 'setRegion', params: { region: 'global' } },
              },
            ],
            onError: {
              target: '#analytics.selectingProvider',
              actions: [
                {
                  type: 'logFailure',
                  params: ({ event }) => ({ message: 'Analytics: reading region signals failed', error: event.error }),
                },
                { type: 'setRegion', params: { region: 'global' } },
              ],
            },
          },
        },
        probing: {
          description: "A HEAD request for a Chinese site's icon, given two seconds.",
          invoke: {
            id: 'chinaProbe',
            src: 'probeChinaSite',
            onDone: {
              target: '#analytics.selectingProvider',
              actions: { type: 'setRegion', params: { region: 'china' } },
            },
            onError: {
              target: '#analytics.selectingProvider',
              actions: [
                { type: 'logFailure', params: ({ event }) => ({ message: 'Analytics: China probe failed', error: event.error }) },
                { type: 'setRegion', params: { region: 'global' } },
              ],
            },
          },
          after: {
            // Leaving the state stops the probe actor, which aborts its request.
            probeTimeout: {
              target: '#analytics.selectingProvider',
              actions: [
                { type: 'logFailure', params: { message: `Analytics: China probe timed out after ${CHINA_PROBE_TIMEOUT_MS} ms` } },
                { type: 'setRegion', params: { region: 'global' } },
              ],
            },
          },
        },
      },
    },
    selectingProvider: {
      description: "Never seen: picks the region's provider, or none when it is not configured.",
      always: [{ guard: 'regionHasProvider', target: 'loading' }, { target: 'unavailable' }],
    },
    loading: {
      description: "The region's provider script is loading; nothing is sent yet.",
      invoke: {
        id: 'providerLoader',
        src: 'loadProvider',
        input: ({ context }) => ({ region: context.region }),
        onDone: { target: 'initialised' },
        onError: {
          target: 'failed',
          actions: {
            type: 'logFailure',
            params: ({ event }) => ({ message: 'Analytics: provider script could not be loaded', error: event.error }),
          },
        },
      },
      on: {
        // Nothing was sent yet, so there is nobody to tell; just make sure nothing will be.
        CONSENT_REVOKED: {
          target: 'uninitialised',
          actions: { type: 'disableProvider', params: ({ context }) => ({ region: context.region }) },
        },
      },
    },
    initialised: {
      description: 'Tracking: a page view of the current page was sent, and one follows every route change.',
      entry: { type: 'sendPageView', params: ({ context }) => ({ region: context.region, path: context.path }) },
      on: {
        ROUTE_CHANGED: [
          {
            guard: 'isNewLanguage',
            actions: [
              { type: 'sendPageView', params: ({ context, event }) => ({ region: context.region, path: event.path }) },
              {
                type: 'sendEvent',
                params: ({ context, event }) => ({
                  region: context.region,
                  event: languageChange({ fromLanguage: languageFromPath(context.path ?? ''), toLanguage: languageFromPath(event.path) }),
                }),
              },
              'rememberPath',
            ],
          },
          {
            // The same path reported again (a query change, a re-render) is not a new page.
            guard: 'isNewPath',
            actions: [
              'rememberPath',
              { type: 'sendPageView', params: ({ context, event }) => ({ region: context.region, path: event.path }) },
            ],
          },
        ],
        TRACK: {
          actions: { type: 'sendEvent', params: ({ context, event }) => ({ region: context.region, event: event.event }) },
        },
        CONSENT_REVOKED: {
          target: 'optedOut',
          actions: [
            { type: 'sendEvent', params: ({ context }) => ({ region: context.region, event: privacyOptOut() }) },
            { type: 'disableProvider', params: ({ context }) => ({ region: context.region }) },
          ],
        },
      },
    },
    optedOut: {
      description: 'privacy_opt_out was sent and the provider disabled; nothing more is tracked.',
      on: {
        // The region is known and the script already loaded; loading again re-enables tracking.
        CONSENT_GRANTED: { target: 'loading' },
      },
    },
    /** Consent allows analytics but no provider is configured for the learner's region. */
    unavailable: {
      description: 'Consent was given, but no provider is configured for the region; nothing is sent.',
      on: { CONSENT_REVOKED: { target: 'uninitialised' } },
    },
    /** The provider could not be loaded (blocked, offline); the site works the same. */
    failed: {
      description: 'The provider script could not be loaded (blocked, offline); nothing is sent and the site works the same.',
      on: { CONSENT_REVOKED: { target: 'uninitialised' } },
    },
  },
});

export type AnalyticsMachine = typeof analyticsMachine;
