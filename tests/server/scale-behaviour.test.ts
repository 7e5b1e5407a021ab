// @vitest-environment node
/**
 * Issue 14, what a reader notices (speed is scripts/bench/scale.ts's business): paging through
 * filtered lists, search order, snippets and capped totals, bad input answered with a 400 or a
 * bounded page, pages rendered when written, and answers that follow writes from another
 * connection (the importer's process) although they are cached.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticArticle } from '../support/synthetic-articles';
import { buildServer } from '../../server/app';
import { testConfig } from '../../server/config';
import { applyRenderPass, articleRenderer } from '../../server/content/stored-pages';
import { SEARCH_CANDIDATES } from '../../server/store/search-pages';
import { openSqliteStore, type SqliteArticleStore } from '../../server/store/sqlite/sqlite-store';
import type { ArticleInput } from '../../server/store/types';
import { article, makeTempDir, testDictionary, writeDist } from './fixtures';
import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { sqliteSeam } from '../../server/store/sqlite/sqlite-seam';

const dir = makeTempDir('nr-scale-');
const databasePath = join(dir, 'scale.db');
let store: SqliteArticleStore;
let app: FastifyInstance;
const COUNT = SEARCH_CANDIDATES + 200;

/** The parts of the API's JSON answers these tests read (a list, a search, an article or an error). */
interface Body {
  total: number;
  total_capped?: boolean;
  articles: Array<{ article_id: string; snippet?: string }>;
  article: { html_content: string };
  error: { message: string; parameter?: string };
}

async function get(path: string) {
  const res = await app.inject(path);
  return { status: res.statusCode, body: res.json<Body>(), headers: res.headers };
}

beforeAll(async () => {
  store = openSqliteStore(databasePath);
  // Every synthetic article has "city" in its body: more matches than search ranks.
  store.upsertMany(Array.from({ length: COUNT }, (_, i) => syntheticArticle(i, 3)));
  store.upsertMany([
    article({
      id: 'lighthouse-title',
      source: 'bbc',
      title: 'The lighthouse keeper retires',
      publishedAt: '2020-01-02T00:00:00Z',
      summary: 'A story about the coast.',
      paragraphs: ['She kept the light for forty years.'],
      difficulty: 'beginner',
      categories: ['education'],
    }),
    article({
      id: 'lighthouse-body',
      source: 'bbc',
      title: 'Coastal towns count visitors',
      publishedAt: '2020-01-03T00:00:00Z',
      summary: 'Tourism is up.',
      paragraphs: ['Visitors walked to the old lighthouse at dawn.'],
      difficulty: 'beginner',
      categories: ['education'],
    }),
  ]);
  app = await buildServer({ store: sqliteSeam(store), config: testConfig({ distDir: writeDist(dir), databasePath, rateLimitMax: 0 }) });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('lists at scale', () => {
  it('pages through every filter combination newest first, without gaps or repeats, with exact totals', async () => {
    const query = 'category=health&difficulty=beginner&source=bbc';
    const first = await get(`/api/articles/latest?${query}&limit=5`);
    const expected = Array.from({ length: COUNT }, (_, i) => syntheticArticle(i, 3)).filter(
      (a) => a.categories.includes('health') && a.difficulty === 'beginner' && a.source === 'bbc',
    );
    expect(first.body.total).toBe(expected.length);
    const seen: string[] = [];
    for (let offset = 0; offset < first.body.total; offset += 5) {
      const page = await get(`/api/articles/latest?${query}&limit=5&offset=${offset}`);
      seen.push(...page.body.articles.map((a: { article_id: string }) => a.article_id));
    }
    expect(seen).toEqual(expected.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)).map((a) => a.id));
  });
});

describe('list totals', () => {
  it('follow an article whose source, difficulty and categories change', async () => {
    const total = async (query: string) => (await get(`/api/articles/latest?${query}`)).body.total as number;
    const original = syntheticArticle(5, 3);
    const before = {
      old: await total(`source=${original.source}&difficulty=${original.difficulty}&category=${original.categories[0]}`),
      new: await total('source=reuters&difficulty=advanced&category=sports'),
      all: await total(''),
    };
    const moved = article({
      ...original,
      id: original.id,
      source: original.source === 'reuters' ? 'cbs' : 'reuters',
      difficulty: 'advanced',
      categories: ['sports'],
    });
    store.upsert({ ...moved, source: 'reuters' });
    expect(await total(`source=${original.source}&difficulty=${original.difficulty}&category=${original.categories[0]}`)).toBe(
      before.old - (original.source === 'reuters' && original.difficulty === 'advanced' && original.categories[0] === 'sports' ? 0 : 1),
    );
    expect(await total('source=reuters&difficulty=advanced&category=sports')).toBeGreaterThanOrEqual(before.new);
    expect(await total('')).toBe(before.all);
    const listed = await get('/api/articles/latest?source=reuters&difficulty=advanced&category=sports&limit=100');
    expect(listed.body.total).toBe(listed.body.articles.length);
    expect(listed.body.articles.map((a: { article_id: string }) => a.article_id)).toContain(original.id);
  });
});

describe('search at scale', () => {
  it('ranks a title hit above a body hit and marks the hits in snippets', async () => {
    const { body } = await get('/api/articles/search?q=lighthouse');
    expect(body.articles.map((a: { article_id: string }) => a.article_id)).toEqual(['lighthouse-title', 'lighthouse-body']);
    expect(body.total).toBe(2);
    expect(body.total_capped).toBeUndefined();
    expect(body.articles[1]?.snippet).toContain('<mark>lighthouse</mark>');
  });

  it('finds words by a prefix ending in *', async () => {
    const { body } = await get('/api/articles/search?q=lighth*');
    expect(body.total).toBe(2);
    // Two letters are too short a prefix to search by: it is the word "li", which nothing contains.
    expect((await get('/api/articles/search?q=li*')).body.total).toBe(0);
  });

  it('counts a word in nearly every article as far as the page needs, says so, and pages through the ranked ones', async () => {
    const { body } = await get('/api/articles/search?q=city&limit=100');
    // The page's block and the next one: more than the page, so a client asks for the next page.
    expect(body).toMatchObject({ total: 200, total_capped: true });
    expect(body.articles).toHaveLength(100);
    const second = await get('/api/articles/search?q=city&limit=100&offset=100');
    expect(second.body).toMatchObject({ total: 300, total_capped: true });
    expect(second.body.articles.map((a: { article_id: string }) => a.article_id)).not.toContain(body.articles[99]?.article_id);
    const last = await get(`/api/articles/search?q=city&limit=100&offset=${SEARCH_CANDIDATES - 30}`);
    expect(last.body).toMatchObject({ total: SEARCH_CANDIDATES, total_capped: true });
    expect(last.body.articles).toHaveLength(30);
    expect((await get(`/api/articles/search?q=city&offset=${SEARCH_CANDIDATES}`)).body.articles).toEqual([]);
  });
});

describe('bad input', () => {
  it('answers a hundred words, hundreds of words and a 10 kB query with a 400 that says why', async () => {
    const many = await get(`/api/articles/search?q=${encodeURIComponent(Array(100).fill('a').join(' '))}`);
    expect(many.status).toBe(400);
    expect(many.body.error.message).toMatch(/words/);
    const long = await get(`/api/articles/search?q=${'a'.repeat(10_000)}`);
    expect(long.status).toBe(400);
    expect(long.body.error.message).toMatch(/characters/);
    const hundreds = await get(`/api/articles/search?q=${encodeURIComponent(Array(400).fill('city').join(' '))}`);
    expect(hundreds.status).toBe(400);
  });

  it('answers an offset of 10 million with an empty page and limits of 0 or 10,000 with a 400', async () => {
    for (const path of ['/api/articles/latest', '/api/articles/search?q=city&']) {
      const sep = path.includes('?') ? '' : '?';
      const far = await get(`${path}${sep}offset=10000000`);
      expect(far.status).toBe(200);
      expect(far.body.articles).toEqual([]);
      for (const limit of ['0', '10000']) {
        const res = await get(`${path}${sep}limit=${limit}`);
        expect(res.status).toBe(400);
        expect(res.body.error.parameter).toBe('limit');
      }
    }
  });
});

describe('pages rendered when written', () => {
  it('stores every language page with the article and serves it; ja reads the en page', () => {
    const dictionary = testDictionary();
    store.setRenderer(articleRenderer(dictionary));
    const written: ArticleInput = syntheticArticle(COUNT + 1, 3);
    store.upsert(written);
    store.setRenderer(undefined);
    const zh = store.byId(written.id, 'zh');
    expect(zh?.html).toContain('nr-article');
    expect(zh?.html).toContain('合成文章');
    expect(store.byId(written.id, 'en')?.html).not.toContain('合成文章');
  });

  it('renders an article stored without pages on its first read, stores it, and the start-up pass fills the rest', async () => {
    const plain = syntheticArticle(COUNT + 2, 3);
    store.upsert(plain);
    expect(store.byId(plain.id, 'es')?.html).toBeUndefined();
    const { body } = await get(`/api/articles/${plain.id}?language=es`);
    expect(body.article.html_content).toContain('Artículo sintético');
    expect(store.byId(plain.id, 'es')?.html).toBe(body.article.html_content);
    const pass = await applyRenderPass(store, articleRenderer(testDictionary()), 'test');
    expect(pass.rendered).toBeGreaterThan(0);
    expect(store.idsWithoutHtml(10)).toEqual([]);
    expect((await applyRenderPass(store, articleRenderer(testDictionary()), 'test')).rendered).toBe(0);
  }, 60_000);
});

describe('the answer cache', () => {
  it('answers a repeat from the cache, and a write from another connection shows on the next request', async () => {
    const before = await get('/api/articles/latest?limit=1');
    const again = await app.inject({ url: '/api/articles/latest?limit=1', headers: { 'if-none-match': String(before.headers.etag) } });
    expect(again.statusCode).toBe(304);
    // Another connection stands for the importer's process: the server learns of the write from the database.
    const importer = openSqliteStore(databasePath);
    importer.upsert(
      article({
        id: 'breaking',
        source: 'npr',
        title: 'Breaking news',
        publishedAt: '2030-01-01T00:00:00Z',
        summary: 'Now.',
        paragraphs: ['Just in.'],
        difficulty: 'advanced',
        categories: ['politics'],
      }),
    );
    importer.close();
    const after = await get('/api/articles/latest?limit=1');
    expect(after.body.articles[0]?.article_id).toBe('breaking');
    expect(after.body.total).toBe(before.body.total + 1);
  });
});
