/**
 * Finding any article among thousands, in real Chromium against the real server with a database
 * of 3,000 synthetic articles: "Load more", server search with marked words, filters and search
 * in the address (reload, back/forward, a detail page and back), and a failed page with Try again.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ArticlePage } from '../../common/contract';
import { generateSyntheticArticles, SEARCH_TERMS, syntheticArticle } from '../support/synthetic-articles';
import { cardTitles, texts } from './support/app';
import { newPage, SAVED_REJECTION, useHarness } from './support/harness';

const COUNT = 3000;
// Only the synthetic articles, so counts are known; no rate limit for the many pages asked for.
const harness = useHarness({
  seed: (databasePath) => generateSyntheticArticles(databasePath, COUNT),
  env: { LOAD_CORPUS: 'false', RATE_LIMIT_MAX: '0' },
});

async function api(path: string): Promise<ArticlePage> {
  const response = await fetch(`${harness.server.origin}${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as ArticlePage;
}

async function waitForCards(page: Page, count: number): Promise<void> {
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="article-card"]').length === n, count);
}

describe('the list reaches every article', () => {
  it('"Load more" brings the next page, in the server\'s order, with the count', async () => {
    const t = texts('en');
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      await page.goto('/en/articles');
      await waitForCards(page, 20);
      expect(await page.getByRole('status').textContent()).toBe(t.list.resultCount(20, COUNT));
      await page.getByRole('link', { name: t.list.loadMore, exact: true }).click();
      await waitForCards(page, 40);
      const second = await api('/api/articles/latest?language=en&limit=20&offset=20');
      expect((await cardTitles(page)).slice(20)).toEqual(second.articles.map((item) => item.title));
      expect(await page.getByRole('status').textContent()).toBe(t.list.resultCount(40, COUNT));
    } finally {
      await context.close();
    }
  });

  it('a search finds an article that is not among the first 20 and marks the matched word', async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    const old = syntheticArticle(2000);
    try {
      await page.goto('/zh/articles');
      await waitForCards(page, 20);
      expect(await cardTitles(page)).not.toContain(old.title);
      await page.getByRole('searchbox').fill(SEARCH_TERMS.rare.term);
      const card = page.locator('[data-testid="article-card"]', { hasText: old.title });
      await card.waitFor();
      expect((await card.locator('mark').first().textContent())?.toLowerCase()).toBe(SEARCH_TERMS.rare.term);
      await page.waitForURL(`**/zh/articles?q=${SEARCH_TERMS.rare.term}`);
      expect(await page.getByRole('status').textContent()).toBe(texts('zh').list.resultCount(2, 2));
    } finally {
      await context.close();
    }
  });

  it('filters and search survive a reload, a visit to an article, and back/forward', async () => {
    const t = texts('es');
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    const term = SEARCH_TERMS.common.term;
    const category = page.getByRole('combobox', { name: t.list.categoryLabel });
    try {
      await page.goto('/es/articles');
      await waitForCards(page, 20);
      await page.getByRole('searchbox').fill(term);
      await page.waitForURL(`**/es/articles?q=${term}`);
      await category.selectOption('health');
      await page.waitForURL(`**/es/articles?q=${term}&category=health`);
      const expected = await api(`/api/articles/search?q=${term}&category=health&language=es&limit=20`);
      const titles = expected.articles.map((item) => item.title);
      await page.waitForFunction((n) => document.querySelector('.result-count')?.textContent?.includes(String(n)), expected.total);
      expect(await cardTitles(page)).toEqual(titles);

      await page.reload();
      await page
        .getByRole('status')
        .filter({ hasText: String(expected.total) })
        .waitFor();
      expect(await page.getByRole('searchbox').inputValue()).toBe(term);
      expect(await category.inputValue()).toBe('health');
      expect(await cardTitles(page)).toEqual(titles);

      await page.locator('[data-testid="article-card"] .card-link').first().click();
      await page.waitForURL(`**/es/articles/${expected.articles[0]!.article_id}`);
      await page.goBack();
      await page
        .getByRole('status')
        .filter({ hasText: String(expected.total) })
        .waitFor();
      expect(await cardTitles(page)).toEqual(titles);

      // The select choice was its own history entry: Back undoes it, Forward brings it back.
      await page.goBack();
      await page.waitForURL(`**/es/articles?q=${term}`);
      await page.waitForFunction(() => (document.getElementById('filter-category') as HTMLSelectElement | null)?.value === 'all');
      const all = await api(`/api/articles/search?q=${term}&language=es&limit=20`);
      await page
        .getByRole('status')
        .filter({ hasText: String(all.total) })
        .waitFor();
      await page.goForward();
      await page.waitForURL(`**/es/articles?q=${term}&category=health`);
      await page
        .getByRole('status')
        .filter({ hasText: String(expected.total) })
        .waitFor();
      expect(await category.inputValue()).toBe('health');
    } finally {
      await context.close();
    }
  });

  it('a failed "Load more" shows Try again and keeps the cards already shown', async () => {
    const t = texts('en');
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      await page.goto('/en/articles');
      await waitForCards(page, 20);
      const before = await cardTitles(page);
      // The next page of the latest is asked after the first page's cursor (keyset paging), not by offset.
      const nextPage = (url: URL) =>
        url.pathname === '/api/articles/latest' && url.searchParams.has('cursor') && !url.searchParams.has('offset');
      await page.route(nextPage, (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'unavailable', message: 'The database is busy' } }),
        }),
      );
      await page.getByRole('link', { name: t.list.loadMore, exact: true }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toContain(t.list.moreError);
      expect(await cardTitles(page)).toEqual(before);

      await page.unroute(nextPage);
      await alert.getByRole('button', { name: t.list.retry, exact: true }).click();
      await waitForCards(page, 40);
      expect((await cardTitles(page)).slice(0, 20)).toEqual(before);
      expect(await page.getByRole('alert').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
