// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { articleClickFromHomepage, articleStart } from '../../../src/domain/analytics-events';
import { configuredProviders, createAnalyticsMachine } from '../../../src/app/analytics-wiring';
import { fakeServices, type FakeServices } from './fakes';

function startAnalytics(services: FakeServices, path = '/zh') {
  return createActor(createAnalyticsMachine(services), {
    input: { providers: configuredProviders(services), path },
  }).start();
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('analytics machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('does nothing at all before consent: no detection, probe, script or event', async () => {
    const services = fakeServices({ signals: { languages: ['zh-CN'] } });
    const actor = startAnalytics(services);
    actor.send({ type: 'ROUTE_CHANGED', path: '/zh/articles' });
    actor.send({ type: 'TRACK', event: articleStart({ articleId: 'a1' }) });
    actor.send({ type: 'CONSENT_REVOKED' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(actor.getSnapshot().value).toBe('uninitialised');
    expect(services.signalReads.count).toBe(0);
    expect(services.probe.urls).toEqual([]);
    expect(services.ga.calls).toEqual([]);
    expect(services.baidu.calls).toEqual([]);
  });

  it('timezone Asia/Shanghai: Baidu without a probe, then a page view of the current path', async () => {
    const services = fakeServices({ signals: { timeZone: 'Asia/Shanghai' } });
    const actor = startAnalytics(services);
    actor.send({ type: 'ROUTE_CHANGED', path: '/zh/articles' });
    actor.send({ type: 'CONSENT_GRANTED' });
    await settle();
    expect(actor.getSnapshot().value).toBe('initialised');
    expect(actor.getSnapshot().context.region).toBe('china');
    expect(services.probe.urls).toEqual([]);
    expect(services.baidu.calls).toEqual([{ call: 'load' }, { call: 'pageView', path: '/zh/articles' }]);
    expect(services.ga.calls).toEqual([]);
  });

  it('timezone Asia/Beijing counts too', async () => {
    const services = fakeServices({ signals: { timeZone: 'Asia/Beijing' } });
    const actor = startAnalytics(services);
    actor.send({ type: 'CONSENT_GRANTED' });
    await settle();
    expect(actor.getSnapshot().context.region).toBe('china');
  });

  it('referrer containing .cn: Baidu without a probe', async () => {
    const services = fakeServices({ signals: { referrer: 'https://news.sina.com.cn/world/' } });
    const actor = startAnalytics(services);
    actor.send({ type: 'CONSENT_GRANTED' });
    await settle();
    expect(actor.getSnapshot().context.region).toBe('china');
    expect(services.probe.urls).toEqual([]);
    expect(services.baidu.calls[0]).toEqual({ call: 'load' });
  });

  it('browser language zh plus a successful probe: Baidu', async () => {
    const services = fakeServices({ signals: { languages: ['en-GB', 'zh-CN'] }, probe: 'succeed' });
    const actor = startAnalytics(services);
    actor.send({ type: 'CONSENT_GRANTED' });
    expect(actor.getSnapshot().matches({ detecting: 'readingSignals' })).toBe(true);
    await settle();
    expect(services.probe.urls).toEqual(['http://probe.test/favicon.ico']);
    expect(actor.getSnapshot().value).toBe('initialised');
    expect(actor.getSnapshot().context.region).toBe('china');
    expect(services.baidu.calls).toEqual([{ call: 'load' }, { call: 'pageView', path: '/zh' }]);
    expect(services.warnings).toEqual([]);
  });

  it('browser language zh but the probe times out after 2000 ms: Google, and the time-out is logged', async () => {
    const services = fakeServices({ signals: { languages: ['zh-TW'] }, probe: 'hang' });
    const actor = startAnalytics(services);
    actor.send({ type: 'CONSENT_GRANTED' });
    await settle();
    expect(actor.getSnapshot().matches({ detecting: 'probing' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1999);
    expect(actor.getSnapshot().matches({ detecting: 'probing' })).toBe(true);
    expect(services.ga.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('initialised');
    expect(actor.getSnapshot().context.region).toBe('global');
    expect(services.probe.signals[0]?.aborted).toBe(true);
    expect(services.ga.calls).toEqual([{ call: 'load' }, { call: 'pageView', path: '/zh' }]);
    expect(services.baidu.calls).toEqual([]);
    expect(services.warnings.map((w) => w.message)).toEqual(['Analytics: China probe timed out after 2000 ms']);
  });

  it('browser language zh but the probe fails: Google, failure logged', async () => {
    const services = fakeServices({ signals: { languages: ['zh'] }, probe: 'fail' });
    const actor = startAnalytics(services);
    actor.send({ type: 'CONSENT_GRANTED' });
    await settle();
    expect(actor.getSnapshot().context.region).toBe('global');
    expect(services.ga.calls[0]).toEqual({ call: 'load' });
    expect(services.warnings).toHaveLength(1);
    expect(services.warnings[0]?.message).toBe('Analytics: China probe failed');
    expect(services.warnings[0]?.detail).toBeInstanceOf(TypeError);
  });

  it('no China signal: Google without a probe', async () => {
    const services = fakeServices();
    const actor = startAnalytics(services, '/es');
    actor.send({ type: 'CONSENT_GRANTED' });
    await settle();
    expect(services.probe.urls).toEqual([]);
    expect(actor.getSnapshot().context.region).toBe('global');
    expect(services.ga.calls).toEqual([{ call: 'load' }, { call: 'pageView', path: '/es' }]);
    expect(services.baidu.calls).toEqual([]);
  });

  it('loads nothing when the learner’s region has no configured provider (no fallback to the other one)', async () => {
    const services = fakeServices({ signals: { timeZone: 'Asia/Shanghai' }, providers: ['global'] });
    const actor = startAnalytics(services);
    actor.send({ type: 'CONSENT_GRANTED' });
    await settle();
    expect(actor.getSnapshot().value).toBe('unavailable');
    expect(services.ga.calls).toEqual([]);
    expect(services.baidu.calls).toEqual([]);
  });

  it('with no provider configured it does not even detect', async () => {
    const services = fakeServices({ signals: { languages: ['zh-CN'] }, providers: [] });
    const actor = startAnalytics(services);
    actor.send({ type: 'CONSENT_GRANTED' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().value).toBe('unavailable');
    expect(services.signalReads.count).toBe(0);
    expect(services.probe.urls).toEqual([]);
  });

  it('records a page view on every route change and forwards events once initialised', async () => {
    const services = fakeServices();
    const actor = startAnalytics(services, '/zh');
    actor.send({ type: 'TRACK', event: articleStart({ articleId: 'early' }) });
    actor.send({ type: 'CONSENT_GRANTED' });
    actor.send({ type: 'TRACK', event: articleStart({ articleId: 'during-detection' }) });
    await settle();
    actor.send({ type: 'ROUTE_CHANGED', path: '/zh/articles' });
    actor.send({ type: 'TRACK', event: articleClickFromHomepage({ articleId: 'a7', source: 'bbc' }) });
    actor.send({ type: 'ROUTE_CHANGED', path: '/zh/articles/a7' });
    expect(services.ga.calls).toEqual([
      { call: 'load' },
      { call: 'pageView', path: '/zh' },
      { call: 'pageView', path: '/zh/articles' },
      {
        call: 'event',
        name: 'article_click_from_homepage',
        params: { article_id: 'a7', source: 'bbc', category: 'engagement', value: 1 },
      },
      { call: 'pageView', path: '/zh/articles/a7' },
    ]);
  });

  it('a route change to another page language records language_change after its page view; the same language does not', async () => {
    const services = fakeServices();
    const actor = startAnalytics(services, '/fr/articles');
    actor.send({ type: 'ROUTE_CHANGED', path: '/zh/articles' });
    actor.send({ type: 'CONSENT_GRANTED' });
    await settle();
    actor.send({ type: 'ROUTE_CHANGED', path: '/zh' });
    actor.send({ type: 'ROUTE_CHANGED', path: '/es' });
    actor.send({ type: 'ROUTE_CHANGED', path: '/es' });
    expect(services.ga.calls).toEqual([
      { call: 'load' },
      { call: 'pageView', path: '/zh/articles' },
      { call: 'pageView', path: '/zh' },
      { call: 'pageView', path: '/es' },
      { call: 'event', name: 'language_change', params: { from_language: 'zh', to_language: 'es', category: 'engagement', value: 1 } },
    ]);
  });

  it('hears consent, routes and tracked events through the actors the app provides', async () => {
    const services = fakeServices();
    const sources: Record<string, (event: { type: string; [key: string]: unknown }) => void> = {};
    const listen = (name: string) =>
      fromCallback(({ sendBack }) => {
        sources[name] = sendBack;
      });
    const machine = createAnalyticsMachine(services).provide({
      actors: { consentChanges: listen('consent'), locationChanges: listen('location'), trackedEvents: listen('trackers') },
    });
    createActor(machine, { input: { providers: configuredProviders(services), path: '/en' } }).start();
    sources.consent!({ type: 'CONSENT_GRANTED' });
    await settle();
    sources.location!({ type: 'ROUTE_CHANGED', path: '/en/articles' });
    sources.trackers!({ type: 'TRACK', event: articleStart({ articleId: 'a1' }) });
    expect(services.ga.calls.slice(1).map((call) => call.call)).toEqual(['pageView', 'pageView', 'event']);
  });

  it('withdrawing consent after init sends privacy_opt_out, opts the provider out, then tracks nothing', async () => {
    const services = fakeServices();
    const actor = startAnalytics(services);
    actor.send({ type: 'CONSENT_GRANTED' });
    await settle();
    actor.send({ type: 'CONSENT_REVOKED' });
    actor.send({ type: 'ROUTE_CHANGED', path: '/zh/articles' });
    actor.send({ type: 'TRACK', event: articleStart({ articleId: 'a1' }) });
    expect(actor.getSnapshot().value).toBe('optedOut');
    expect(services.ga.calls.slice(2)).toEqual([
      { call: 'event', name: 'privacy_opt_out', params: { category: 'engagement', value: 1 } },
      { call: 'optOut' },
    ]);
  });

  it('granting consent again after an opt-out resumes with the known provider', async () => {
    const services = fakeServices({ signals: { languages: ['zh-CN'] } });
    const actor = startAnalytics(services);
    actor.send({ type: 'CONSENT_GRANTED' });
    await settle();
    actor.send({ type: 'CONSENT_REVOKED' });
    actor.send({ type: 'ROUTE_CHANGED', path: '/zh/articles' });
    actor.send({ type: 'CONSENT_GRANTED' });
    await settle();
    expect(actor.getSnapshot().value).toBe('initialised');
    expect(services.probe.urls).toHaveLength(1);
    expect(services.baidu.calls.slice(-2)).toEqual([{ call: 'load' }, { call: 'pageView', path: '/zh/articles' }]);
  });

  it('withdrawing consent during the probe stops it and loads nothing', async () => {
    const services = fakeServices({ signals: { languages: ['zh-CN'] }, probe: 'hang' });
    const actor = startAnalytics(services);
    actor.send({ type: 'CONSENT_GRANTED' });
    await settle();
    actor.send({ type: 'CONSENT_REVOKED' });
    expect(services.probe.signals[0]?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().value).toBe('uninitialised');
    expect(services.ga.calls).toEqual([]);
    expect(services.baidu.calls).toEqual([]);
    expect(services.warnings).toEqual([]);
  });

  it('a blocked provider script is only logged; later events are dropped without errors', async () => {
    const services = fakeServices();
    services.ga.failLoad = true;
    const actor = startAnalytics(services);
    actor.send({ type: 'CONSENT_GRANTED' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().status).toBe('active');
    expect(services.warnings.map((w) => w.message)).toEqual(['Analytics: provider script could not be loaded']);
    actor.send({ type: 'ROUTE_CHANGED', path: '/zh/articles' });
    actor.send({ type: 'TRACK', event: articleStart({ articleId: 'a1' }) });
    expect(services.ga.calls).toEqual([{ call: 'load' }]);
  });

  it('a provider that throws while tracking is logged and the actor keeps running', async () => {
    const services = fakeServices();
    services.ga.pageView = () => {
      throw new Error('gtag exploded');
    };
    const actor = startAnalytics(services);
    actor.send({ type: 'CONSENT_GRANTED' });
    await settle();
    actor.send({ type: 'ROUTE_CHANGED', path: '/zh/articles' });
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('initialised');
    expect(services.warnings.map((w) => w.message)).toEqual(['Analytics: page view failed', 'Analytics: page view failed']);
  });
});
