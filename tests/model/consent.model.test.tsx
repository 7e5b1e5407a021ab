/**
 * Model-based UI test of cookie consent: every shortest path of the production consent
 * machine, in each starting situation (first visit, a saved acceptance, a saved rejection),
 * runs on the real app (its consent wiring, footer and banner) with fake timers for the
 * one-second delay, a real consent store over in-memory storage, and a fake API and analytics
 * services at the boundaries. At every state the banner (hidden, summary, details, reopened)
 * and the saved choice must be what the state says.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCookieBannerPanel } from '../support/cookie-banner-panel';
import type { AnyMachineSnapshot } from 'xstate';
import { CONSENT_STORAGE_KEY, serializeConsentRecord, type ConsentRecord } from '../../src/domain/consent-record';
import { textsIn } from '../support/texts';
import * as consentRuntime from '../../src/app/consent-runtime';
import { BANNER_DELAY_MS, type ConsentContext } from '../../src/machines/consent-machine';
import { createConsentStore } from '../../src/platform/consent-store';
import { memoryStorage } from '../../src/platform/storage';
import { GLOBAL_SIGNALS, modelNamed } from './models';
import { fakeApi } from '../support/fake-api';
import { pending, renderApp } from '../support/render-app';
import { pathName, runPath, shortestTestPaths, type Step } from './support/model-paths';

const model = modelNamed('consent');
const LANGUAGE = 'en';
const texts = textsIn(LANGUAGE).consent;
const footer = textsIn(LANGUAGE).footer;

function bannerRegion(): HTMLElement | null {
  return screen.queryByRole('region', { name: new RegExp(`${texts.title}|${texts.customizeTitle}`) });
}

// The banner's panel is a lazy chunk; loaded once here, it opens in the same render as its state.
beforeAll(loadCookieBannerPanel);

/** The consent chunk, given from memory here, arrives: a promise each for the page settling and the chunk, then React's render. */
async function consentChunkArrives() {
  for (let hop = 0; hop < 3; hop += 1) await act(() => Promise.resolve());
}

describe.each(model.scenarios.map((scenario) => [scenario.title, scenario] as const))(
  'cookie consent, %s: every shortest path on the real app',
  (_title, scenario) => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    const paths = shortestTestPaths(model, scenario);

    it('has paths to test', () => {
      expect(paths.length).toBeGreaterThan(1);
    });

    it.each(paths.map((path) => [pathName(model, path), path] as const))('%s', async (_name, path) => {
      const { savedChoice } = scenario.input as { savedChoice: ConsentRecord | null };
      const storage = memoryStorage(savedChoice === null ? {} : { [CONSENT_STORAGE_KEY]: serializeConsentRecord(savedChoice) });
      const store = createConsentStore(storage);
      const user = userEvent.setup({ delay: null });

      async function execute(step: Step) {
        // Fake timers only until the learner acts: the banner delay is scheduled at start.
        if (step.event.type !== 'xstate.init' && !step.event.type.startsWith('xstate.after.')) vi.useRealTimers();
        const region = bannerRegion();
        const inBanner = (name: string) => within(region!).getByRole('button', { name });
        switch (step.event.type) {
          case 'xstate.init': {
            renderApp(`/${LANGUAGE}`, {
              fake: fakeApi({ latestArticles: () => pending() }),
              consentAnalytics: {
                consentStore: store,
                // No provider configured: consent is what is under test here, not tracking.
                analytics: {
                  environment: { regionSignals: () => GLOBAL_SIGNALS },
                  probe: { probe: () => Promise.reject(new Error('no network in this test')) },
                  probeUrl: 'https://www.baidu.com/favicon.ico',
                  providers: {},
                  logger: { warn: vi.fn() },
                },
                logger: { warn: vi.fn() },
                siteOrigin: 'https://learn.example',
                whenPageSettles: () => Promise.resolve(),
                loadConsentRuntime: () => Promise.resolve(consentRuntime),
              },
            });
            await consentChunkArrives();
            return;
          }
          case 'xstate.after.bannerDelay.consent.undecided.waiting':
            act(() => vi.advanceTimersByTime(BANNER_DELAY_MS - 1));
            expect(bannerRegion(), 'the banner waits the full second').toBeNull();
            act(() => vi.advanceTimersByTime(1));
            return;
          case 'ACCEPT_ALL':
            await user.click(inBanner(texts.acceptAll));
            return;
          case 'REJECT_ALL':
            await user.click(inBanner(texts.rejectAll));
            return;
          case 'CUSTOMIZE':
            await user.click(inBanner(texts.customize));
            return;
          case 'SAVE_PREFERENCES':
            await user.click(inBanner(texts.savePreferences));
            return;
          case 'BACK':
            await user.click(inBanner(texts.back));
            return;
          case 'CLOSE':
            await user.click(inBanner(texts.close));
            return;
          case 'SET_ANALYTICS':
            await user.click(within(region!).getByRole('checkbox', { name: texts.analyticsLabel }));
            return;
          case 'OPEN_SETTINGS':
            await user.click(within(screen.getByRole('contentinfo')).getByRole('button', { name: footer.cookieSettings }));
            // After a saved rejection the consent chunk is fetched only now.
            await consentChunkArrives();
            return;
          default:
            throw new Error(`The consent test does not know how a learner causes ${step.event.type}`);
        }
      }

      function expectScreen(snapshot: AnyMachineSnapshot) {
        const context = snapshot.context as ConsentContext;
        const region = bannerRegion();
        if (!snapshot.hasTag('banner')) {
          expect(region).toBeNull();
        } else if (snapshot.hasTag('customizing')) {
          expect(region).toHaveAccessibleName(texts.customizeTitle);
          const essential = within(region!).getByRole('checkbox', { name: texts.essentialLabel });
          expect(essential).toBeChecked();
          expect(essential).toBeDisabled();
          const analytics = within(region!).getByRole('checkbox', { name: texts.analyticsLabel });
          if (context.analyticsDraft) expect(analytics).toBeChecked();
          else expect(analytics).not.toBeChecked();
          expect(within(region!).getByRole('button', { name: texts.savePreferences })).toBeInTheDocument();
        } else {
          expect(region).toHaveAccessibleName(texts.title);
          for (const name of [texts.acceptAll, texts.rejectAll, texts.customize]) {
            expect(within(region!).getByRole('button', { name })).toBeInTheDocument();
          }
        }
        if (region !== null) {
          const close = within(region).queryByRole('button', { name: texts.close });
          if (snapshot.hasTag('reviewing')) expect(close).toBeInTheDocument();
          else expect(close).toBeNull();
        }
        // The choice in force is the one saved for the next visit (none while undecided).
        expect(store.load()).toEqual(context.choice);
      }

      await runPath(path, execute, expectScreen);
    });
  },
);
