/**
 * Analytics and consent, judged from the browser's own network log. The app is built with
 * analytics pointed at a local stand-in host (see support/analytics-stand-in.ts): nothing may
 * reach it before consent or after rejection; after acceptance the page views and events arrive.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { consentTexts, footerTexts, LANGUAGE_NAMES, listArticles, previewTitle, texts } from './support/app';
import { newPage, useHarness } from './support/harness';
import { GA_MEASUREMENT_ID } from './support/analytics-stand-in';

const harness = useHarness();

interface Hit {
  readonly provider: 'ga' | 'baidu';
  readonly name: string;
  readonly path: string;
  readonly params: Record<string, string>;
}

/** Every request the page makes to the analytics host, and the hits among them. */
function recordAnalytics(page: Page, analyticsOrigin: string): { requests: string[]; hits: Hit[] } {
  const requests: string[] = [];
  const hits: Hit[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== analyticsOrigin) return;
    requests.push(`${request.method()} ${url.pathname}${url.search}`);
    const params = Object.fromEntries(url.searchParams.entries());
    if (url.pathname === '/g/collect') {
      hits.push({ provider: 'ga', name: params.en ?? '', path: params.dp ?? '', params });
    } else if (url.pathname === '/hm.gif') {
      const name = params.kind === 'pageview' ? 'page_view' : (params.f1 ?? '');
      hits.push({ provider: 'baidu', name, path: params.kind === 'pageview' ? (params.f0 ?? '') : '', params });
    }
  });
  return { requests, hits };
}

async function clickNav(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
}

describe('analytics before consent and after rejection', () => {
  it('sends nothing while undecided, then nothing after Reject All, across route changes', async () => {
    const t = texts('en');
    const c = consentTexts('en');
    const { context, page } = await newPage(harness);
    try {
      const log = recordAnalytics(page, harness.analyticsOrigin);
      await page.goto('/en');
      await page.getByRole('region', { name: c.title }).waitFor();
      await clickNav(page, t.nav.articles);
      await page.locator('[data-testid="article-card"]').first().waitFor();
      await clickNav(page, t.nav.home);
      await page.locator('[data-testid="article-card"]').first().waitFor();
      await page.waitForTimeout(1000);
      expect(log.requests).toEqual([]);

      await page.getByRole('region', { name: c.title }).getByRole('button', { name: c.rejectAll, exact: true }).click();
      await clickNav(page, t.nav.articles);
      await page.locator('[data-testid="article-card"]').first().waitFor();
      await page.locator('[data-testid="article-card"] .card-link').first().click();
      await page.locator('.word-lookup-form').waitFor();
      await page.reload();
      await page.locator('.word-lookup-form').waitFor();
      await page.waitForTimeout(1500);
      expect(log.requests).toEqual([]);
      expect(await page.evaluate(() => typeof (window as { gtag?: unknown }).gtag)).toBe('undefined');
    } finally {
      await context.close();
    }
  });

  it('sends nothing on any page when a rejection was saved earlier', async () => {
    const { context, page } = await newPage(harness, { consent: { analytics: false } });
    try {
      const log = recordAnalytics(page, harness.analyticsOrigin);
      const [item] = await listArticles(harness, 'zh', 1);
      for (const path of ['/zh', '/zh/articles', `/zh/articles/${item!.article_id}`, '/es', '/en/articles']) {
        await page.goto(path);
        await page.locator('main h1').first().waitFor({ state: 'attached' });
      }
      await page.waitForTimeout(1500);
      expect(log.requests).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('analytics after acceptance', () => {
  it('loads the provider, records page views on every route change and the expected events; opting out stops them', async () => {
    const c = consentTexts('en');
    const [first] = await listArticles(harness, 'en', 1);
    const { context, page } = await newPage(harness);
    try {
      const log = recordAnalytics(page, harness.analyticsOrigin);
      await page.goto('/en');
      await page.getByRole('region', { name: c.title }).getByRole('button', { name: c.acceptAll, exact: true }).click();
      await expect.poll(() => log.requests.some((r) => r.startsWith(`GET /gtag/js?id=${GA_MEASUREMENT_ID}`))).toBe(true);
      await expect.poll(() => log.hits.map((h) => `${h.name} ${h.path}`)).toContain('page_view /en');

      // A home card: the click event, then the article's page view and article_start.
      await page.getByRole('link', { name: previewTitle(first!), exact: true }).click();
      await page.locator('.word-lookup-form').waitFor();
      const detailPath = `/en/articles/${first!.article_id}`;
      await expect.poll(() => log.hits.map((h) => `${h.name} ${h.path}`)).toContain(`page_view ${detailPath}`);
      await expect.poll(() => log.hits.map((h) => h.name)).toContain('article_start');
      const click = log.hits.find((h) => h.name === 'article_click_from_homepage');
      expect(click?.params['ep.article_id']).toBe(first!.article_id);
      expect(click?.params['ep.source']).toBe(first!.preview.source ?? first!.source);
      const start = log.hits.find((h) => h.name === 'article_start')!;
      expect(start.params['ep.article_id']).toBe(first!.article_id);
      expect(start.params['ep.event_category']).toBe('engagement');
      expect(start.params['ep.value']).toBe('1');

      // The language switch: an event with both languages, and a page view of the new path.
      await page.locator('.language-toggle').click();
      await page.locator('.language-list a', { hasText: LANGUAGE_NAMES.es }).click();
      await page.waitForURL(`**/es/articles/${first!.article_id}`);
      await expect.poll(() => log.hits.map((h) => `${h.name} ${h.path}`)).toContain(`page_view /es/articles/${first!.article_id}`);
      const change = log.hits.find((h) => h.name === 'language_change');
      expect(change).toBeDefined();
      expect(Object.values(change!.params)).toEqual(expect.arrayContaining(['en', 'es']));

      // Leaving the article completes it, with whole seconds.
      await page.getByRole('link', { name: texts('es').detail.back }).click();
      await page.locator('[data-testid="article-card"]').first().waitFor();
      await expect.poll(() => log.hits.map((h) => `${h.name} ${h.path}`)).toContain('page_view /es/articles');
      await expect.poll(() => log.hits.map((h) => h.name)).toContain('article_complete');
      const complete = log.hits.find((h) => h.name === 'article_complete')!;
      expect(Object.values(complete.params).some((v) => /^\d+$/.test(v))).toBe(true);

      // Withdrawing consent from the footer: one privacy_opt_out, then silence.
      const ce = consentTexts('es');
      await page.getByRole('button', { name: footerTexts('es').cookieSettings }).click();
      await page.getByRole('region', { name: ce.title }).getByRole('button', { name: ce.rejectAll, exact: true }).click();
      await expect.poll(() => log.hits.map((h) => h.name)).toContain('privacy_opt_out');
      await page.waitForTimeout(500);
      const countAfterOptOut = log.hits.length;
      await clickNav(page, texts('es').nav.home);
      await page.locator('[data-testid="article-card"]').first().waitFor();
      await clickNav(page, texts('es').nav.articles);
      await page.locator('[data-testid="article-card"]').first().waitFor();
      await page.waitForTimeout(1000);
      expect(log.hits.slice(countAfterOptOut)).toEqual([]);
      // Every hit went to our measurement id.
      expect(new Set(log.hits.map((h) => h.params.tid))).toEqual(new Set([GA_MEASUREMENT_ID]));
    } finally {
      await context.close();
    }
  });

  it('a saved acceptance records the landing page view on the next visit without asking again', async () => {
    const { context, page } = await newPage(harness, { consent: { analytics: true } });
    try {
      const log = recordAnalytics(page, harness.analyticsOrigin);
      await page.goto('/es/articles');
      await expect.poll(() => log.hits.map((h) => `${h.name} ${h.path}`)).toContain('page_view /es/articles');
      expect(await page.getByRole('region', { name: consentTexts('es').title }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('a learner in China (Asia/Shanghai time zone) gets the Chinese provider instead', async () => {
    const c = consentTexts('zh');
    const { context, page } = await newPage(harness, { timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });
    try {
      const log = recordAnalytics(page, harness.analyticsOrigin);
      await page.goto('/zh');
      await page.getByRole('region', { name: c.title }).getByRole('button', { name: c.acceptAll, exact: true }).click();
      await expect.poll(() => log.requests.some((r) => r.startsWith('GET /hm.js'))).toBe(true);
      await expect.poll(() => log.hits.filter((h) => h.provider === 'baidu').map((h) => `${h.name} ${h.path}`)).toContain('page_view /zh');
      expect(log.requests.some((r) => r.includes('/gtag/js'))).toBe(false);
    } finally {
      await context.close();
    }
  });
});
