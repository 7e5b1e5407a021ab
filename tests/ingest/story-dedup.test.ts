// @vitest-environment node
/**
 * One story, one article: the importer recognises a story it already has (issue 35), end to end.
 * Feeds and pages come from a local server (story-fixtures.ts), articles go into a real SQLite file,
 * and what a reader meets is read back through the real server: the list, the article API, search,
 * the article page (and, for merged duplicates, its 301).
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ArticlePageCodec, ArticleResponseCodec } from '../../common/contract';
import { buildServer } from '../../server/app';
import { testConfig } from '../../server/config';
import { articleId, buildArticle } from '../../server/ingest/article-builder';
import { importFeeds, type FeedSpec, type ImportSummary } from '../../server/ingest/importer';
import { mergeDuplicates } from '../../server/ingest/merge-duplicates';
import { migrate } from '../../server/store/sqlite/migrations';
import { openSqliteStore, type SqliteArticleStore } from '../../server/store/sqlite/sqlite-store';
import { SIMILAR_TEXT_THRESHOLD, textSimilarity } from '../../server/store/story-identity';
import { makeTempDir, testDictionary, testDictionaryPath, writeDist } from '../server/fixtures';
import { startFixtureServer, type FixtureServer } from './fixture-server';
import { logMessages } from './log-messages';
import {
  BUDGET_HILLTOWN,
  BUDGET_RIVERSIDE,
  FERRY,
  FERRY_UPDATED,
  GARDENS,
  GARDENS_FOLLOW_UP,
  LIBRARY,
  MARKET,
  atomFeed,
  rssFeed,
  storyPages,
} from './story-fixtures';
import { sqliteSeam } from '../../server/store/sqlite/sqlite-seam';

const ROOT = join(import.meta.dirname, '../..');

let server: FixtureServer;
let dir: string;
let store: SqliteArticleStore;
let app: FastifyInstance | undefined;

beforeAll(async () => {
  server = await startFixtureServer(storyPages());
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  dir = makeTempDir('story-dedup-');
  store = openSqliteStore(join(dir, 'newsreader.db'));
  server.requests.length = 0;
});
afterEach(async () => {
  await app?.close();
  app = undefined;
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const O = '{{ORIGIN}}';

/** The two sections' feeds: the same stories under other links, and two stories with one title. */
function sectionFeeds(): void {
  server.routes.set(
    '/feeds/local.xml',
    rssFeed('Local', [
      { title: 'Library Roof Will Be Fixed Before Winter', link: `${O}/r/8f3a`, guid: 'local-1' },
      { title: 'Ferry Timetable Changes for the Holidays', link: `${O}/news/ferry-timetable?utm_source=rss&utm_campaign=holidays` },
      { title: 'Council Approves New Budget', link: `${O}/news/budget-hilltown`, guid: 'local-3' },
      { title: 'Council Approves New Budget', link: `${O}/news/budget-riverside`, guid: 'local-4' },
    ]),
  );
  server.routes.set(
    '/feeds/town.xml',
    atomFeed('Town', [
      { title: 'Library roof repairs to start', link: `${O}/amp/news/library-roof`, guid: 'town-1' },
      { title: 'Library Roof Will Be Fixed Before Winter', link: `${O}/news/library-roof/?fbclid=IwAR0x&mc_cid=77#comments` },
      { title: 'Holiday ferry timetable', link: `${O}/news/ferry-timetable#top`, guid: 'town-3' },
    ]),
  );
}

function feed(path: string, source: FeedSpec['source'] = 'npr'): FeedSpec {
  return { url: server.url(path), source };
}

interface Run {
  summary: ImportSummary;
  failures: string[];
  /** Item title -> the id it was stored under (or found as). */
  ids: Map<string, string>;
}

async function run(feeds: FeedSpec[], target: Parameters<typeof importFeeds>[0] = store): Promise<Run> {
  const failures: string[] = [];
  const ids = new Map<string, string>();
  const summary = await importFeeds(target, feeds, {
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

async function api(): Promise<FastifyInstance> {
  app ??= await buildServer({
    store: sqliteSeam(store),
    config: testConfig({
      databasePath: join(dir, 'newsreader.db'),
      distDir: writeDist(dir),
      publicUrl: 'https://reader.test',
      loadCorpus: false,
      rateLimitMax: 0,
    }),
  });
  return app;
}

async function list() {
  const response = await (await api()).inject({ method: 'GET', url: '/api/articles/latest?language=en&limit=50' });
  const page = ArticlePageCodec.decode(response.json());
  if (page._tag === 'Left') throw new Error('list response does not match the contract');
  return page.right;
}

async function detail(id: string) {
  const response = await (await api()).inject({ method: 'GET', url: `/api/articles/${encodeURIComponent(id)}?language=en` });
  expect(response.statusCode).toBe(200);
  const decoded = ArticleResponseCodec.decode(response.json());
  if (decoded._tag === 'Left') throw new Error('detail response does not match the contract');
  return decoded.right.article;
}

/** What a reader sees of rendered HTML: its text, whatever elements the words are wrapped in. */
function textOf(html: string | null | undefined): string {
  return new JSDOM(html ?? '').window.document.body.textContent ?? '';
}

/** `npm run ingest` as a person runs it: a child process on DATABASE_PATH. */
function cli(args: string[], database: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/ingest/cli.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_PATH: database, DICTIONARY_PATH: testDictionaryPath(), TRANSLATION_PROVIDER: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: logMessages(stdout), stderr }));
  });
}

async function searchTotal(q: string): Promise<number> {
  const response = await (await api()).inject({ method: 'GET', url: `/api/articles/search?language=en&q=${encodeURIComponent(q)}` });
  return (response.json() as { total: number }).total;
}

describe('a story reached through other links', () => {
  it('is stored once behind a redirect, an AMP copy, tracking parameters and two sections’ feeds; two stories with one title stay two', async () => {
    sectionFeeds();
    const first = await run([feed('/feeds/local.xml'), feed('/feeds/town.xml')]);
    expect(first.failures).toEqual([]);
    // Seven items, four stories: the library three times, the ferry twice, two budgets.
    expect(first.summary).toMatchObject({ imported: 4, updated: 0, unchanged: 3, failed: 0 });
    const libraryIds = new Set(
      ['Library Roof Will Be Fixed Before Winter', 'Library roof repairs to start'].map((title) => first.ids.get(title)),
    );
    expect(libraryIds.size).toBe(1);

    const page = await list();
    expect(page.total).toBe(4);
    expect(page.articles.filter((a) => a.title.startsWith('Library')).length).toBe(1);
    // Two different stories with the same title are both there, each with its own text.
    const budgets = page.articles.filter((a) => a.title === 'Council Approves New Budget');
    expect(budgets.length).toBe(2);
    const texts = await Promise.all(budgets.map(async (b) => (await detail(b.article_id)).html_content ?? ''));
    expect(texts.some((html) => textOf(html).includes('snow ploughs'))).toBe(true);
    expect(texts.some((html) => textOf(html).includes('reading teachers'))).toBe(true);
    // Search finds the library story once.
    expect(await searchTotal('library roof beams')).toBe(1);

    // The next run finds every story stored: nothing new, nothing changed.
    const second = await run([feed('/feeds/local.xml'), feed('/feeds/town.xml')]);
    expect(second.summary).toMatchObject({ imported: 0, updated: 0, unchanged: 7, failed: 0 });
    expect(store.count()).toBe(4);
  });

  it('recognises a story linked over https after it was read over http, with its full text in the feed', async () => {
    server.routes.set('/feeds/short.xml', rssFeed('Short', [{ title: 'Library Roof', link: `${O}/r/8f3a` }]));
    await run([feed('/feeds/short.xml')]);
    const https = server.origin.replace('http://', 'https://');
    server.routes.set(
      '/feeds/full.xml',
      rssFeed('Full', [
        { title: 'Library Roof Will Be Fixed Before Winter', link: `${https}/news/library-roof?utm_medium=social`, paragraphs: LIBRARY },
      ]),
    );
    const { summary, failures } = await run([feed('/feeds/full.xml')]);
    expect(failures).toEqual([]);
    expect(summary).toMatchObject({ imported: 0, updated: 0, unchanged: 1 });
    expect(store.count()).toBe(1);
  });

  it('trusts og:url on the page’s own site: a rewritten story at that address updates the same article', async () => {
    server.routes.set(
      '/feeds/gardens.xml',
      rssFeed('Gardens', [{ title: 'Car Park Becomes a Garden', link: `${O}/news/garden-share?id=7` }]),
    );
    const first = await run([feed('/feeds/gardens.xml')]);
    const id = first.ids.get('Car Park Becomes a Garden')!;
    // Not a near-copy: only the address says it is the same story.
    expect(textSimilarity(GARDENS, GARDENS_FOLLOW_UP)).toBeLessThan(SIMILAR_TEXT_THRESHOLD);
    server.routes.set(
      '/feeds/gardens-later.xml',
      rssFeed('Gardens later', [
        {
          title: 'Shared Garden Wins a City Prize',
          link: `${O}/news/community-gardens?ocid=rss`,
          guid: 'g-2',
          paragraphs: GARDENS_FOLLOW_UP,
        },
      ]),
    );
    const second = await run([feed('/feeds/gardens-later.xml')]);
    expect(second.summary).toMatchObject({ imported: 0, updated: 1, unchanged: 0 });
    expect(second.ids.get('Shared Garden Wins a City Prize')).toBe(id);
    const article = await detail(id);
    expect(article.title).toBe('Shared Garden Wins a City Prize');
    expect(textOf(article.html_content)).toContain('has won a city prize');
  });

  it('does not trust a canonical address on another site, or the home page: two stories claiming one are kept apart', async () => {
    server.routes.set(
      '/feeds/claims.xml',
      rssFeed('Claims', [
        { title: 'Market to Open on Sundays', link: `${O}/news/market-sundays` },
        { title: 'Bus Lanes for the Hospital Road', link: `${O}/news/bus-lanes` },
      ]),
    );
    const { summary } = await run([feed('/feeds/claims.xml')]);
    expect(summary).toMatchObject({ imported: 2, failed: 0 });
    expect((await list()).total).toBe(2);

    // The same two stories on a site whose every page names its home page as canonical, in a fresh database.
    const other = openSqliteStore(join(dir, 'home-canonical.db'));
    try {
      server.routes.set(
        '/feeds/home-canonical.xml',
        rssFeed('Home', [
          { title: 'Market to Open on Sundays', link: `${O}/local/market-sundays` },
          { title: 'Bus Lanes for the Hospital Road', link: `${O}/local/bus-lanes` },
        ]),
      );
      const home = await run([feed('/feeds/home-canonical.xml')], other);
      expect(home.summary).toMatchObject({ imported: 2, failed: 0 });
      expect(other.count()).toBe(2);
    } finally {
      other.close();
    }
  });
});

describe('a story updated under a new GUID and link', () => {
  it('updates the stored article (same id, new text, search and vocabulary refreshed); the old version seen again changes nothing', async () => {
    server.routes.set(
      '/feeds/ferry.xml',
      rssFeed('Ferry', [{ title: 'Ferry Timetable Changes for the Holidays', link: `${O}/news/ferry-timetable`, guid: 'ferry-1' }]),
    );
    const first = await run([feed('/feeds/ferry.xml')]);
    const id = first.ids.get('Ferry Timetable Changes for the Holidays')!;
    expect(await searchTotal('half past ten')).toBe(1);

    server.routes.set(
      '/feeds/ferry.xml',
      rssFeed('Ferry', [{ title: 'Ferry Will Wait for the Fireworks', link: `${O}/news/ferry-timetable-update`, guid: 'ferry-2' }]),
    );
    const second = await run([feed('/feeds/ferry.xml')]);
    expect(second.failures).toEqual([]);
    expect(second.summary).toMatchObject({ imported: 0, updated: 1, unchanged: 0 });
    expect(second.ids.get('Ferry Will Wait for the Fireworks')).toBe(id);
    expect(store.count()).toBe(1);

    const article = await detail(id);
    expect(article.title).toBe('Ferry Will Wait for the Fireworks');
    expect(textOf(article.html_content)).toContain('will now leave at midnight');
    expect(textOf(article.html_content)).not.toContain('half past ten');
    expect(await searchTotal('midnight fireworks')).toBe(1);
    expect(await searchTotal('half past ten')).toBe(0);
    const stored = store.byId(id)!;
    for (const word of stored.vocabulary) expect(FERRY_UPDATED.join(' ')).toContain(word.example.replace(/^…|…$/g, '').slice(0, 20));
    // The rendered article page shows the new text too.
    const pageResponse = await (await api()).inject({ method: 'GET', url: `/en/articles/${id}` });
    expect(pageResponse.statusCode).toBe(200);

    // Both versions in the feeds now (a stale section feed): the story keeps its newer text, nothing flips.
    server.routes.set(
      '/feeds/stale.xml',
      rssFeed('Stale', [
        { title: 'Ferry Timetable Changes for the Holidays', link: `${O}/news/ferry-timetable?utm_source=stale`, guid: 'ferry-1' },
      ]),
    );
    const third = await run([feed('/feeds/ferry.xml'), feed('/feeds/stale.xml')]);
    expect(third.summary).toMatchObject({ imported: 0, updated: 0, unchanged: 2 });
    expect(store.byId(id)!.paragraphs).toEqual(FERRY_UPDATED);
    expect(FERRY).not.toEqual(FERRY_UPDATED);
  });
});

describe('stories stored before the importer recognised them', () => {
  it('are fingerprinted by the migration and recognised by address and by text on the next import', async () => {
    store.close();
    const path = join(dir, 'old.db');
    const db = new Database(path);
    migrate(db, 7);
    const insert = db.prepare(`INSERT INTO articles (id, url, source, title, published_at, summary, paragraphs,
        word_count, reading_time_minutes, difficulty, content_hash, imported_at, updated_at)
      VALUES (?, ?, 'npr', ?, '2026-11-19T08:00:00.000Z', 'An older summary.', ?, 90, 2, 'intermediate', ?, '2026-11-19T08:00:00.000Z', '2026-11-19T08:00:00.000Z')`);
    insert.run('old-budget', server.url('/news/budget-hilltown'), 'Council Approves New Budget', JSON.stringify(BUDGET_HILLTOWN), 'h1');
    // Stored from another address (a syndicated copy): only its text can tell.
    insert.run('old-library', 'https://elsewhere.example/library', 'Library Roof', JSON.stringify(LIBRARY), 'h2');
    db.close();
    store = openSqliteStore(path);
    // 8 is the story identity migration; later ones (9: machine help) follow it.
    expect(store.migration.applied[0]).toMatch(/^8: story identity/);

    server.routes.set(
      '/feeds/again.xml',
      rssFeed('Again', [
        { title: 'Council Approves New Budget', link: `${O}/news/budget-hilltown?utm_source=newsletter` },
        { title: 'Library Roof Will Be Fixed Before Winter', link: `${O}/r/8f3a` },
        { title: 'Council Approves New Budget', link: `${O}/news/budget-riverside` },
      ]),
    );
    const { summary, ids, failures } = await run([feed('/feeds/again.xml')]);
    expect(failures).toEqual([]);
    expect(summary).toMatchObject({ imported: 1, unchanged: 2 });
    expect(ids.get('Library Roof Will Be Fixed Before Winter')).toBe('old-library');
    expect(store.count()).toBe(3);
    expect(BUDGET_RIVERSIDE.length).toBeGreaterThan(0);
  });
});

describe('two importers at once on one SQLite file', () => {
  it('two `npm run ingest` processes over feeds with the same stories end with one article per story', async () => {
    sectionFeeds();
    store.close();
    const database = join(dir, 'newsreader.db');
    const feeds = [server.url('/feeds/local.xml'), server.url('/feeds/town.xml')];
    const [a, b] = await Promise.all([
      cli(['--allow-private-hosts', '--source', 'npr', ...feeds], database),
      cli(['--allow-private-hosts', '--source', 'npr', ...feeds.reverse()], database),
    ]);
    for (const result of [a, b]) {
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
    }
    const imported = [a, b].map((result) => Number(/^Summary: (\d+) imported/m.exec(result.stdout)?.[1]));
    expect(imported[0]! + imported[1]!).toBe(4);
    store = openSqliteStore(database);
    expect(store.count()).toBe(4);
  }, 60_000);
});

describe('merging duplicates already stored', () => {
  async function storeDuplicates(): Promise<{ library: string; libraryCopy: string; ferry: string; ferryUpdate: string; market: string }> {
    const build = (url: string, title: string, paragraphs: readonly string[], publishedAt: string) =>
      buildArticle({ source: 'npr', url, title, publishedAt, paragraphs, feedCategories: [] });
    // Written through the plain write path, as importers before story identity did: four articles, two stories twice.
    const articles = [
      await build(
        'https://westport.example/news/library-roof',
        'Library Roof Will Be Fixed Before Winter',
        LIBRARY,
        '2026-11-18T08:00:00Z',
      ),
      await build('https://westport.example/news/ferry', 'Ferry Timetable Changes for the Holidays', FERRY, '2026-11-18T09:00:00Z'),
      await build('https://westport.example/amp/library', 'Library roof repairs to start', LIBRARY, '2026-11-19T08:00:00Z'),
      await build('https://westport.example/news/ferry-update', 'Ferry Will Wait for the Fireworks', FERRY_UPDATED, '2026-11-19T09:00:00Z'),
      await build('https://westport.example/news/market', 'Market to Open on Sundays', MARKET, '2026-11-19T10:00:00Z'),
    ];
    for (const article of articles) expect(store.upsert(article)).toBe('imported');
    const [library, ferry, libraryCopy, ferryUpdate, market] = articles.map((a) => a.id) as [string, string, string, string, string];
    return { library, libraryCopy, ferry, ferryUpdate, market };
  }

  it('keeps the older id, and the other’s page answers 301 to it and its API address with the kept article', async () => {
    const ids = await storeDuplicates();
    expect(store.count()).toBe(5);

    const planned = await mergeDuplicates(store, { dryRun: true });
    expect(planned.map((step) => [step.drop.id, step.keep.id, step.matchedBy])).toEqual([
      [ids.libraryCopy, ids.library, 'same text'],
      [ids.ferryUpdate, ids.ferry, 'similar text'],
    ]);
    // A dry run changes nothing.
    expect(store.count()).toBe(5);
    expect((await (await api()).inject({ method: 'GET', url: `/en/articles/${ids.libraryCopy}` })).statusCode).toBe(200);

    const merged = await mergeDuplicates(store);
    expect(merged.length).toBe(2);
    expect(store.count()).toBe(3);
    expect((await list()).total).toBe(3);
    expect(await searchTotal('library roof beams')).toBe(1);

    const server_ = await api();
    const moved = await server_.inject({ method: 'GET', url: `/en/articles/${ids.libraryCopy}` });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/en/articles/${ids.library}`);
    const movedWithQuery = await server_.inject({ method: 'GET', url: `/zh/articles/${ids.ferryUpdate}?from=words` });
    expect(movedWithQuery.statusCode).toBe(301);
    expect(movedWithQuery.headers.location).toBe(`/zh/articles/${ids.ferry}?from=words`);
    expect((await server_.inject({ method: 'GET', url: `/en/articles/${ids.library}` })).statusCode).toBe(200);
    // The API answers the old id with the kept article, naming its id.
    const answer = await detail(ids.libraryCopy);
    expect(answer.article_id).toBe(ids.library);
    expect(answer.title).toBe('Library Roof Will Be Fixed Before Winter');
    // An unknown id is still a 404 on both.
    expect((await server_.inject({ method: 'GET', url: '/api/articles/npr-0000000000000000?language=en' })).statusCode).toBe(404);

    // Nothing left to merge; writing a merged-away article again (a corpus reload) does not bring it back.
    expect(await mergeDuplicates(store)).toEqual([]);
    const again = await buildArticle({
      source: 'npr',
      url: 'https://westport.example/amp/library',
      title: 'Library roof repairs to start',
      publishedAt: '2026-11-19T08:00:00Z',
      paragraphs: LIBRARY,
      feedCategories: [],
    });
    expect(store.upsert(again)).toBe('unchanged');
    expect(store.count()).toBe(3);
    // And an import of the merged copy's story is recognised as the kept one.
    server.routes.set(
      '/feeds/after-merge.xml',
      rssFeed('After', [{ title: 'Library', link: 'https://westport.example/amp/library', paragraphs: LIBRARY }]),
    );
    const after = await run([feed('/feeds/after-merge.xml')]);
    expect(after.summary).toMatchObject({ imported: 0, unchanged: 1 });
    expect(after.ids.get('Library')).toBe(ids.library);
    expect(articleId('npr', 'https://westport.example/amp/library')).toBe(ids.libraryCopy);
  });

  it('is a command: --merge-duplicates --dry-run prints the plan, --merge-duplicates merges', async () => {
    await storeDuplicates();
    store.close();
    const database = join(dir, 'newsreader.db');
    const dry = await cli(['--merge-duplicates', '--dry-run'], database);
    expect(dry.stderr).toBe('');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(
      /^would merge: "Library roof repairs to start" \(npr-[0-9a-f]{16}\) into "Library Roof Will Be Fixed Before Winter"/m,
    );
    expect(dry.stdout).toMatch(/^Dry run: 2 duplicate\(s\) would be merged; nothing was changed$/m);
    const real = await cli(['--merge-duplicates'], database);
    expect(real.code).toBe(0);
    expect(real.stdout).toMatch(/^merged: "Ferry Will Wait for the Fireworks" .* same story by similar text$/m);
    expect(real.stdout).toMatch(/^Merged 2 duplicate\(s\) into the older article$/m);
    const usage = await cli(['--dry-run'], database);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--dry-run goes with --merge-duplicates/);
    store = openSqliteStore(join(dir, 'newsreader.db'));
    expect(store.count()).toBe(3);
  }, 60_000);
});
