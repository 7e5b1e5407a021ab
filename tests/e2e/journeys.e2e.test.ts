/**
 * The reader's journeys in zh, es and en, in real Chromium against the real server:
 * home, cards, View All, every filter, search and combinations, an article, the back link,
 * browser back and forward. Deep links, reloads and the language switch are in
 * journeys-addresses.e2e.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ArticleListItem } from '../../common/contract';
import { CATEGORY_LABELS, DIFFICULTY_LABELS, SHARED_TEXTS } from '../../common/labels';
import { sourceLabel } from '../../src/domain/article';
import { readingTimeMinutes } from '../../common/reading-time';
import { FILTERABLE_CATEGORIES, DIFFICULTY_LEVELS, SOURCE_IDS, SOURCES } from '../../common/catalog';
import { cardTitles, expectHeader, JOURNEY_LANGUAGES, listArticles, previewTitle, serverTitles, texts } from './support/app';
import { newPage, SAVED_REJECTION, useHarness } from './support/harness';

const harness = useHarness();

async function waitForCards(page: Page): Promise<void> {
  await page.locator('[data-testid="article-card"]').first().waitFor();
}

describe.each(JOURNEY_LANGUAGES)('journeys in %s', (language) => {
  const t = texts(language);
  let articles: ArticleListItem[];

  beforeAll(async () => {
    articles = await listArticles(harness, language);
    expect(articles.length).toBeGreaterThanOrEqual(8);
  });

  it('home shows the hero, four latest cards with their facts, and View All leads to the list', async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      await page.goto(`/${language}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(t.home.heroTitle);
      await expectHeader(page, language);
      await expect.poll(() => page.title()).toBe(SHARED_TEXTS[language].pages.home.title);
      await waitForCards(page);
      const cards = page.locator('[data-testid="article-card"]');
      expect(await cards.count()).toBe(4);
      const latest = (await listArticles(harness, language, 4)).map(previewTitle);
      expect(await cardTitles(page)).toEqual(latest);
      for (let i = 0; i < 4; i++) {
        const card = cards.nth(i);
        const item = articles[i]!;
        expect(await card.locator('.card-source').textContent()).toBe(sourceLabel(item.preview.source ?? item.source));
        expect(await card.locator('time').getAttribute('datetime')).toBe(new Date(item.date).toISOString());
        const stats = await card.locator('.card-stats').textContent();
        expect(stats).toContain(t.card.words(item.preview.word_count ?? item.word_count));
        expect(stats).toContain(t.card.minutes(item.preview.estimated_reading_time ?? readingTimeMinutes(item.word_count)));
        expect(await card.getByRole('link').getAttribute('href')).toBe(`/${language}/articles/${item.article_id}`);
      }
      await page.getByRole('link', { name: t.home.viewAll }).click();
      await page.waitForURL(`**/${language}/articles`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(t.list.title);
      await waitForCards(page);
      expect(await cardTitles(page)).toEqual(articles.map(previewTitle));
      await expect.poll(() => page.title()).toBe(SHARED_TEXTS[language].pages.list.title);
    } finally {
      await context.close();
    }
  });

  it('list filters by each category, source and difficulty, by search, and by all combined', async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      await page.goto(`/${language}/articles`);
      await waitForCards(page);
      const category = page.getByRole('combobox', { name: t.list.categoryLabel, exact: true });
      const source = page.getByRole('combobox', { name: t.list.sourceLabel, exact: true });
      const difficulty = page.getByRole('combobox', { name: t.list.difficultyLabel, exact: true });
      const search = page.getByRole('searchbox', { name: t.list.searchLabel, exact: true });

      // The list filters its loaded cards at once, then shows the server's answer over every
      // article; the titles are compared once that answer is shown (the status no longer says searching).
      const visibleTitles = async () => {
        if ((await page.locator('.result-count').textContent()) === t.list.searching) return null;
        if (await page.getByText(t.list.emptyTitle).isVisible()) return [];
        return cardTitles(page);
      };
      const answered = (filter: Parameters<typeof serverTitles>[2]) => serverTitles(harness, language, filter);

      for (const value of FILTERABLE_CATEGORIES) {
        await category.selectOption({ label: CATEGORY_LABELS[language][value] });
        await expect.poll(visibleTitles).toEqual(await answered({ category: value }));
      }
      await category.selectOption({ label: t.list.allCategories });
      for (const value of SOURCE_IDS) {
        await source.selectOption({ label: SOURCES[value].name });
        await expect.poll(visibleTitles).toEqual(await answered({ source: value }));
      }
      await source.selectOption({ label: t.list.allSources });
      for (const value of DIFFICULTY_LEVELS) {
        await difficulty.selectOption({ label: DIFFICULTY_LABELS[language][value] });
        await expect.poll(visibleTitles).toEqual(await answered({ difficulty: value }));
      }
      await difficulty.selectOption({ label: t.list.allDifficulties });
      await expect.poll(visibleTitles).toEqual(articles.map(previewTitle));

      // Search: a word from one title, typed in capitals, matches regardless of case.
      const word =
        previewTitle(articles[3]!)
          .split(/\s+/)
          .find((w) => w.length >= 6) ?? previewTitle(articles[3]!);
      await search.fill(word.toUpperCase());
      const searched = await answered({ search: word });
      expect(searched).toContain(previewTitle(articles[3]!));
      await expect.poll(visibleTitles).toEqual(searched);

      // Combined: the first article's own category, source and difficulty, plus a word of its title.
      const first = articles[0]!;
      const combined = {
        category: first.categories.find((c) => (FILTERABLE_CATEGORIES as readonly string[]).includes(c)),
        source: first.preview.source ?? first.source,
        difficulty: first.preview.difficulty_level,
        search: previewTitle(first).split(/\s+/)[1] ?? '',
      };
      await search.fill(combined.search);
      if (combined.category) await category.selectOption(combined.category);
      await source.selectOption(combined.source);
      if (combined.difficulty) await difficulty.selectOption(combined.difficulty);
      const combinedTitles = await answered(combined);
      expect(combinedTitles).toContain(previewTitle(first));
      await expect.poll(visibleTitles).toEqual(combinedTitles);

      // A combination that matches nothing shows the empty state.
      await search.fill('zzzz-no-such-words-zzzz');
      await expect.poll(() => page.getByText(t.list.emptyTitle).isVisible()).toBe(true);
      expect(await page.getByText(t.list.emptyHint).isVisible()).toBe(true);
      expect(await page.locator('[data-testid="article-card"]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('opens an article from the list, goes back by the back link, and browser back and forward work', async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      const item = articles[1]!;
      await page.goto(`/${language}/articles`);
      await waitForCards(page);
      await page.getByRole('link', { name: previewTitle(item), exact: true }).click();
      await page.waitForURL(`**/${language}/articles/${item.article_id}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(item.title);
      await page.locator('.word-lookup-form').waitFor();
      await expect.poll(() => page.title()).toContain(item.title);

      await page.getByRole('link', { name: t.detail.back }).click();
      await page.waitForURL(`**/${language}/articles`);
      await waitForCards(page);
      expect(await cardTitles(page)).toEqual(articles.map(previewTitle));

      await page.goBack();
      await page.waitForURL(`**/${language}/articles/${item.article_id}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(item.title);

      await page.goBack();
      await page.waitForURL(`**/${language}/articles`);
      await waitForCards(page);

      await page.goForward();
      await page.waitForURL(`**/${language}/articles/${item.article_id}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(item.title);
    } finally {
      await context.close();
    }
  });

  it('opens an article from a home card', async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      const item = articles[0]!;
      await page.goto(`/${language}`);
      await waitForCards(page);
      await page.getByRole('link', { name: previewTitle(item), exact: true }).click();
      await page.waitForURL(`**/${language}/articles/${item.article_id}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(item.title);
      await page.goBack();
      await page.waitForURL(new RegExp(`/${language}$`));
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(t.home.heroTitle);
    } finally {
      await context.close();
    }
  });
});
