// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { articleComplete } from '../../../src/domain/analytics-events';
import { createAnalyticsMachine } from '../../../src/app/analytics-wiring';
import { createBaiduProvider, createGa4Provider, type AnalyticsGlobals } from '../../../src/platform/analytics-providers';
import type { ScriptLoader } from '../../../src/platform/script-loader';
import { fakeProbe } from './fakes';

function recordingLoader(fail = false): ScriptLoader & { urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    load: async (src) => {
      urls.push(src);
      if (fail) throw new Error(`blocked: ${src}`);
    },
  };
}

/** gtag pushes Arguments objects; turn them into arrays to compare. */
function gtagCalls(globals: AnalyticsGlobals): unknown[][] {
  return (globals.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
}

describe('Google Analytics 4 provider', () => {
  it('sets Consent Mode v2 defaults to denied before config, grants analytics only, then loads gtag.js with the id', async () => {
    const globals: AnalyticsGlobals = { location: { origin: 'https://learn.example' } };
    const loader = recordingLoader();
    const ga = createGa4Provider({ measurementId: 'G-TEST123', scriptUrl: 'http://local.test/gtag/js', scriptLoader: loader, globals });
    await ga.load();
    const calls = gtagCalls(globals);
    expect(calls[0]).toEqual([
      'consent',
      'default',
      { ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
    ]);
    expect(calls[1]).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
    expect(calls[2]?.[0]).toBe('js');
    expect(calls[3]).toEqual(['config', 'G-TEST123', { send_page_view: false }]);
    expect(loader.urls).toEqual(['http://local.test/gtag/js?id=G-TEST123']);
    expect(globals['ga-disable-G-TEST123']).toBe(false);
  });

  it('sends page views with path and location, events with their fields, and stops after opt-out', async () => {
    const globals: AnalyticsGlobals = { location: { origin: 'https://learn.example' } };
    const ga = createGa4Provider({
      measurementId: 'G-1',
      scriptUrl: 'http://local.test/gtag/js',
      scriptLoader: recordingLoader(),
      globals,
    });
    await ga.load();
    ga.pageView('/es/articles');
    const complete = articleComplete({ articleId: 'a1', readingTimeSeconds: 93.6 });
    ga.event(complete.name, complete.params);
    ga.optOut();
    ga.pageView('/es');
    const calls = gtagCalls(globals).slice(4);
    expect(calls).toEqual([
      ['event', 'page_view', { page_path: '/es/articles', page_location: 'https://learn.example/es/articles' }],
      ['event', 'article_complete', { event_category: 'engagement', article_id: 'a1', reading_time: 94, value: 1 }],
      ['consent', 'update', { analytics_storage: 'denied' }],
    ]);
    expect(globals['ga-disable-G-1']).toBe(true);
  });

  it('rejects when gtag.js is blocked', async () => {
    const ga = createGa4Provider({
      measurementId: 'G-1',
      scriptUrl: 'http://x.test/gtag/js',
      scriptLoader: recordingLoader(true),
      globals: {},
    });
    await expect(ga.load()).rejects.toThrow('blocked');
  });
});

describe('Baidu Tongji provider', () => {
  it('turns off automatic page views before loading hm.js with the site id', async () => {
    const globals: AnalyticsGlobals = {};
    const loader = recordingLoader();
    const baidu = createBaiduProvider({ siteId: 'abc123', scriptUrl: 'http://local.test/hm.js', scriptLoader: loader, globals });
    await baidu.load();
    expect(globals._hmt).toEqual([['_setAutoPageview', false]]);
    expect(loader.urls).toEqual(['http://local.test/hm.js?abc123']);
  });

  it('tracks page views and events, and nothing after opt-out', async () => {
    const globals: AnalyticsGlobals = {};
    const baidu = createBaiduProvider({ siteId: 's', scriptUrl: 'http://local.test/hm.js', scriptLoader: recordingLoader(), globals });
    baidu.pageView('/zh/too-early');
    await baidu.load();
    baidu.pageView('/zh/articles');
    baidu.event('article_click_from_homepage', { category: 'engagement', value: 1, article_id: 'a9', source: 'npr' });
    baidu.optOut();
    baidu.pageView('/zh');
    expect(globals._hmt).toEqual([
      ['_setAutoPageview', false],
      ['_trackPageview', '/zh/articles'],
      ['_trackEvent', 'engagement', 'article_click_from_homepage', 'article_id=a9;source=npr', 1],
    ]);
  });
});

describe('analytics machine with the real Google provider', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('accept → consent defaults, config, page view; withdraw → privacy_opt_out then denied', async () => {
    const globals: AnalyticsGlobals = { location: { origin: 'https://learn.example' } };
    const warnings: string[] = [];
    const loader = recordingLoader();
    const ga = createGa4Provider({ measurementId: 'G-E2E', scriptUrl: 'http://local.test/gtag/js', scriptLoader: loader, globals });
    const services = {
      environment: { regionSignals: () => ({ timeZone: 'Europe/Madrid', languages: ['es-ES'], referrer: '' }) },
      probe: fakeProbe(),
      probeUrl: 'http://local.test/favicon.ico',
      providers: { global: ga },
      logger: { warn: (message: string) => warnings.push(message) },
    };
    const actor = createActor(createAnalyticsMachine(services), {
      input: { providers: { china: false, global: true }, path: '/es' },
    }).start();
    expect(globals.dataLayer).toBeUndefined();
    expect(loader.urls).toEqual([]);

    actor.send({ type: 'CONSENT_GRANTED' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'CONSENT_REVOKED' });

    const calls = gtagCalls(globals).map((call) => call.slice(0, 2));
    expect(calls).toEqual([
      ['consent', 'default'],
      ['consent', 'update'],
      ['js', expect.any(Date)],
      ['config', 'G-E2E'],
      ['event', 'page_view'],
      ['event', 'privacy_opt_out'],
      ['consent', 'update'],
    ]);
    expect(globals['ga-disable-G-E2E']).toBe(true);
    expect(warnings).toEqual([]);
  });
});
