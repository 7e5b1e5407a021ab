/**
 * Search keys (schema v10): the rowid of an article in the two FTS5 tables follows its publication
 * time, so FTS5, which returns matches in rowid order, walks them newest first without sorting and
 * stops at the page (search-index.ts). `key = unix seconds × 1024 + n`, where n tells apart the
 * articles of one second (the first written gets 0); `search_keys` maps a key to its article.
 * A key is at most 2^53 for any date before the year 280,000, so JavaScript numbers hold it exactly.
 */
import type Database from 'better-sqlite3';

export const KEYS_PER_SECOND = 1024;

/** The first key an article published at this time may take. */
export function searchKeyBase(publishedAt: string): number {
  return Math.floor(Date.parse(publishedAt) / 1000) * KEYS_PER_SECOND;
}

/**
 * v10: search_keys filled for every stored article (by publication time, then by age for articles of
 * the same second), and both FTS5 tables rebuilt with those rowids and prefix indexes for 3, 4 and 5
 * characters (a `harb*` query then reads one index entry list instead of merging every word it starts).
 * The rows go in in key order: FTS5 flushes its pending terms whenever a rowid is lower than the last,
 * so rows in article order wrote one tiny segment per article and merged them (2.5 times slower; docs/benchmarks.md).
 */
export function migrateToSearchKeys(db: Database.Database): void {
  db.exec(`CREATE TABLE search_keys (
    key INTEGER PRIMARY KEY,
    article_seq INTEGER NOT NULL UNIQUE REFERENCES articles (seq) ON DELETE CASCADE
  )`);
  const insert = db.prepare('INSERT INTO search_keys (key, article_seq) VALUES (CAST(? AS INTEGER), ?)');
  let last = -Infinity;
  const rows = db.prepare('SELECT seq, published_at FROM articles ORDER BY published_at, seq').all() as Array<{
    seq: number;
    published_at: string;
  }>;
  for (const row of rows) {
    // Monotone: a second with more than 1,024 articles borrows keys from the next, never a used one.
    last = Math.max(searchKeyBase(row.published_at), last + 1);
    insert.run(last, row.seq);
  }
  const fts = (name: string, columns: string, extra = '') =>
    `CREATE VIRTUAL TABLE ${name} USING fts5 (${columns},${extra} tokenize = 'porter unicode61 remove_diacritics 2', prefix = '3 4 5')`;
  db.exec(`
    ${fts('article_search_by_time', 'title, summary, body, tags')};
    INSERT INTO article_search_by_time (rowid, title, summary, body, tags)
      SELECT k.key, s.title, s.summary, s.body, s.tags FROM search_keys AS k JOIN article_search AS s ON s.rowid = k.article_seq
      ORDER BY k.key;
    DROP TABLE article_search;
    ALTER TABLE article_search_by_time RENAME TO article_search;
    DROP TABLE article_heads;
    ${fts('article_heads', 'title, summary, tags', " content = '', contentless_delete = 1,")};
    INSERT INTO article_heads (rowid, title, summary, tags) SELECT rowid, title, summary, tags FROM article_search;
    INSERT INTO article_search (article_search) VALUES ('optimize');
    INSERT INTO article_heads (article_heads) VALUES ('optimize');
  `);
}

/** Keeps an article's search key (SearchIndex uses it inside the article's write transaction). */
export class SearchKeys {
  private readonly statements;

  constructor(db: Database.Database) {
    this.statements = {
      of: db.prepare('SELECT key FROM search_keys WHERE article_seq = ?').pluck(),
      lastIn: db.prepare('SELECT max(key) FROM search_keys WHERE key BETWEEN CAST(? AS INTEGER) AND CAST(? AS INTEGER)').pluck(),
      taken: db.prepare('SELECT 1 FROM search_keys WHERE key = CAST(? AS INTEGER)').pluck(),
      insert: db.prepare('INSERT INTO search_keys (key, article_seq) VALUES (CAST(? AS INTEGER), ?)'),
      remove: db.prepare('DELETE FROM search_keys WHERE article_seq = ?'),
    };
  }

  of(seq: number): number | undefined {
    return (this.statements.of.get(seq) as number | undefined) ?? undefined;
  }

  /** A new key for the article: after the other articles of its second. */
  assign(seq: number, publishedAt: string): number {
    const base = searchKeyBase(publishedAt);
    const last = this.statements.lastIn.get(base, base + KEYS_PER_SECOND - 1) as number | null;
    let key = last === null ? base : last + 1;
    while (this.statements.taken.get(key) !== undefined) key += 1;
    this.statements.insert.run(key, seq);
    return key;
  }

  remove(seq: number): void {
    this.statements.remove.run(seq);
  }
}
