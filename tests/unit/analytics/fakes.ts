import type { AnalyticsEventName, AnalyticsEventParams } from '../../../src/domain/analytics-events';
import type { RegionSignals } from '../../../src/domain/china-detection';
import type { AnalyticsServices } from '../../../src/app/analytics-wiring';
import type { AnalyticsProvider } from '../../../src/platform/analytics-providers';
import type { NetworkProbe } from '../../../src/platform/network-probe';

export type ProviderCall =
  | { call: 'load' }
  | { call: 'pageView'; path: string }
  | { call: 'event'; name: AnalyticsEventName; params: AnalyticsEventParams }
  | { call: 'optOut' };

export interface FakeProvider extends AnalyticsProvider {
  readonly calls: ProviderCall[];
  failLoad: boolean;
}

export function fakeProvider(name: AnalyticsProvider['name']): FakeProvider {
  const calls: ProviderCall[] = [];
  const provider: FakeProvider = {
    name,
    calls,
    failLoad: false,
    load: async () => {
      calls.push({ call: 'load' });
      if (provider.failLoad) throw new Error('blocked by client');
    },
    pageView: (path) => calls.push({ call: 'pageView', path }),
    event: (eventName, params) => calls.push({ call: 'event', name: eventName, params }),
    optOut: () => calls.push({ call: 'optOut' }),
  };
  return provider;
}

export type ProbeBehaviour = 'succeed' | 'fail' | 'hang';

export interface FakeProbe extends NetworkProbe {
  readonly urls: string[];
  readonly signals: (AbortSignal | undefined)[];
  behaviour: ProbeBehaviour;
}

export function fakeProbe(behaviour: ProbeBehaviour = 'succeed'): FakeProbe {
  const probe: FakeProbe = {
    urls: [],
    signals: [],
    behaviour,
    probe(url, signal) {
      probe.urls.push(url);
      probe.signals.push(signal);
      if (probe.behaviour === 'succeed') return Promise.resolve();
      if (probe.behaviour === 'fail') return Promise.reject(new TypeError('Failed to fetch'));
      return new Promise<void>(() => {});
    },
  };
  return probe;
}

export interface FakeServices extends AnalyticsServices {
  readonly warnings: { message: string; detail: unknown }[];
  readonly signalReads: { count: number };
  readonly probe: FakeProbe;
  readonly baidu: FakeProvider;
  readonly ga: FakeProvider;
}

export const NEUTRAL_SIGNALS: RegionSignals = { timeZone: 'America/New_York', languages: ['en-US'], referrer: '' };

export function fakeServices(
  options: { signals?: Partial<RegionSignals>; probe?: ProbeBehaviour; providers?: ('china' | 'global')[] } = {},
): FakeServices {
  const warnings: { message: string; detail: unknown }[] = [];
  const signalReads = { count: 0 };
  const signals = { ...NEUTRAL_SIGNALS, ...options.signals };
  const baidu = fakeProvider('baidu-tongji');
  const ga = fakeProvider('google-analytics-4');
  const enabled = options.providers ?? ['china', 'global'];
  return {
    warnings,
    signalReads,
    baidu,
    ga,
    environment: {
      regionSignals: () => {
        signalReads.count += 1;
        return signals;
      },
    },
    probe: fakeProbe(options.probe ?? 'succeed'),
    probeUrl: 'http://probe.test/favicon.ico',
    providers: {
      ...(enabled.includes('china') ? { china: baidu } : {}),
      ...(enabled.includes('global') ? { global: ga } : {}),
    },
    logger: { warn: (message, detail) => warnings.push({ message, detail }) },
  };
}
