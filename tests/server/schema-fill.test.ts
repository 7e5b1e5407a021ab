// @vitest-environment node
/**
 * The real server process on a database a version-9 server left with more articles than a migration fills at once
 * (search-order.ts, INLINE_FILL_MAX): it listens at once, answers /api/health (saying `migration`), lists and
 * article pages while the v10 fill runs, answers search with 503 `search_rebuilding` and Retry-After until then,
 * and, killed part-way, resumes the fill where it stopped; once it is done search answers what a database
 * written at the latest schema answers.
 */
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveServer, type LiveServer } from '../support/server-process';
import { READING_HELP_PASS } from '../../server/content/reading-help-pass';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import { INLINE_FILL_MAX } from '../../server/store/sqlite/search-order';
import { SEARCH_TERMS, syntheticArticles } from '../support/synthetic-articles';
import { downgradeToV9 } from '../support/schema-v9';
import { makeTempDir, testDictionary, testDictionaryPath, writeDist } from './fixtures';
import { pollUntil } from '../support/poll-until';

const ARTICLES = 1500;
const dir = makeTempDir('nr-fill-');
const dist = writeDist(dir);
const seeded = join(dir, 'v9.db');
const reference = join(dir, 'latest.db');
const QUERIES = [SEARCH_TERMS.rare.term, SEARCH_TERMS.common.term, 'harb*', `${SEARCH_TERMS.common.term} people`];

function start(databasePath: string): Promise<LiveServer> {
  return startLiveServer({
    DATABASE_PATH: databasePath,
    DICTIONARY_PATH: testDictionaryPath(),
    DIST_DIR: dist,
    LOAD_CORPUS: 'false',
    LOG_LEVEL: 'info',
    // Small batches, so the fill is still running when the first requests come and a kill lands part-way.
    CONTENT_PASS_BATCH_MS: '1',
  });
}

interface Health {
  code: number;
  migration?: { state: string; unavailable: string[]; checked: number; total: number | null };
}

async function health(url: string): Promise<Health> {
  const res = await fetch(`${url}/api/health`);
  return { ...((await res.json()) as Omit<Health, 'code'>), code: res.status };
}

/** The first page of each query (ids, newest first within a rank) and its total, as a database at the latest schema answers. */
function answersOf(store: {
  search: (q: { q: string; limit: number; offset: number }) => { items: readonly { id: string }[]; total: number };
}) {
  return QUERIES.map((q) => {
    const page = store.search({ q, limit: 20, offset: 0 });
    return { q, total: page.total, ids: page.items.map((item) => item.id).sort() };
  });
}

let expected: ReturnType<typeof answersOf>;

beforeAll(() => {
  const dictionary = testDictionary();
  const store = openSqliteStore(seeded);
  store.upsertMany(syntheticArticles(ARTICLES, 5));
  // Glosses already current: the reading-help pass writes nothing, so only the fill changes the search rows.
  store.recordContentPass(READING_HELP_PASS, dictionary.version);
  store.close();
  copyFileSync(seeded, reference);
  const latest = openSqliteStore(reference);
  expected = answersOf(latest);
  latest.close();
  downgradeToV9(seeded);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a schema upgrade that rebuilds the search index never holds the start', () => {
  it('serves at once while the fill runs, resumes it after a kill, then searches as a new database does', async () => {
    expect(ARTICLES).toBeGreaterThan(INLINE_FILL_MAX);
    const databasePath = join(dir, 'upgraded.db');
    copyFileSync(seeded, databasePath);
    const first = await start(databasePath);
    let killedAt = 0;
    try {
      const during = await health(first.url);
      expect(during.code).toBe(200);
      expect(during.migration).toMatchObject({ state: 'migrating', unavailable: ['search', 'prefix search'] });

      const search = await fetch(`${first.url}/api/articles/search?q=${SEARCH_TERMS.common.term}`);
      expect(search.status).toBe(503);
      expect(search.headers.get('retry-after')).toBe('30');
      expect(((await search.json()) as { error: { code: string } }).error.code).toBe('search_rebuilding');

      const latest = await fetch(`${first.url}/api/articles/latest?limit=5`);
      expect(latest.status).toBe(200);
      const [newest] = ((await latest.json()) as { articles: { article_id: string; title: string }[] }).articles;
      const page = await fetch(`${first.url}/en/articles/${encodeURIComponent(newest!.article_id)}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(newest!.title.replace(/&/g, '&amp;'));
      const article = await fetch(`${first.url}/api/articles/${encodeURIComponent(newest!.article_id)}`);
      expect(article.status).toBe(200);

      // Still migrating after those answers: killed part-way through the fill.
      const part = await pollUntil(
        () => health(first.url),
        (h) => (h.migration?.checked ?? 0) >= 100,
        120_000,
      );
      expect(part.migration?.checked).toBeLessThan(ARTICLES);
      killedAt = part.migration!.checked;
    } finally {
      first.child.kill('SIGKILL');
      await first.exited;
    }
    const db = new Database(databasePath, { readonly: true });
    // All owed: v10's, part-way, and v12's and v13's (search-words.ts, search-terms.ts), which wait for v10's keys.
    expect(db.prepare('SELECT name FROM schema_fills ORDER BY name').pluck().all()).toEqual([
      'search-keys',
      'search-terms',
      'search-words',
    ]);
    const keyed = db.prepare('SELECT count(*) FROM search_keys').pluck().get() as number;
    expect(keyed).toBeGreaterThanOrEqual(killedAt - 64);
    expect(keyed).toBeLessThan(ARTICLES);
    db.close();

    const second = await start(databasePath);
    try {
      const resumed = await health(second.url);
      expect(resumed.migration?.checked ?? 0).toBeGreaterThanOrEqual(killedAt - 64);
      const done = await pollUntil(
        () => health(second.url),
        (h) => h.migration === undefined,
        180_000,
      );
      expect(done.code).toBe(200);
      expect(second.output()).toMatch(/content pass schema:search-keys: resuming after \d+ of 1500 articles/);
      for (const want of expected) {
        const res = await fetch(`${second.url}/api/articles/search?q=${encodeURIComponent(want.q)}&limit=20`);
        expect(res.status).toBe(200);
        const body = (await res.json()) as { total: number; articles: { article_id: string }[] };
        expect({ q: want.q, total: body.total, ids: body.articles.map((a) => a.article_id).sort() }).toEqual(want);
      }
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
    const after = new Database(databasePath, { readonly: true });
    expect(after.prepare('SELECT count(*) FROM search_keys').pluck().get()).toBe(ARTICLES);
    expect(after.prepare("SELECT count(*) FROM sqlite_master WHERE name LIKE '%_by_time'").pluck().get()).toBe(0);
    expect(after.prepare('SELECT count(*) FROM search_words_owed').pluck().get()).toBe(0);
    after.close();
  }, 360_000);
});
