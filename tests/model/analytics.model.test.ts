// @vitest-environment node
/**
 * Model-based test of analytics, which has no screen: every shortest path of the production
 * analytics machine, in each provider configuration, runs on the machine as the app wires it
 * (createAnalyticsMachine) with fake browser signals, probe, providers and logger. The fakes
 * answer as each step says, and at every state the provider calls so far must be what the
 * state promises: nothing before consent, the probe only for Chinese browsers, a page view
 * after initialisation, privacy_opt_out when consent is withdrawn.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import type { RegionSignals } from '../../src/domain/china-detection';
import {
  CHINA_PROBE_TIMEOUT_MS,
  type AnalyticsContext,
  type AnalyticsRegion,
  type ConfiguredProviders,
} from '../../src/machines/analytics-machine';
import { createAnalyticsMachine, type AnalyticsServices } from '../../src/app/analytics-wiring';
import type { AnalyticsProvider } from '../../src/platform/analytics-providers';
import { GLOBAL_SIGNALS, modelNamed } from './models';
import { deferred } from '../support/fake-api';
import { field, nextStep, pathName, runPath, shortestTestPaths, type Step } from './support/model-paths';

const model = modelNamed('analytics');
const PROBE_URL = 'https://www.baidu.com/favicon.ico';

type Call = { region: AnalyticsRegion; call: 'load' | 'pageView' | 'event' | 'optOut'; detail?: string };

/** Lets promise callbacks (invoked actors settling) run. */
async function settle() {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

function harness(configured: ConfiguredProviders) {
  const calls: Call[] = [];
  const warnings: string[] = [];
  const signalReads: number[] = [];
  const probes: Array<{ url: string; signal: AbortSignal | undefined; answer: ReturnType<typeof deferred<void>> }> = [];
  const loads: Array<ReturnType<typeof deferred<void>>> = [];
  let signalsPlan: RegionSignals | Error = GLOBAL_SIGNALS;

  function provider(region: AnalyticsRegion, name: AnalyticsProvider['name']): AnalyticsProvider {
    return {
      name,
      load: () => {
        calls.push({ region, call: 'load' });
        const answer = deferred<void>();
        loads.push(answer);
        return answer.promise;
      },
      pageView: (path) => void calls.push({ region, call: 'pageView', detail: path }),
      event: (eventName) => void calls.push({ region, call: 'event', detail: eventName }),
      optOut: () => void calls.push({ region, call: 'optOut' }),
    };
  }

  const providers: AnalyticsServices['providers'] = {
    ...(configured.china ? { china: provider('china', 'baidu-tongji') } : {}),
    ...(configured.global ? { global: provider('global', 'google-analytics-4') } : {}),
  };
  const services: AnalyticsServices = {
    environment: {
      regionSignals: () => {
        signalReads.push(1);
        if (signalsPlan instanceof Error) throw signalsPlan;
        return signalsPlan;
      },
    },
    probe: {
      probe: (url, signal) => {
        const answer = deferred<void>();
        probes.push({ url, signal, answer });
        return answer.promise;
      },
    },
    probeUrl: PROBE_URL,
    providers,
    logger: { warn: (message) => void warnings.push(message) },
  };
  return {
    calls,
    warnings,
    signalReads,
    probes,
    loads,
    services,
    planSignals(plan: RegionSignals | Error) {
      signalsPlan = plan;
    },
  };
}

describe.each(model.scenarios.map((scenario) => [scenario.title, scenario] as const))(
  'analytics, %s: every shortest path on the wired machine',
  (_title, scenario) => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    const paths = shortestTestPaths(model, scenario);

    it('has paths to test', () => {
      expect(paths.length).toBeGreaterThan(0);
    });

    it.each(paths.map((path) => [pathName(model, path), path] as const))('%s', async (_name, path) => {
      const input = scenario.input as { providers: ConfiguredProviders; path: string };
      const fakes = harness(input.providers);
      const actor = createActor(createAnalyticsMachine(fakes.services), { input });
      /** What the actor showed right after the step, before anything else could happen. */
      let observed: AnyMachineSnapshot | undefined;
      let callsBefore = 0;
      let warningsBefore = 0;
      let callsObserved = 0;
      let warningsObserved = 0;
      let signalReadsObserved = 0;

      function observe() {
        observed = actor.getSnapshot();
        callsObserved = fakes.calls.length;
        warningsObserved = fakes.warnings.length;
        signalReadsObserved = fakes.signalReads.length;
      }

      async function execute(step: Step) {
        // A step's effects are what happened since the last step was observed.
        callsBefore = callsObserved;
        warningsBefore = warningsObserved;
        const { event } = step;
        switch (event.type) {
          case 'xstate.init':
            actor.start();
            observe();
            return;
          case 'CONSENT_GRANTED': {
            const next = nextStep(path, step)?.event;
            if (next?.type === 'xstate.done.actor.regionSignals') fakes.planSignals(field<RegionSignals>(next, 'output'));
            if (next?.type === 'xstate.error.actor.regionSignals') fakes.planSignals(field<Error>(next, 'error'));
            actor.send({ type: 'CONSENT_GRANTED' });
            observe();
            return;
          }
          case 'CONSENT_REVOKED':
            actor.send({ type: 'CONSENT_REVOKED' });
            observe();
            return;
          case 'xstate.done.actor.regionSignals':
          case 'xstate.error.actor.regionSignals':
            // Already answered as planned when consent was given; let the answer arrive.
            await settle();
            observe();
            return;
          case 'xstate.done.actor.chinaProbe':
            fakes.probes.at(-1)!.answer.resolve();
            await settle();
            observe();
            return;
          case 'xstate.error.actor.chinaProbe':
            fakes.probes.at(-1)!.answer.reject(field<Error>(event, 'error'));
            await settle();
            observe();
            return;
          case 'xstate.after.probeTimeout.analytics.detecting.probing': {
            const probe = fakes.probes.at(-1)!;
            await vi.advanceTimersByTimeAsync(CHINA_PROBE_TIMEOUT_MS - 1);
            expect(actor.getSnapshot().matches({ detecting: 'probing' }), 'the probe gets the full two seconds').toBe(true);
            await vi.advanceTimersByTimeAsync(1);
            expect(probe.signal?.aborted, 'the timed-out probe request is aborted').toBe(true);
            observe();
            return;
          }
          case 'xstate.done.actor.providerLoader':
            fakes.loads.at(-1)!.resolve();
            await settle();
            observe();
            return;
          case 'xstate.error.actor.providerLoader':
            fakes.loads.at(-1)!.reject(field<Error>(event, 'error'));
            await settle();
            observe();
            return;
          default:
            throw new Error(`The analytics test does not know how ${event.type} happens`);
        }
      }

      function expectState(snapshot: AnyMachineSnapshot) {
        const context = snapshot.context as AnalyticsContext;
        expect(observed!.value).toEqual(snapshot.value);
        expect((observed!.context as AnalyticsContext).region).toBe(context.region);
        const newCalls = fakes.calls.slice(callsBefore, callsObserved);
        const sent = newCalls.filter((call) => call.call === 'pageView' || call.call === 'event');

        if (snapshot.matches('uninitialised')) {
          expect(sent, 'nothing is sent without consent').toEqual([]);
          if (signalReadsObserved === 0) expect(fakes.calls.slice(0, callsObserved), 'no script before consent').toEqual([]);
        } else if (snapshot.matches({ detecting: 'readingSignals' })) {
          expect(signalReadsObserved).toBeGreaterThan(0);
          expect(newCalls).toEqual([]);
        } else if (snapshot.matches({ detecting: 'probing' })) {
          expect(fakes.probes.at(-1)?.url).toBe(PROBE_URL);
          expect(newCalls).toEqual([]);
        } else if (snapshot.matches('loading')) {
          expect(newCalls).toEqual([{ region: context.region, call: 'load' }]);
        } else if (snapshot.matches('initialised')) {
          expect(newCalls).toEqual([{ region: context.region, call: 'pageView', detail: context.path }]);
        } else if (snapshot.matches('optedOut')) {
          expect(newCalls).toEqual([
            { region: context.region, call: 'event', detail: 'privacy_opt_out' },
            { region: context.region, call: 'optOut' },
          ]);
        } else if (snapshot.matches('unavailable')) {
          expect(newCalls).toEqual([]);
          // Either no provider at all, or none for the detected region.
          expect(context.region === null || !input.providers[context.region]).toBe(true);
        } else {
          expect(snapshot.matches('failed')).toBe(true);
          expect(sent).toEqual([]);
          expect(fakes.warnings.slice(warningsBefore, warningsObserved)).toEqual(['Analytics: provider script could not be loaded']);
        }
        // No provider of another region is ever touched.
        for (const call of fakes.calls.slice(0, callsObserved)) expect(call.region).toBe(context.region ?? call.region);
      }

      await runPath(path, execute, expectState);
      actor.stop();
    });
  },
);
