/**
 * Addresses in Chromium, with JavaScript off so what shows is what the server answered: the search addresses
 * (the one search engines were given, and the same under a language) land on the list with the term and its
 * results; an unknown page under a language is a 404 whose page says "not found" in that language, with the
 * way home. One context for all, to keep the browser suite short.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardTitles, JOURNEY_LANGUAGES, serverTitles, texts } from './support/app';
import { useHarness } from './support/harness';

const harness = useHarness();

let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await harness.browser.newContext({ baseURL: harness.server.origin, javaScriptEnabled: false });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await context.close();
});

describe('addresses without JavaScript', () => {
  it.each(JOURNEY_LANGUAGES)('%s: both search addresses show the list with the term and its results', async (language) => {
    const results = await serverTitles(harness, language, { search: 'bank' });
    expect(results.length).toBeGreaterThan(0);
    for (const address of [`/search?q=bank&lang=${language}`, `/${language}/search?q=bank`]) {
      const answer = await page.goto(address);
      expect(answer?.status(), address).toBe(200);
      expect(new URL(page.url()).pathname + new URL(page.url()).search, address).toBe(`/${language}/articles?q=bank`);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), address).toBe(texts(language).list.title);
      expect(await page.getByRole('searchbox').inputValue(), address).toBe('bank');
      expect(await cardTitles(page), address).toEqual(results);
    }
  });

  it.each(JOURNEY_LANGUAGES)('%s: an unknown page is a 404 that says so in its language, with the way home', async (language) => {
    for (const address of [`/${language}/no/such/page`, `/${language}/search/more`]) {
      const answer = await page.goto(address);
      expect(answer?.status(), address).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), address).toBe(texts(language).notFound.title);
      expect(await page.title(), address).toBe(`${texts(language).notFound.title} | NewsReader English`);
      expect(await page.getByRole('link', { name: texts(language).notFound.home }).getAttribute('href'), address).toBe(`/${language}`);
    }
  });
});
