/**
 * A file written at schema v11 (prefixes matched in the stemmed index) upgraded to v12 (search-words.ts): with more
 * articles than a migration fills at once, the index of words as written is filled afterwards in batches. Until then a
 * prefix search says search_rebuilding and whole words are served; articles written, edited and deleted meanwhile are
 * indexed once; afterwards prefix search answers what a database written at v12 answers.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore, type SqliteArticleStore } from '../../server/store/sqlite/sqlite-store';
import { INLINE_FILL_MAX } from '../../server/store/sqlite/search-order';
import { SearchRebuildingError } from '../../server/store/store-errors';
import { syntheticArticles } from '../support/synthetic-articles';
import { article } from './fixtures';

const ARTICLES = INLINE_FILL_MAX + 300;
const dir = mkdtempSync(join(tmpdir(), 'nr-search-words-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PREFIXES = ['harb*', 'cit*', 'zep*', 'fes*', 'harb* city'];

const answers = (store: SqliteArticleStore) =>
  PREFIXES.map((q) => {
    const page = store.search({ q, limit: 20, offset: 0 });
    return { q, total: page.total, ids: page.items.map((item) => item.id) };
  });

/** What a v11 server left: no article_words, no owed rows, no v12 record (nor v13's article_terms). */
function downgradeToV11(path: string): void {
  const db = new Database(path);
  db.exec(`
    DROP TABLE article_words;
    DROP TABLE search_words_owed;
    DROP TABLE article_terms;
    DELETE FROM schema_fills WHERE name = 'search-terms';
    DELETE FROM schema_migrations WHERE version >= 12;
    PRAGMA user_version = 11;
  `);
  db.close();
}

const festival = (id: string, title: string) =>
  article({
    id,
    source: 'npr',
    title,
    publishedAt: '2026-11-21T00:00:00Z',
    summary: 'Music.',
    paragraphs: [title],
    difficulty: 'beginner',
    categories: ['education'],
  });

describe('the v12 fill of the index of words as written', () => {
  it('answers prefixes only once filled, indexes what is written meanwhile once, then answers as a new file does', () => {
    const reference = join(dir, 'reference.db');
    const seeded = openSqliteStore(reference);
    seeded.upsertMany(syntheticArticles(ARTICLES, 7));
    seeded.close();
    const upgraded = join(dir, 'upgraded.db');
    copyFileSync(reference, upgraded);
    downgradeToV11(upgraded);

    const store = openSqliteStore(upgraded);
    expect(store.searchWordsFill.owedSince()).toBeDefined();
    expect(() => store.search({ q: 'harb*', limit: 20, offset: 0 })).toThrow(SearchRebuildingError);
    expect(store.search({ q: 'harbor', limit: 20, offset: 0 }).total).toBeGreaterThan(0);

    // Written while the fill is owed: a new article, an edit of a stored one, a deletion.
    const ids = [...syntheticArticles(ARTICLES, 7)].map((a) => a.id);
    store.upsert(festival('fill-new', 'A festival opens'));
    store.searchWordsFill.fillWrite(ids.slice(0, 500));
    store.upsert(festival(ids[10]!, 'The festival moved'));
    store.mergeStory(ids[600]!, ids[601]!);
    store.searchWordsFill.fillWrite(ids.slice(0, 500));
    store.searchWordsFill.fillWrite(ids.slice(500));
    store.searchWordsFill.finishWrite();
    while (store.searchWordsFill.mergeWrite()) {
      /* merged in slices */
    }
    expect(store.searchWordsFill.owedSince()).toBeUndefined();

    const fresh = openSqliteStore(reference);
    fresh.upsert(festival('fill-new', 'A festival opens'));
    fresh.upsert(festival(ids[10]!, 'The festival moved'));
    fresh.mergeStory(ids[600]!, ids[601]!);
    expect(answers(store)).toEqual(answers(fresh));
    const found = store.search({ q: 'fes*', limit: 100, offset: 0 }).items.map((item) => item.id);
    expect(found).toEqual(expect.arrayContaining(['fill-new', ids[10]]));
    expect(found).not.toContain(ids[600]);
    fresh.close();

    const db = new Database(upgraded);
    db.exec("INSERT INTO article_words (article_words) VALUES ('integrity-check')");
    expect(db.prepare('SELECT count(*) FROM search_words_owed').pluck().get()).toBe(0);
    db.close();
    store.close();
  }, 120_000);
});
