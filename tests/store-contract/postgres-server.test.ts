// @vitest-environment node
/**
 * The server on PostgreSQL: buildServer with the PostgreSQL store, answered through inject(), and
 * two servers (two nodes) on one database, where a write through one must reach the other's
 * answer cache by NOTIFY.
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { testConfig } from '../../server/config';
import { articleRenderer } from '../../server/content/stored-pages';
import { openPostgresStore, type PostgresArticleStore } from '../../server/store/postgres/postgres-store';
import { article, FIXTURES, makeTempDir, testDictionary, writeDist } from '../server/fixtures';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

interface ListBody {
  articles: { article_id: string; snippet?: string }[];
  total: number;
}

let database: TestDatabase;
let dir: string;
const stores: PostgresArticleStore[] = [];
const apps: FastifyInstance[] = [];

async function node(): Promise<{ store: PostgresArticleStore; app: FastifyInstance }> {
  const store = await openPostgresStore(database.url, { versionRefreshMs: 3_600_000 });
  store.setRenderer(articleRenderer(testDictionary()));
  const app = await buildServer({
    store,
    config: testConfig({ publicUrl: 'https://reader.test', distDir: writeDist(dir), rateLimitMax: 0 }),
    dictionary: testDictionary(),
  });
  await app.ready();
  stores.push(store);
  apps.push(app);
  return { store, app };
}

beforeAll(async () => {
  database = await createTestDatabase();
  dir = makeTempDir('nr-pg-server-');
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await Promise.all(stores.map((store) => store.close()));
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the server on PostgreSQL', () => {
  it('answers lists, articles, search and health from the database', async () => {
    const { store, app } = await node();
    await store.upsertMany(FIXTURES);

    const latest = await app.inject('/api/articles/latest?limit=2');
    expect(latest.statusCode).toBe(200);
    expect(latest.json<ListBody>()).toMatchObject({
      total: 6,
      articles: [{ article_id: 'f-telescope-title' }, { article_id: 'f-budget-vote' }],
    });

    const one = await app.inject('/api/articles/f-telescope-title?language=zh');
    expect(one.statusCode).toBe(200);
    const { article: body } = one.json<{ article: { article_id: string; html_content: string } }>();
    expect(body.article_id).toBe('f-telescope-title');
    expect(body.html_content).toContain('天文台公众开放夜');
    expect((await app.inject('/api/articles/no-such-article')).statusCode).toBe(404);

    const search = await app.inject('/api/articles/search?q=telescope');
    expect(search.statusCode).toBe(200);
    const found = search.json<ListBody>();
    expect(found.articles.map((a) => a.article_id)).toEqual(['f-telescope-title', 'f-telescope-summary', 'f-telescope-body']);
    expect(found.articles[0]!.snippet).toContain('<mark>telescope</mark>');

    const health = await app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', database: 'reachable', article_count: 6 });

    const page = await app.inject('/en/articles/f-telescope-title');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('New telescope opens on the mountain');
  });

  it("shows a write through one node in the other node's cached answers", async () => {
    const [first, second] = [apps[0]!, (await node()).app];
    const before = (await first.inject('/api/articles/latest?limit=1')).json<ListBody>();
    // Asked twice, so the answer is kept in the first node's cache (answer-cache.ts keeps from the second request).
    expect((await first.inject('/api/articles/latest?limit=1')).json<ListBody>()).toEqual(before);
    const writer = stores[1]!;
    await writer.upsert(
      article({
        id: 'node-two-news',
        source: 'npr',
        title: 'Written through the second node',
        publishedAt: '2026-11-12T00:00:00Z',
        summary: 'Fresh.',
        paragraphs: ['A new story.'],
        difficulty: 'beginner',
        categories: ['education'],
      }),
    );
    expect((await second.inject('/api/articles/latest?limit=1')).json<ListBody>().articles[0]!.article_id).toBe('node-two-news');
    const deadline = Date.now() + 3000;
    let seen = '';
    while (Date.now() < deadline) {
      seen = (await first.inject('/api/articles/latest?limit=1')).json<ListBody>().articles[0]!.article_id;
      if (seen === 'node-two-news') break;
      await new Promise((done) => setTimeout(done, 25));
    }
    expect(seen).toBe('node-two-news');
  });

  it('reports the database unavailable (503) when PostgreSQL is gone', async () => {
    await database.drop();
    const health = await apps[0]!.inject('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });
    expect((await apps[0]!.inject('/api/articles/search?q=moon')).statusCode).toBe(503);
  });
});
