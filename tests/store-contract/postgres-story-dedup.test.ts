// @vitest-environment node
/**
 * Story identity on PostgreSQL (issue 35): importers running at once, each with its own connection
 * pool as separate processes or nodes would have, over feeds carrying the same stories under other
 * links, end with one article per story; an update under a new link keeps its id; articles stored
 * before migration v4 are fingerprinted by the next import; the merge command's aliases answer through
 * the server (301 for the page, the kept article for the API).
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { testConfig } from '../../server/config';
import { articleRenderer } from '../../server/content/stored-pages';
import { buildArticle } from '../../server/ingest/article-builder';
import { importFeeds, type FeedSpec, type ImportSummary } from '../../server/ingest/importer';
import { mergeDuplicates } from '../../server/ingest/merge-duplicates';
import { openPostgresStore, type PostgresArticleStore } from '../../server/store/postgres/postgres-store';
import { startFixtureServer, type FixtureServer } from '../ingest/fixture-server';
import { FERRY, FERRY_UPDATED, LIBRARY, atomFeed, rssFeed, storyPages } from '../ingest/story-fixtures';
import { makeTempDir, testDictionary, writeDist } from '../server/fixtures';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

const O = '{{ORIGIN}}';
let server: FixtureServer;
let database: TestDatabase;
let dir: string;
const stores: PostgresArticleStore[] = [];
let app: FastifyInstance | undefined;

beforeAll(async () => {
  server = await startFixtureServer({
    ...storyPages(),
    '/feeds/local.xml': rssFeed('Local', [
      { title: 'Library Roof Will Be Fixed Before Winter', link: `${O}/r/8f3a`, guid: 'local-1' },
      { title: 'Ferry Timetable Changes for the Holidays', link: `${O}/news/ferry-timetable?utm_source=rss` },
      { title: 'Council Approves New Budget', link: `${O}/news/budget-hilltown` },
      { title: 'Council Approves New Budget', link: `${O}/news/budget-riverside` },
    ]),
    '/feeds/town.xml': atomFeed('Town', [
      { title: 'Library roof repairs to start', link: `${O}/amp/news/library-roof`, guid: 'town-1' },
      { title: 'Library Roof Will Be Fixed Before Winter', link: `${O}/news/library-roof?fbclid=IwAR0x` },
      { title: 'Holiday ferry timetable', link: `${O}/news/ferry-timetable#top`, guid: 'town-3' },
    ]),
    // The same library story with its full text in the feed, under a link of another host spelling: only its text tells.
    '/feeds/syndicated.xml': rssFeed('Syndicated', [
      { title: 'Library roof (syndicated)', link: 'https://partner.example/stories/4471', paragraphs: LIBRARY },
    ]),
  });
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  database = await createTestDatabase();
  dir = makeTempDir('nr-pg-story-');
});
afterEach(async () => {
  await app?.close();
  app = undefined;
  await Promise.all(stores.splice(0).map((store) => store.close()));
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function openStore(): Promise<PostgresArticleStore> {
  const store = await openPostgresStore(database.url, { versionRefreshMs: 3_600_000 });
  store.setRenderer(articleRenderer(testDictionary()));
  stores.push(store);
  return store;
}

function feed(path: string): FeedSpec {
  return { url: server.url(path), source: 'npr' };
}

async function run(
  store: PostgresArticleStore,
  feeds: FeedSpec[],
): Promise<{ summary: ImportSummary; failures: string[]; ids: Map<string, string> }> {
  const failures: string[] = [];
  const ids = new Map<string, string>();
  const summary = await importFeeds(store, feeds, {
    allowPrivateHosts: true,
    timeoutMs: 5000,
    dictionary: testDictionary(),
    reporter: {
      itemDone: (_feed, outcome, detail) => {
        if (outcome === 'failed') failures.push(`${detail.title}: ${detail.reason}`);
        else if (detail.id) ids.set(detail.title, detail.id);
      },
      feedFailed: (_feed, reason) => failures.push(`feed: ${reason}`),
    },
  });
  return { summary, failures, ids };
}

describe('story identity on PostgreSQL', () => {
  it('three importers at once over feeds with the same stories end with one article per story', async () => {
    const [a, b, c] = await Promise.all([openStore(), openStore(), openStore()]);
    const runs = await Promise.all([
      run(a!, [feed('/feeds/local.xml'), feed('/feeds/town.xml'), feed('/feeds/syndicated.xml')]),
      run(b!, [feed('/feeds/syndicated.xml'), feed('/feeds/town.xml'), feed('/feeds/local.xml')]),
      run(c!, [feed('/feeds/town.xml'), feed('/feeds/syndicated.xml'), feed('/feeds/local.xml')]),
    ]);
    expect(runs.flatMap((r) => r.failures)).toEqual([]);
    // Four stories: the library (five links, one of them on another site), the ferry, two budgets with one title.
    expect(runs.reduce((sum, r) => sum + r.summary.imported, 0)).toBe(4);
    expect(await a!.count()).toBe(4);
    const titles = (await a!.latest({ limit: 10, offset: 0 })).items.map((item) => item.title);
    expect(titles.filter((title) => title === 'Council Approves New Budget').length).toBe(2);
    // Every importer named the same id for the library story, whichever link it came by.
    const libraryIds = new Set(
      runs.flatMap((r) => [...r.ids].filter(([title]) => title.toLowerCase().startsWith('library')).map(([, id]) => id)),
    );
    expect(libraryIds.size).toBe(1);
  }, 60_000);

  it('updates a story reached under a new link with one sentence changed, under its id; the older version seen again changes nothing', async () => {
    const store = await openStore();
    server.routes.set(
      '/feeds/ferry-1.xml',
      rssFeed('Ferry', [{ title: 'Ferry Timetable', link: `${O}/news/ferry-timetable`, guid: 'f1' }]),
    );
    server.routes.set(
      '/feeds/ferry-2.xml',
      rssFeed('Ferry', [{ title: 'Ferry Will Wait', link: `${O}/news/ferry-timetable-update`, guid: 'f2' }]),
    );
    const first = await run(store, [feed('/feeds/ferry-1.xml')]);
    const id = first.ids.get('Ferry Timetable')!;
    const second = await run(store, [feed('/feeds/ferry-2.xml')]);
    expect(second.summary).toMatchObject({ imported: 0, updated: 1, unchanged: 0 });
    expect(second.ids.get('Ferry Will Wait')).toBe(id);
    expect((await store.byId(id))!.paragraphs).toEqual(FERRY_UPDATED);
    expect((await store.search({ q: 'midnight', limit: 5, offset: 0 })).total).toBe(1);
    const third = await run(store, [feed('/feeds/ferry-1.xml'), feed('/feeds/ferry-2.xml')]);
    expect(third.summary).toMatchObject({ imported: 0, updated: 0, unchanged: 2 });
    expect((await store.byId(id))!.paragraphs).toEqual(FERRY_UPDATED);
    expect(await store.count()).toBe(1);
  }, 30_000);

  it('fingerprints articles stored before migration v4 at the next import, so they are recognised', async () => {
    const store = await openStore();
    const old = await buildArticle({
      source: 'npr',
      url: 'https://westport.example/library',
      title: 'Library Roof',
      publishedAt: '2026-11-18T08:00:00Z',
      paragraphs: LIBRARY,
      feedCategories: [],
    });
    await store.upsert(old);
    // As a database migrated from v3 has them: articles without identity rows.
    const { default: pg } = await import('pg');
    const client = new pg.Client(database.url);
    await client.connect();
    try {
      await client.query('DELETE FROM story_urls; DELETE FROM story_texts; DELETE FROM story_bands');
    } finally {
      await client.end();
    }
    server.routes.set(
      '/feeds/library.xml',
      rssFeed('Library', [{ title: 'Library Roof Will Be Fixed Before Winter', link: `${O}/r/8f3a` }]),
    );
    const { summary, ids } = await run(store, [feed('/feeds/library.xml')]);
    expect(summary).toMatchObject({ imported: 0, unchanged: 1 });
    expect(ids.get('Library Roof Will Be Fixed Before Winter')).toBe(old.id);
    expect(await store.count()).toBe(1);
  }, 30_000);

  it('merges stored duplicates: the older id is kept, the other answers 301 (page) and the kept article (API)', async () => {
    const store = await openStore();
    const build = (url: string, title: string, paragraphs: readonly string[], publishedAt: string) =>
      buildArticle({ source: 'npr', url, title, publishedAt, paragraphs, feedCategories: [] });
    const kept = await build('https://westport.example/news/ferry', 'Ferry Timetable', FERRY, '2026-11-18T08:00:00Z');
    const copy = await build('https://westport.example/news/ferry-update', 'Ferry Will Wait', FERRY_UPDATED, '2026-11-19T08:00:00Z');
    await store.upsert(kept);
    await store.upsert(copy);
    expect((await mergeDuplicates(store, { dryRun: true })).map((s) => [s.drop.id, s.keep.id])).toEqual([[copy.id, kept.id]]);
    expect(await store.count()).toBe(2);
    expect((await mergeDuplicates(store)).length).toBe(1);
    expect(await store.count()).toBe(1);

    app = await buildServer({
      store,
      config: testConfig({ publicUrl: 'https://reader.test', distDir: writeDist(dir), rateLimitMax: 0 }),
      dictionary: testDictionary(),
    });
    const page = await app.inject(`/es/articles/${copy.id}`);
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe(`/es/articles/${kept.id}`);
    const answer = await app.inject(`/api/articles/${copy.id}?language=en`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ article: { article_id: string } }>().article.article_id).toBe(kept.id);
    expect((await app.inject('/api/articles/latest')).json<{ total: number }>().total).toBe(1);
    // Written again (a corpus reload), the merged-away article stays merged.
    expect(await store.upsert(copy)).toBe('unchanged');
    expect(await store.count()).toBe(1);
  }, 30_000);
});
