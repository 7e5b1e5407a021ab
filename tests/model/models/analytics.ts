/** The test model of the analytics machine (src/machines/analytics-machine.ts), with its region signals. */
import type { RegionSignals } from '../../../src/domain/china-detection';
import { analyticsMachine, type AnalyticsContext } from '../../../src/machines/analytics-machine';
import { eventsFromTable, never, type MachineModel, type ModelEvent, type PayloadTable } from './model';

type EventObject = ModelEvent;

export const CHINA_SIGNALS: RegionSignals = { timeZone: 'Asia/Shanghai', languages: ['zh-CN'], referrer: '' };
export const PROBE_SIGNALS: RegionSignals = { timeZone: 'America/Vancouver', languages: ['zh-CN', 'en'], referrer: '' };
export const GLOBAL_SIGNALS: RegionSignals = { timeZone: 'Europe/Madrid', languages: ['es-ES'], referrer: '' };

const analyticsPayloads: PayloadTable = {
  'xstate.done.actor.regionSignals': [
    { type: 'xstate.done.actor.regionSignals', output: CHINA_SIGNALS },
    { type: 'xstate.done.actor.regionSignals', output: PROBE_SIGNALS },
    { type: 'xstate.done.actor.regionSignals', output: GLOBAL_SIGNALS },
  ],
  'xstate.error.actor.regionSignals': [{ type: 'xstate.error.actor.regionSignals', error: new Error('Intl is not available') }],
  'xstate.done.actor.chinaProbe': [{ type: 'xstate.done.actor.chinaProbe' }],
  'xstate.error.actor.chinaProbe': [{ type: 'xstate.error.actor.chinaProbe', error: new Error('Network error') }],
  'xstate.after.probeTimeout.analytics.detecting.probing': [{ type: 'xstate.after.probeTimeout.analytics.detecting.probing' }],
  'xstate.done.actor.providerLoader': [{ type: 'xstate.done.actor.providerLoader' }],
  'xstate.error.actor.providerLoader': [{ type: 'xstate.error.actor.providerLoader', error: new Error('The script was blocked') }],
  // A route change is only a step where it is visible (a page view); elsewhere it is remembered silently.
  ROUTE_CHANGED: (snapshot) => (snapshot.matches('initialised') ? [{ type: 'ROUTE_CHANGED', path: '/zh/articles' }] : []),
  TRACK: (snapshot) =>
    snapshot.matches('initialised')
      ? [{ type: 'TRACK', event: { name: 'article_start', params: { event_category: 'engagement', value: 1, article_id: 'city-bikes' } } }]
      : [],
};

function regionOf(event: EventObject): string {
  const output = (event as { output?: RegionSignals }).output;
  if (output === CHINA_SIGNALS) return 'the timezone is Asia/Shanghai';
  if (output === PROBE_SIGNALS) return "the browser prefers Chinese outside China's timezones";
  return 'nothing points to China';
}

export const analyticsModel: MachineModel = {
  name: 'analytics',
  title: 'Analytics',
  summary:
    "Analytics has no screen of its own. Nothing runs before consent; on consent it detects whether the learner is in China (probing a Chinese site only when the browser language is Chinese), loads that region's provider, records a page view, and sends privacy_opt_out when consent is withdrawn.",
  machine: analyticsMachine,
  source: 'src/machines/analytics-machine.ts',
  scenarios: [
    {
      id: 'both-providers',
      title: 'Both providers configured (Baidu Tongji for China, Google Analytics elsewhere)',
      input: { providers: { china: true, global: true }, path: '/zh' },
    },
    {
      id: 'global-only',
      title: 'Only the global provider configured',
      input: { providers: { china: false, global: true }, path: '/zh' },
    },
    { id: 'no-providers', title: 'No provider configured', input: { providers: { china: false, global: false }, path: '/zh' } },
  ],
  events(snapshot) {
    return eventsFromTable('analytics', snapshot, analyticsPayloads, never);
  },
  simpleEvents(snapshot) {
    // Withdrawing consent is followed from the initialised state only (where it sends the
    // opt-out); from the other states it leads back to the start, which multiplies loops.
    return eventsFromTable('analytics', snapshot, analyticsPayloads, (s, type) => type === 'CONSENT_REVOKED' && !s.matches('initialised'));
  },
  serialize(snapshot, event) {
    const context = snapshot.context as AnalyticsContext;
    // Each way detection can end (signals, probe answer, probe failure, time-out, no signals)
    // gets its own path to the provider loading, or to "no provider for this region".
    const via = event !== undefined && (snapshot.matches('loading') || snapshot.matches('unavailable')) ? event.type : null;
    return JSON.stringify({ value: snapshot.value, region: context.region, via });
  },
  describeEvent(event) {
    switch (event.type) {
      case 'CONSENT_GRANTED':
        return 'The learner allows analytics';
      case 'CONSENT_REVOKED':
        return 'The learner withdraws analytics consent';
      case 'ROUTE_CHANGED':
        return `The learner goes to ${String(event.path)}`;
      case 'TRACK':
        return `The app tracks ${String((event.event as { name?: unknown } | undefined)?.name)}`;
      case 'xstate.done.actor.regionSignals':
        return `The browser signals are read: ${regionOf(event)}`;
      case 'xstate.error.actor.regionSignals':
        return 'Reading the browser signals fails';
      case 'xstate.done.actor.chinaProbe':
        return 'The probe of the Chinese site answers';
      case 'xstate.error.actor.chinaProbe':
        return 'The probe of the Chinese site fails';
      case 'xstate.after.probeTimeout.analytics.detecting.probing':
        return 'Two seconds pass without an answer from the probe';
      case 'xstate.done.actor.providerLoader':
        return 'The provider script loads';
      case 'xstate.error.actor.providerLoader':
        return 'The provider script is blocked';
      default:
        return event.type;
    }
  },
  describeContext(snapshot) {
    const context = snapshot.context as AnalyticsContext;
    return context.region === null ? 'region not known' : `region ${context.region}`;
  },
};
