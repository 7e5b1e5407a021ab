/**
 * The usual journeys against a node that stores its articles in PostgreSQL (DATABASE_URL, a
 * throwaway cluster for this file): home, the list with "Load more", search with the word marked, a
 * filter, an article with its body and vocabulary, a word looked up in the reading help, a saved
 * word on /zh/words, a missing article, the language switch. Most of them go through an article
 * written straight into PostgreSQL by the store's own upsert after the server started, and the
 * server never made its SQLite file, so none of this can pass on SQLite by accident.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import pg from 'pg';
import type { HealthResponse } from '../../common/contract';
import { ARTICLE_HELP_TEXTS } from '../../src/domain/article-help-texts';
import { contentHashOf } from '../../server/store/content-hash';
import { openPostgresStore, type PostgresArticleStore } from '../../server/store/postgres/postgres-store';
import type { ArticleInput } from '../../server/store/types';
import { cardTitles, chooseLanguage, expectHeader, listArticles, previewTitle, serverTitles, shownText, texts } from './support/app';
import { newPage, SAVED_REJECTION, useHarness } from './support/harness';
import { BODY_HOST, INTERACTIVE_BODY, saveFromVocabulary, withPage, wordHeadings } from './support/saving-words';

const harness = useHarness({ postgres: true, env: { RATE_LIMIT_MAX: '0' } });

const PARAGRAPHS = [
  'Volunteers on a small island have repaired the old lighthouse that stands above the harbour.',
  'The lamp had been dark for ten years, and fishing boats now see it again from far out at sea.',
];

/** Newer than every sample article (the newest is 2026-11-19), so it leads every list it is in. */
function postgresOnlyArticle(): ArticleInput {
  const wordCount = PARAGRAPHS.join(' ').split(/\s+/).length;
  const body: Omit<ArticleInput, 'contentHash'> = {
    id: 'pg-only-island-lighthouse',
    url: 'https://example.org/news/pg-only-island-lighthouse',
    source: 'bbc',
    title: 'Island volunteers relight their lighthouse',
    publishedAt: '2026-11-20T09:00:00Z',
    summary: 'A dark lighthouse shines again after volunteers repaired it.',
    summaryTranslations: { zh: '志愿者修好了一座熄灭多年的灯塔。', es: 'Voluntarios reparan un faro apagado desde hace años.' },
    paragraphs: PARAGRAPHS,
    wordCount,
    readingTimeMinutes: 1,
    difficulty: 'beginner',
    categories: ['technology'],
    vocabulary: [
      {
        word: 'lighthouse',
        partOfSpeech: 'noun',
        definition: 'a tower with a bright light that guides ships',
        example: PARAGRAPHS[0]!,
        translations: { zh: '灯塔', es: 'faro' },
      },
      {
        word: 'harbour',
        partOfSpeech: 'noun',
        definition: 'a sheltered place on the coast where boats stay',
        example: PARAGRAPHS[0]!,
        translations: { zh: '港口', es: 'puerto' },
      },
    ],
    culturalNotes: [],
  };
  return { ...body, contentHash: contentHashOf(body) };
}

const written = postgresOnlyArticle();
let writer: PostgresArticleStore;

beforeAll(async () => {
  writer = await openPostgresStore(harness.postgresUrl!, { poolSize: 2 });
  expect(await writer.upsert(written)).toBe('imported');
});
afterAll(async () => {
  await writer?.close();
});

async function waitForCards(page: Page, count?: number): Promise<void> {
  if (count === undefined) await page.locator('[data-testid="article-card"]').first().waitFor();
  else await page.waitForFunction((n) => document.querySelectorAll('[data-testid="article-card"]').length === n, count);
}

describe('the journeys on a node that uses PostgreSQL', () => {
  it('the server answers from PostgreSQL: no SQLite file, the health count is the database count, the direct write is listed first', async () => {
    expect(existsSync(harness.server.databasePath), 'the server should not have made its SQLite file').toBe(false);
    const client = new pg.Client(harness.postgresUrl);
    await client.connect();
    let count: number;
    try {
      count = Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM articles')).rows[0]!.n);
    } finally {
      await client.end();
    }
    // The sample corpus (32) and the article written above.
    expect(count).toBeGreaterThan(20);
    const health = (await (await fetch(`${harness.server.origin}/api/health`)).json()) as HealthResponse;
    expect(health).toMatchObject({ status: 'ok', database: 'reachable', article_count: count });
    // The node's NOTIFY listener moves its answer cache on; the write is the newest article.
    await expect.poll(async () => (await listArticles(harness, 'en', 1))[0]?.article_id).toBe(written.id);
  });

  it('home (zh) shows the hero and the four latest cards, the PostgreSQL-only article first', async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      await page.goto('/zh');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(texts('zh').home.heroTitle);
      await expectHeader(page, 'zh');
      await waitForCards(page);
      expect(await page.locator('[data-testid="article-card"]').count()).toBe(4);
      const latest = (await listArticles(harness, 'zh', 4)).map(previewTitle);
      expect(latest[0]).toBe(written.title);
      expect(await cardTitles(page)).toEqual(latest);
    } finally {
      await context.close();
    }
  });

  it('the list (en) pages with "Load more" in the server\'s order, with the count', async () => {
    const t = texts('en');
    const total = (await (await fetch(`${harness.server.origin}/api/health`)).json()) as HealthResponse;
    const all = total.article_count!;
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      await page.goto('/en/articles');
      await waitForCards(page, 20);
      expect(await page.getByRole('status').textContent()).toBe(t.list.resultCount(20, all));
      expect((await cardTitles(page))[0]).toBe(written.title);
      await page.getByRole('link', { name: t.list.loadMore, exact: true }).click();
      await waitForCards(page, Math.min(40, all));
      const second = await fetch(`${harness.server.origin}/api/articles/latest?language=en&limit=20&offset=20`);
      const rest = ((await second.json()) as { articles: Parameters<typeof previewTitle>[0][] }).articles.map(previewTitle);
      expect((await cardTitles(page)).slice(20)).toEqual(rest);
      expect(await page.getByRole('status').textContent()).toBe(t.list.resultCount(Math.min(40, all), all));
    } finally {
      await context.close();
    }
  });

  it("a search (es) finds the PostgreSQL-only article and marks the word; a filter shows the server's answer", async () => {
    const t = texts('es');
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      await page.goto('/es/articles');
      await waitForCards(page);
      await page.getByRole('searchbox', { name: t.list.searchLabel, exact: true }).fill('lighthouse');
      await page.waitForURL('**/es/articles?q=lighthouse');
      const card = page.locator('[data-testid="article-card"]', { hasText: written.title });
      await card.waitFor();
      expect((await card.locator('mark').first().textContent())?.toLowerCase()).toBe('lighthouse');
      await expect.poll(() => cardTitles(page)).toEqual(await serverTitles(harness, 'es', { search: 'lighthouse' }));

      await page.getByRole('searchbox', { name: t.list.searchLabel, exact: true }).fill('');
      await page.getByRole('combobox', { name: t.list.categoryLabel, exact: true }).selectOption('technology');
      await page.waitForURL('**/es/articles?category=technology');
      const expected = await serverTitles(harness, 'es', { category: 'technology' });
      expect(expected).toContain(written.title);
      await expect
        .poll(async () => ((await page.locator('.result-count').textContent()) === t.list.searching ? null : cardTitles(page)))
        .toEqual(expected);
    } finally {
      await context.close();
    }
  });

  it('an article (zh) opens from home with its body and vocabulary; a word is looked up in the reading help', async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      await page.goto('/zh');
      await waitForCards(page);
      await page.getByRole('link', { name: written.title, exact: true }).click();
      await page.waitForURL(`**/zh/articles/${written.id}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(written.title);
      await page.locator(INTERACTIVE_BODY).waitFor();
      const body = page.locator(`${BODY_HOST} .nr-article-body`);
      expect((await body.textContent())?.replace(/\s+/g, ' ')).toContain('fishing boats now see it again');
      const items = page.locator(`${BODY_HOST} .nr-vocabulary-item`);
      expect(await items.locator('.nr-vocabulary-word').allTextContents()).toEqual(['lighthouse', 'harbour']);
      expect(await items.first().textContent()).toContain('灯塔');

      const help = ARTICLE_HELP_TEXTS.zh;
      const form = page.getByRole('search', { name: help.fieldLabel });
      await form.getByRole('searchbox').fill('harbours');
      await form.getByRole('button', { name: help.submit }).click();
      const entry = page.locator('.word-entry[role="dialog"]');
      await entry.and(page.locator('[data-status="shown"]')).waitFor();
      await expect.poll(() => shownText(entry.getByRole('heading', { level: 2 }))).toBe('harbour');
    } finally {
      await context.close();
    }
  });

  it('a word saved (zh) from the PostgreSQL-only article is on /zh/words', async () => {
    await withPage(harness, async (page) => {
      await page.goto(`/zh/articles/${written.id}`);
      await page.locator(INTERACTIVE_BODY).waitFor();
      const word = await saveFromVocabulary(page);
      expect(['lighthouse', 'harbour']).toContain(word);
      await page.goto('/zh/words');
      await expect.poll(() => wordHeadings(page)).toEqual([word]);
      expect(await page.locator('.saved-word-source a').first().getAttribute('href')).toBe(`/zh/articles/${written.id}`);
    });
  });

  it('a missing article (en) shows its error with Try Again', async () => {
    const t = texts('en');
    expect((await fetch(`${harness.server.origin}/api/articles/no-such-article-here?language=en`)).status).toBe(404);
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      await page.goto('/en/articles/no-such-article-here');
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toContain(t.detail.loadError);
      expect(await page.getByRole('button', { name: t.detail.tryAgain, exact: true }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('the language switch (zh to es) on the article keeps the path, and back returns to zh', async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      await page.goto(`/zh/articles/${written.id}`);
      await page.locator('.word-lookup-form').waitFor();
      await chooseLanguage(page, 'es');
      await page.waitForURL((url) => url.pathname === `/es/articles/${written.id}`);
      await expectHeader(page, 'es');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(written.title);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === `/zh/articles/${written.id}`);
      await expectHeader(page, 'zh');
    } finally {
      await context.close();
    }
  });
});
