/**
 * The reader's journeys in zh, es and en, part two, in real Chromium against the real server:
 * every route as a deep link and after a reload, a search kept in the address, the language
 * switch on every page (keeping the path, with back and forward), and routes without a language.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArticleListItem } from '../../common/contract';
import {
  cardTitles,
  chooseLanguage,
  expectHeader,
  JOURNEY_LANGUAGES,
  LANGUAGE_NAMES,
  listArticles,
  previewTitle,
  serverTitles,
  texts,
} from './support/app';
import { newPage, SAVED_REJECTION, useHarness } from './support/harness';

const harness = useHarness();

describe.each(JOURNEY_LANGUAGES)('journeys in %s', (language) => {
  const t = texts(language);
  let articles: ArticleListItem[];

  beforeAll(async () => {
    articles = await listArticles(harness, language);
    expect(articles.length).toBeGreaterThanOrEqual(8);
  });

  it('deep links and reloads show the same screen on every route', async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      const item = articles[2]!;
      const routes: Array<{ path: string; heading: string }> = [
        { path: `/${language}`, heading: t.home.heroTitle },
        { path: `/${language}/articles`, heading: t.list.title },
        { path: `/${language}/articles/${item.article_id}`, heading: item.title },
      ];
      for (const route of routes) {
        const response = await page.goto(route.path);
        expect(response?.status()).toBe(200);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(route.heading);
        await page.reload();
        expect(new URL(page.url()).pathname).toBe(route.path);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(route.heading);
        await expectHeader(page, language);
      }
    } finally {
      await context.close();
    }
  });

  it('a search is kept in the address: a deep link with ?q= and a reload show the same results', async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      const word =
        previewTitle(articles[5]!)
          .split(/\s+/)
          .find((w) => w.length >= 5) ?? previewTitle(articles[5]!);
      const expected = await serverTitles(harness, language, { search: word });
      expect(expected).toContain(previewTitle(articles[5]!));
      await page.goto(`/${language}/articles?q=${encodeURIComponent(word)}`);
      await page.locator('[data-testid="article-card"]').first().waitFor();
      const search = page.getByRole('searchbox', { name: t.list.searchLabel, exact: true });
      expect(await search.inputValue()).toBe(word);
      await expect.poll(() => cardTitles(page)).toEqual(expected);
      await page.reload();
      await page.locator('[data-testid="article-card"]').first().waitFor();
      expect(await search.inputValue()).toBe(word);
      await expect.poll(() => cardTitles(page)).toEqual(expected);
    } finally {
      await context.close();
    }
  });

  it('switching language on every page keeps the path, and back returns to the previous language', async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    const target: keyof typeof LANGUAGE_NAMES = language === 'zh' ? 'es' : 'zh';
    const targetTexts = texts(target);
    try {
      const item = articles[0]!;
      const paths = ['', '/articles', `/articles/${item.article_id}`];
      for (const rest of paths) {
        await page.goto(`/${language}${rest}`);
        await page.locator('main').waitFor();
        await chooseLanguage(page, target);
        await page.waitForURL((url) => url.pathname === `/${target}${rest}`);
        await expectHeader(page, target);
        if (rest === '') await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(targetTexts.home.heroTitle);
        if (rest === '/articles')
          await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(targetTexts.list.title);
        if (rest.startsWith('/articles/')) await page.locator('.word-lookup-form').waitFor();
        expect(await page.locator('.language-selector[open]').count()).toBe(0);

        await page.goBack();
        await page.waitForURL((url) => url.pathname === `/${language}${rest}`);
        await expectHeader(page, language);
        await page.goForward();
        await page.waitForURL((url) => url.pathname === `/${target}${rest}`);
        await expectHeader(page, target);
      }
    } finally {
      await context.close();
    }
  });
});

describe('routes without a language', () => {
  it('/ shows the home page in the default language (zh)', async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      await page.goto('/');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(texts('zh').home.heroTitle);
      await expectHeader(page, 'zh');
    } finally {
      await context.close();
    }
  });

  it('the language selector toggles open and closed', async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      await page.goto('/es');
      const toggle = page.locator('.language-toggle');
      const expanded = () => page.locator('.language-selector').evaluate((details) => (details as HTMLDetailsElement).open);
      await toggle.click();
      await expect.poll(expanded).toBe(true);
      expect(await page.locator('.language-list a').allTextContents()).toEqual([
        expect.stringContaining('中文'),
        expect.stringContaining('Español'),
      ]);
      await toggle.click();
      await expect.poll(expanded).toBe(false);
      expect(await page.locator('.language-list').isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });
});
