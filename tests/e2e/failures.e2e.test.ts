/**
 * When things go wrong: the server stops (the client retries, then shows the error; Reload or
 * Try Again works once the server is back), the API answers 429, an article id does not exist.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { ERROR_MESSAGES } from '../../src/api/errors';
import { JOURNEY_LANGUAGES, listArticles, previewTitle, texts, type JourneyLanguage } from './support/app';
import { newPage, SAVED_REJECTION, useHarness } from './support/harness';

const harness = useHarness();

function countApiCalls(page: Page, path: string): { started: () => number; failed: () => number } {
  let started = 0;
  let failed = 0;
  const matches = (request: Request) => new URL(request.url()).pathname === path;
  page.on('request', (request) => {
    if (matches(request)) started += 1;
  });
  page.on('requestfailed', (request) => {
    if (matches(request)) failed += 1;
  });
  return { started: () => started, failed: () => failed };
}

/**
 * Each outage costs the client's full retry schedule (about 6 s) plus a server restart, so the
 * list (the retry journey proper) runs in every language and the other screens rotate languages.
 */
describe.each(JOURNEY_LANGUAGES)('the server stops and comes back (%s)', (language) => {
  const t = texts(language);

  it('list: retries three times, shows the error with Reload, and Reload works once the server is back', async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      await page.goto(`/${language}`);
      await page.locator('[data-testid="article-card"]').first().waitFor();
      const calls = countApiCalls(page, '/api/articles/latest');
      await harness.server.stop();
      try {
        // The app is loaded; moving to the list asks the stopped server.
        const startedAt = Date.now();
        await page.getByRole('navigation').getByRole('link', { name: t.nav.articles, exact: true }).click();
        const alert = page.getByRole('alert');
        await alert.waitFor({ timeout: 20_000 });
        const waited = Date.now() - startedAt;
        expect(await alert.textContent()).toContain(t.list.loadErrorFallback);
        // One try and three retries, 1 s, 2 s and 3 s apart.
        expect(calls.started()).toBe(4);
        expect(calls.failed()).toBe(4);
        expect(waited).toBeGreaterThanOrEqual(5500);
      } finally {
        await harness.server.start();
      }
      await page.getByRole('button', { name: t.list.reload, exact: true }).click();
      await page.locator('[data-testid="article-card"]').first().waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('the server stops and comes back, other screens (one language each)', () => {
  it.each([
    { language: 'es' as JourneyLanguage, codeLoaded: true },
    { language: 'zh' as JourneyLanguage, codeLoaded: false },
  ])(
    'detail ($language, its code loaded before: $codeLoaded): shows Unable to load article while the server is away, and Try Again loads it once it is back',
    async ({ language, codeLoaded }) => {
      const t = texts(language);
      const [item, other] = await listArticles(harness, language, 2);
      const { context, page } = await newPage(harness, SAVED_REJECTION);
      try {
        if (codeLoaded) {
          // Another article first, so the detail code is in the page and only the API call can fail.
          await page.goto(`/${language}/articles/${other!.article_id}`);
          await page.locator('.word-lookup-form').waitFor();
          await page.getByRole('link', { name: t.detail.back }).click();
        } else {
          await page.goto(`/${language}/articles`);
        }
        await page.locator('[data-testid="article-card"]').first().waitFor();
        const calls = countApiCalls(page, `/api/articles/${item!.article_id}`);
        await harness.server.stop();
        try {
          await page.getByRole('link', { name: previewTitle(item!), exact: true }).click();
          await page.waitForURL(`**/${language}/articles/${item!.article_id}`);
          const alert = page.getByRole('alert');
          await alert.waitFor({ timeout: 20_000 });
          expect(await alert.textContent()).toContain(t.detail.loadError);
          // With its code loaded, the detail request is tried once and retried three times.
          if (codeLoaded) expect(calls.started()).toBe(4);
        } finally {
          await harness.server.start();
        }
        await page.getByRole('button', { name: t.detail.tryAgain, exact: true }).click();
        await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { timeout: 15_000 }).toBe(item!.title);
        expect(await page.getByRole('alert').count()).toBe(0);
      } finally {
        await context.close();
      }
    },
  );

  it('home: shows its error message while the server is away (en)', async () => {
    const language: JourneyLanguage = 'en';
    const t = texts(language);
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      await page.goto(`/${language}/articles`);
      await page.locator('[data-testid="article-card"]').first().waitFor();
      await harness.server.stop();
      try {
        await page.getByRole('navigation').getByRole('link', { name: t.nav.home, exact: true }).click();
        const alert = page.getByRole('alert');
        await alert.waitFor({ timeout: 20_000 });
        expect(await alert.textContent()).toContain(t.home.loadError);
      } finally {
        await harness.server.start();
      }
    } finally {
      await context.close();
    }
  });
});

describe('an unknown article id', () => {
  it.each(JOURNEY_LANGUAGES)('shows Unable to load article with Try Again (%s)', async (language) => {
    const t = texts(language);
    const api = await fetch(`${harness.server.origin}/api/articles/no-such-article-here?language=${language}`);
    expect(api.status).toBe(404);
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      await page.goto(`/${language}/articles/no-such-article-here`);
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toContain(t.detail.loadError);
      const tryAgain = page.getByRole('button', { name: t.detail.tryAgain, exact: true });
      expect(await tryAgain.isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: t.detail.back }).getAttribute('href')).toBe(`/${language}/articles`);
      // Try Again reloads the page and asks again; the id still does not exist.
      const reloaded = page.waitForEvent('load');
      await tryAgain.click();
      await reloaded;
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').textContent()).toContain(t.detail.loadError);
    } finally {
      await context.close();
    }
  });
});

describe('too many requests (429)', () => {
  // Two API calls a minute: the list page and home, each opened after the server-rendered first page, use them up.
  const limited = useHarness({ env: { RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_MS: '60000' } });

  it('the list page shows the 429 message with Reload; home shows its error', async () => {
    const t = texts('en');
    const { context, page } = await newPage(limited, SAVED_REJECTION);
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/')) statuses.push(response.status());
    });
    try {
      // The first page is server-rendered from the answers it carries: no API call.
      await page.goto('/en');
      await page.locator('[data-testid="article-card"]').first().waitFor();
      await page.getByRole('navigation').getByRole('link', { name: t.nav.articles, exact: true }).click();
      await page.locator('[data-testid="article-card"]').first().waitFor();
      await page.getByRole('navigation').getByRole('link', { name: t.nav.home, exact: true }).click();
      await page.locator('[data-testid="article-card"]').first().waitFor();
      // The third call is over the limit.
      await page.getByRole('navigation').getByRole('link', { name: t.nav.articles, exact: true }).click();
      const alert = page.getByRole('alert');
      await expect.poll(() => alert.textContent()).toContain(ERROR_MESSAGES.rateLimited);
      expect(await alert.textContent()).toContain(t.list.loadErrorFallback);
      expect(await page.getByRole('button', { name: t.list.reload, exact: true }).isVisible()).toBe(true);
      await page.getByRole('navigation').getByRole('link', { name: t.nav.home, exact: true }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toContain(t.home.loadError);
      // 429 is not retried: one answer per page visit.
      expect(statuses).toEqual([200, 200, 429, 429]);
    } finally {
      await context.close();
    }
  });
});
