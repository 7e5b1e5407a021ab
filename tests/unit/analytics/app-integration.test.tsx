// @vitest-environment jsdom
/**
 * The real app (routes, machines, views) with consent, analytics and the page head mounted,
 * fake services only at the API and analytics-provider boundaries.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadCookieBannerPanel } from '../../support/cookie-banner-panel';
import type { ConsentAnalyticsSetup } from '../../../src/app/consent-and-analytics';
import { createConsentStore } from '../../../src/platform/consent-store';
import { memoryStorage } from '../../../src/platform/storage';
import { renderApp } from '../../support/render-app';
import { canonicalHref, metaContent, structuredData, titles } from '../head/head-queries';
import { fakeServices } from './fakes';

const ACCEPTED = '{"essential":true,"analytics":true}';

/** The app with consent kept in memory (a saved choice, or none) and fake analytics providers. */
function renderWithConsent(path: string, options: { stored?: string; strict?: boolean } = {}) {
  const analytics = fakeServices();
  const storage = memoryStorage(options.stored === undefined ? {} : { 'cookie-consent': options.stored });
  const consentAnalytics: ConsentAnalyticsSetup = {
    consentStore: createConsentStore(storage),
    analytics,
    logger: { warn: () => {} },
    siteOrigin: 'https://learn.example',
  };
  const app = renderApp(path, { consentAnalytics, sanitiser: { sanitise: (html: string) => ({ html }) }, strict: options.strict === true });
  return { ...app, analytics, storage };
}

afterEach(() => {
  document.documentElement.lang = '';
});

// The banner's panel is a lazy chunk; loaded once here, it opens in the same render as its state.
beforeAll(loadCookieBannerPanel);

describe('the app with consent, analytics and page head', () => {
  it('home: banner after a second, footer, head tags and html lang; Accept All starts tracking', async () => {
    const { analytics, storage, user } = renderWithConsent('/es');
    const region = await screen.findByRole('region', { name: 'Valoramos tu privacidad' }, { timeout: 3000 });
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Configuración de cookies');
    // Home's head tags load once the page has settled (decision 28), about when the banner opens.
    await waitFor(() => expect(titles()).toEqual(['NewsReader English: aprende inglés con las noticias']), { timeout: 3000 });
    expect(canonicalHref()).toBe('https://learn.example/es');
    expect(metaContent('og:locale')).toBe('es_ES');
    expect(structuredData()[0]?.['@type']).toBe('WebSite');
    expect(document.documentElement.lang).toBe('es');
    expect(analytics.ga.calls).toEqual([]);

    await user.click(within(region).getByRole('button', { name: 'Aceptar todo' }));
    expect(storage.get('cookie-consent')).toBe(ACCEPTED);
    await waitFor(() => expect(analytics.ga.calls).toEqual([{ call: 'load' }, { call: 'pageView', path: '/es' }]));
  });

  it('home card click records article_click_from_homepage, then the article page records article_start and its head', async () => {
    const { analytics, user } = renderWithConsent('/zh', { stored: ACCEPTED });
    const link = await screen.findByRole('link', { name: /City Adds Three Hundred Bikes/ });
    await waitFor(() => expect(analytics.ga.calls[0]).toEqual({ call: 'load' }));
    await user.click(link);
    expect(analytics.ga.calls).toContainEqual({
      call: 'event',
      name: 'article_click_from_homepage',
      params: { article_id: 'city-bikes', source: 'npr', category: 'engagement', value: 1 },
    });
    await waitFor(() => expect(metaContent('og:type')).toBe('article'));
    expect(titles()).toEqual(['City Adds Three Hundred Bikes to Its Sharing Program | NewsReader English']);
    expect(canonicalHref()).toBe('https://learn.example/zh/articles/city-bikes');
    expect(structuredData().map((data) => data['@type'])).toEqual(['NewsArticle']);
    await waitFor(() =>
      expect(analytics.ga.calls).toContainEqual({
        call: 'event',
        name: 'article_start',
        params: {
          article_id: 'city-bikes',
          source: 'npr',
          language: 'zh',
          difficulty: 'beginner',
          category: 'engagement',
          value: 1,
        },
      }),
    );
    expect(analytics.ga.calls).toContainEqual({ call: 'pageView', path: '/zh/articles/city-bikes' });
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Cookie 设置');

    // Leaving the article completes it, with whole seconds.
    await user.click(screen.getByRole('link', { name: /返回文章列表/ }));
    await waitFor(() =>
      expect(analytics.ga.calls.map((call) => (call.call === 'event' ? call.name : call.call))).toContain('article_complete'),
    );
    const complete = analytics.ga.calls.find((call) => call.call === 'event' && call.name === 'article_complete');
    expect(complete?.call === 'event' && Number.isInteger(complete.params.reading_time)).toBe(true);
  });

  it('in StrictMode an article visit is recorded once; a language switch ends it and starts one in the new language', async () => {
    const { analytics, memory, user } = renderWithConsent('/zh/articles', { stored: ACCEPTED, strict: true });
    const events = () =>
      analytics.ga.calls.flatMap((call) => (call.call === 'event' ? [`${call.name} ${String(call.params.language ?? '')}`] : []));
    await waitFor(() => expect(analytics.ga.calls).toContainEqual({ call: 'pageView', path: '/zh/articles' }));
    act(() => memory.navigate('/zh/articles/city-bikes'));
    await waitFor(() => expect(events()).toEqual(['article_start zh']));
    await user.click(screen.getByLabelText(/切换语言/, { selector: 'summary' }));
    await user.click(screen.getByRole('link', { name: /Español/ }));
    await waitFor(() =>
      expect(events().filter((event) => event.startsWith('article_'))).toEqual([
        'article_start zh',
        'article_complete zh',
        'article_start es',
      ]),
    );
    act(() => memory.navigate('/es/articles'));
    await waitFor(() =>
      expect(events().filter((event) => event.startsWith('article_'))).toEqual([
        'article_start zh',
        'article_complete zh',
        'article_start es',
        'article_complete es',
      ]),
    );
    expect(events()).toContain('language_change ');
  });

  it('list page: its own head, and the footer link reopens the banner to withdraw consent', async () => {
    const { analytics, storage, user } = renderWithConsent('/en/articles', { stored: ACCEPTED });
    await screen.findByRole('link', { name: /City Adds Three Hundred Bikes/ });
    expect(titles()).toEqual(['All articles | NewsReader English']);
    expect(canonicalHref()).toBe('https://learn.example/en/articles');
    await waitFor(() => expect(analytics.ga.calls).toContainEqual({ call: 'pageView', path: '/en/articles' }));

    await user.click(screen.getByRole('button', { name: 'Cookie settings' }));
    await user.click(within(screen.getByRole('region', { name: 'We value your privacy' })).getByRole('button', { name: 'Reject All' }));
    expect(storage.get('cookie-consent')).toBe('{"essential":true,"analytics":false}');
    expect(analytics.ga.calls.slice(-2)).toEqual([
      { call: 'event', name: 'privacy_opt_out', params: { category: 'engagement', value: 1 } },
      { call: 'optOut' },
    ]);
  });

  it('/search?q= lands on the list in the requested language with the search box filled in', async () => {
    const { memory } = renderWithConsent('/search?q=bikes&lang=es');
    expect(await screen.findByRole('searchbox')).toHaveValue('bikes');
    expect(memory.history?.at(-1)).toBe('/es/articles?q=bikes');
    expect(titles()).toEqual(['Todos los artículos | NewsReader English']);
    expect(await screen.findByRole('link', { name: /City Adds Three Hundred Bikes/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Central Bank/ })).toBeNull();
  });

  it('/search without a language goes to the default zh list', async () => {
    const { memory } = renderWithConsent('/search?q=clinic');
    expect(await screen.findByRole('searchbox')).toHaveValue('clinic');
    expect(memory.history?.at(-1)).toBe('/zh/articles?q=clinic');
  });
});
