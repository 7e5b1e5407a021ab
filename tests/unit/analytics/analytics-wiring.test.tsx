// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCookieBannerPanel } from '../../support/cookie-banner-panel';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ConsentAndAnalyticsProvider, type ConsentAnalyticsSetup } from '../../../src/app/consent-and-analytics';
import * as analyticsRuntime from '../../../src/app/analytics-runtime';
import * as consentRuntime from '../../../src/app/consent-runtime';
import { LocationProvider } from '../../../src/app/location-provider';
import { createConsentStore } from '../../../src/platform/consent-store';
import { memoryStorage } from '../../../src/platform/storage';
import { FooterAndCookieBanner } from '../../../src/views/consent/footer-and-cookie-banner';
import { HomeHead } from '../../../src/views/head/page-heads';
import { TextsContext } from '../../../src/views/texts-context';
import { ServicesProvider, type AppServices } from '../../../src/app/services';
import { fakeApi } from '../../support/fake-api';
import { allTexts } from '../../support/texts';
import { fakeServices, type FakeServices } from './fakes';

/** What the app's providers need from its services here: none of them fetches. */
const appServices = (): AppServices => ({ api: fakeApi().api, reload: vi.fn() });

/** The contexts the app puts above consent and analytics: services, page texts, the router and the location. */
function AppContexts({
  location,
  children,
}: {
  location: Pick<ReturnType<typeof memoryLocation>, 'hook' | 'searchHook'>;
  children: ReactNode;
}) {
  return (
    <ServicesProvider services={appServices()}>
      <TextsContext.Provider value={allTexts()}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <LocationProvider>{children}</LocationProvider>
        </Router>
      </TextsContext.Provider>
    </ServicesProvider>
  );
}

type RuntimeLoader = NonNullable<ConsentAnalyticsSetup['loadAnalyticsRuntime']>;

function renderWired(
  path: string,
  options: { stored?: string; services?: FakeServices; head?: boolean; loadRuntime?: RuntimeLoader } = {},
) {
  const storage = memoryStorage(options.stored === undefined ? {} : { 'cookie-consent': options.stored });
  const services = options.services ?? fakeServices();
  const warnings: string[] = [];
  const runtimeLoads = { count: 0 };
  const consentLoads = { count: 0 };
  const setup: ConsentAnalyticsSetup = {
    consentStore: createConsentStore(storage),
    analytics: services,
    logger: { warn: (message) => warnings.push(message) },
    siteOrigin: 'https://learn.example',
    // The chunk the browser would fetch, already in memory: only when it is asked for matters here.
    loadAnalyticsRuntime: () => {
      runtimeLoads.count += 1;
      return options.loadRuntime ? options.loadRuntime() : Promise.resolve(analyticsRuntime);
    },
    // The page has settled at once here; the consent chunk, too, is already in memory.
    whenPageSettles: () => Promise.resolve(),
    loadConsentRuntime: () => {
      consentLoads.count += 1;
      return Promise.resolve(consentRuntime);
    },
  };
  const memory = memoryLocation({ path, record: true });
  render(
    <AppContexts location={memory}>
      <ConsentAndAnalyticsProvider setup={setup}>
        <main id="main" tabIndex={-1}>
          {options.head ? <HomeHead /> : null}
          page
        </main>
        <FooterAndCookieBanner />
      </ConsentAndAnalyticsProvider>
    </AppContexts>,
  );
  const navigate = (to: string) => act(() => memory.navigate(to));
  return { services, storage, navigate, warnings, runtimeLoads, consentLoads };
}

const settle = () => act(() => vi.advanceTimersByTimeAsync(0));
/** The consent chunk arrives after the page settles (a promise each, then React's render), then the banner's second passes. */
async function bannerDue() {
  for (let hop = 0; hop < 3; hop += 1) await settle();
  await act(() => vi.advanceTimersByTimeAsync(1000));
}
const click = (name: string) => act(() => fireEvent.click(screen.getByRole('button', { name })));

// The banner's panel is a lazy chunk; loaded once here, it opens in the same render as its state.
beforeAll(loadCookieBannerPanel);

describe('consent and analytics in the app', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.documentElement.lang = '';
  });

  it('first visit: nothing tracked until Accept All, then a page view of the current page and of every route change', async () => {
    const { services, storage, navigate, runtimeLoads } = renderWired('/en');
    await navigate('/en/articles');
    await bannerDue();
    expect(screen.getByRole('region', { name: 'We value your privacy' })).toBeInTheDocument();
    expect(services.ga.calls).toEqual([]);
    expect(services.signalReads.count).toBe(0);
    expect(runtimeLoads.count).toBe(0);

    await click('Accept All');
    await settle();
    expect(storage.get('cookie-consent')).toBe('{"essential":true,"analytics":true}');
    expect(services.ga.calls).toEqual([{ call: 'load' }, { call: 'pageView', path: '/en/articles' }]);
    expect(runtimeLoads.count).toBe(1);

    await navigate('/en/articles/a1');
    expect(services.ga.calls.at(-1)).toEqual({ call: 'pageView', path: '/en/articles/a1' });
  });

  it('a saved acceptance starts analytics at load, without a banner', async () => {
    const { services } = renderWired('/es', { stored: '{"essential":true,"analytics":true}' });
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.queryByRole('region')).toBeNull();
    expect(services.ga.calls).toEqual([{ call: 'load' }, { call: 'pageView', path: '/es' }]);
  });

  it('a saved rejection never loads anything, and the consent code only when Cookie settings is pressed', async () => {
    const { services, navigate, runtimeLoads, consentLoads } = renderWired('/zh', {
      stored: '{"essential":true,"analytics":false}',
      services: fakeServices({ signals: { languages: ['zh-CN'] } }),
    });
    await navigate('/zh/articles');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(services.probe.urls).toEqual([]);
    expect(services.ga.calls).toEqual([]);
    expect(services.baidu.calls).toEqual([]);
    // Not even the analytics code is fetched, nor the consent machine.
    expect(runtimeLoads.count).toBe(0);
    expect(consentLoads.count).toBe(0);

    await click('Cookie 设置');
    await settle();
    expect(consentLoads.count).toBe(1);
    expect(screen.getByRole('region', { name: '我们重视您的隐私' })).toBeInTheDocument();
    expect(runtimeLoads.count).toBe(0);
  });

  it('withdrawing consent from the footer sends privacy_opt_out and stops tracking', async () => {
    const { services, storage, navigate } = renderWired('/en', { stored: '{"essential":true,"analytics":true}' });
    await settle();
    await click('Cookie settings');
    await click('Reject All');
    expect(storage.get('cookie-consent')).toBe('{"essential":true,"analytics":false}');
    await navigate('/en/articles');
    expect(services.ga.calls).toEqual([
      { call: 'load' },
      { call: 'pageView', path: '/en' },
      { call: 'event', name: 'privacy_opt_out', params: { category: 'engagement', value: 1 } },
      { call: 'optOut' },
    ]);
  });

  it('rejecting and accepting again resumes tracking, with the analytics code fetched only once', async () => {
    const { services, runtimeLoads, navigate } = renderWired('/en');
    await bannerDue();
    await click('Accept All');
    await settle();
    await click('Cookie settings');
    await click('Reject All');
    await click('Cookie settings');
    await click('Accept All');
    await settle();
    await navigate('/en/articles');
    expect(services.ga.calls.filter((call) => call.call === 'pageView').map((call) => 'path' in call && call.path)).toEqual([
      '/en',
      '/en',
      '/en/articles',
    ]);
    expect(services.ga.calls).toContainEqual({ call: 'optOut' });
    expect(runtimeLoads.count).toBe(1);
  });

  it('analytics code that cannot be downloaded is logged, and the page and the choice are unaffected', async () => {
    const { services, storage, warnings } = renderWired('/en', {
      loadRuntime: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    });
    await bannerDue();
    await click('Accept All');
    await settle();
    expect(warnings).toEqual(['Analytics could not be loaded; the site works the same']);
    expect(storage.get('cookie-consent')).toBe('{"essential":true,"analytics":true}');
    expect(services.ga.calls).toEqual([]);
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'We value your privacy' })).toBeNull();
  });

  it('records a language change and keeps <html lang> in step with the page texts', async () => {
    const { services, navigate } = renderWired('/zh', { stored: '{"essential":true,"analytics":true}' });
    await settle();
    expect(document.documentElement.lang).toBe('zh');
    await navigate('/es');
    expect(document.documentElement.lang).toBe('es');
    expect(services.ga.calls).toContainEqual({
      call: 'event',
      name: 'language_change',
      params: { from_language: 'zh', to_language: 'es', category: 'engagement', value: 1 },
    });
    await navigate('/fr');
    expect(document.documentElement.lang).toBe('en');
  });

  it('the banner follows the page language', async () => {
    renderWired('/es');
    await bannerDue();
    expect(screen.getByRole('region', { name: 'Valoramos tu privacidad' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Configuración de cookies' })).toBeInTheDocument();
  });

  it('a choice that cannot be saved still applies, and the failure is logged', async () => {
    const services = fakeServices();
    const failing = { get: () => null, set: () => false, remove: () => {} };
    const warnings: string[] = [];
    const memory = memoryLocation({ path: '/en' });
    render(
      <AppContexts location={memory}>
        <ConsentAndAnalyticsProvider
          setup={{
            consentStore: createConsentStore(failing),
            analytics: services,
            logger: { warn: (message) => warnings.push(message) },
            siteOrigin: '',
            loadAnalyticsRuntime: () => Promise.resolve(analyticsRuntime),
            whenPageSettles: () => Promise.resolve(),
            loadConsentRuntime: () => Promise.resolve(consentRuntime),
          }}
        >
          <FooterAndCookieBanner />
        </ConsentAndAnalyticsProvider>
      </AppContexts>,
    );
    await bannerDue();
    await click('Accept All');
    await settle();
    expect(warnings).toEqual(['Cookie choice could not be saved; it applies to this visit only']);
    expect(services.ga.calls[0]).toEqual({ call: 'load' });
  });

  it('replaces the server-written head tags and the fallback title with the page’s own', () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<title>NewsReader English</title><meta data-server-head name="description" content="server"><link data-server-head rel="canonical" href="https://learn.example/zh">',
    );
    renderWired('/es', { head: true });
    expect([...document.head.querySelectorAll('title')].map((title) => title.textContent)).toEqual([
      'NewsReader English: aprende inglés con las noticias',
    ]);
    expect(document.title).toBe('NewsReader English: aprende inglés con las noticias');
    expect(document.head.querySelectorAll('[data-server-head]')).toHaveLength(0);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://learn.example/es');
  });
});
