/**
 * A file written at schema v12 (ranking walked article_heads) upgraded to v13 (search-terms.ts): with more articles
 * than a migration fills at once, each article's title and summary tokens are written afterwards in batches. Search is
 * served all along and ranks the same before, during and after the fill, and as a file written at v13 does: the rows
 * only make the ranking cheaper. Articles written, edited and deleted meanwhile are ranked by what they say now.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore, type SqliteArticleStore } from '../../server/store/sqlite/sqlite-store';
import { INLINE_FILL_MAX } from '../../server/store/sqlite/search-order';
import { syntheticArticles } from '../support/synthetic-articles';
import { article } from './fixtures';

const ARTICLES = INLINE_FILL_MAX + 300;
const dir = mkdtempSync(join(tmpdir(), 'nr-search-terms-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Two words (a title hit ranks first), a hyphenated word (a phrase of two tokens), accents, a category, a deeper page.
const QUERIES = [
  { q: 'harbor city', limit: 20, offset: 0 },
  { q: 'city the', limit: 20, offset: 80 },
  { q: 'sea-lions harbor', limit: 20, offset: 0 },
  { q: 'café harbors', limit: 20, offset: 0 },
  { q: 'harbor market', limit: 20, offset: 0, category: 'health' },
  { q: 'festival city', limit: 20, offset: 0 },
] as const;

const answers = (store: SqliteArticleStore) =>
  QUERIES.map((query) => ({ q: query.q, ids: store.search(query).items.map((item) => item.id) }));

/** What a v12 server left: no article_terms, no v13 record. */
function downgradeToV12(path: string): void {
  const db = new Database(path);
  db.exec(`
    DROP TABLE article_terms;
    DELETE FROM schema_fills WHERE name = 'search-terms';
    DELETE FROM schema_migrations WHERE version >= 13;
    PRAGMA user_version = 12;
  `);
  db.close();
}

const titled = (id: string, title: string, summary: string) =>
  article({
    id,
    source: 'npr',
    title,
    publishedAt: '2030-01-01T00:00:00Z',
    summary,
    paragraphs: [`${title} ${summary} harbor city`],
    difficulty: 'beginner',
    categories: ['health'],
  });

describe('the v13 fill of the titles and summaries as index tokens', () => {
  it('ranks the same while the fill is owed, meanwhile, and after it, as a file written at v13', () => {
    const reference = join(dir, 'reference.db');
    const seeded = openSqliteStore(reference);
    seeded.upsertMany(syntheticArticles(ARTICLES, 7));
    seeded.upsert(titled('phrase-title', 'Sea-lions return to the harbor', 'A quiet morning.'));
    seeded.upsert(titled('words-apart', 'Sea and lions by the harbor', 'Not the phrase.'));
    seeded.upsert(titled('accents', 'The Café by the Harbors', 'Market day.'));
    seeded.close();
    const upgraded = join(dir, 'upgraded.db');
    copyFileSync(reference, upgraded);
    downgradeToV12(upgraded);

    const store = openSqliteStore(upgraded);
    expect(store.searchTermsFill.owedSince()).toBeDefined();
    const before = answers(store);
    expect(before[2]!.ids[0]).toBe('phrase-title');
    expect(before[3]!.ids[0]).toBe('accents');

    // Written while the fill is owed: a new article, an edit of a stored one, a deletion; then part of the fill.
    const ids = [...syntheticArticles(ARTICLES, 7)].map((a) => a.id);
    store.upsert(titled('fill-new', 'Harbor city festival', 'The city harbor.'));
    store.searchTermsFill.fillWrite(ids.slice(0, 700));
    store.upsert(titled(ids[10]!, 'The festival moved to the harbor', 'City news.'));
    store.mergeStory(ids[600]!, ids[601]!);
    const during = answers(store);
    store.searchTermsFill.fillWrite(ids.slice(700));
    store.searchTermsFill.finish();
    expect(store.searchTermsFill.owedSince()).toBeUndefined();

    const fresh = openSqliteStore(reference);
    fresh.upsert(titled('fill-new', 'Harbor city festival', 'The city harbor.'));
    fresh.upsert(titled(ids[10]!, 'The festival moved to the harbor', 'City news.'));
    fresh.mergeStory(ids[600]!, ids[601]!);
    expect(answers(store)).toEqual(answers(fresh));
    expect(answers(store)).toEqual(during);
    expect(answers(store).slice(2, 4)).toEqual(before.slice(2, 4));
    fresh.close();

    const db = new Database(upgraded);
    const missing = 'SELECT count(*) FROM search_keys AS k WHERE NOT EXISTS (SELECT 1 FROM article_terms AS t WHERE t.key = k.key)';
    expect(db.prepare(missing).pluck().get()).toBe(0);
    // Nothing left for an article edited or merged away meanwhile.
    const orphans = 'SELECT count(*) FROM article_terms AS t WHERE NOT EXISTS (SELECT 1 FROM search_keys AS k WHERE k.key = t.key)';
    expect(db.prepare(orphans).pluck().get()).toBe(0);
    db.close();
    store.close();
  }, 120_000);

  it('ranks a filled block from the stored rows: a title row emptied by hand takes away its title hit', () => {
    const path = join(dir, 'filled.db');
    const store = openSqliteStore(path);
    store.upsertMany(syntheticArticles(200, 3));
    const dated = (id: string, title: string, publishedAt: string) =>
      article({
        id,
        source: 'npr',
        title,
        publishedAt,
        summary: 'Morning news.',
        paragraphs: ['The harbor lights came on early.'],
        difficulty: 'beginner',
        categories: ['health'],
      });
    // Both match in their bodies; the older one also in its title, which ranks it first.
    store.upsert(dated('older-titled', 'Harbor lights return', '2030-01-01T00:00:00Z'));
    store.upsert(dated('newer-plain', 'A quiet morning', '2030-01-02T00:00:00Z'));
    const query = { q: 'harbor lights', limit: 20, offset: 0 } as const;
    expect(
      store
        .search(query)
        .items.slice(0, 2)
        .map((item) => item.id),
    ).toEqual(['older-titled', 'newer-plain']);
    store.close();

    // The article's text is unchanged; only the row the v13 ranking reads says its title holds nothing: a tie, the newest first.
    const db = new Database(path);
    const key = db
      .prepare('SELECT k.key FROM search_keys AS k JOIN articles AS a ON a.seq = k.article_seq WHERE a.id = ?')
      .pluck()
      .get('older-titled');
    expect(db.prepare("UPDATE article_terms SET title = '' WHERE key = ?").run(key).changes).toBe(1);
    db.close();

    const reopened = openSqliteStore(path);
    expect(
      reopened
        .search(query)
        .items.slice(0, 2)
        .map((item) => item.id),
    ).toEqual(['newer-plain', 'older-titled']);
    reopened.close();
  });
});
