/**
 * Search keys (schema v10): the rowid of an article in the two FTS5 tables follows its publication
 * time, so FTS5, which returns matches in rowid order, walks them newest first without sorting and
 * stops at the page (search-index.ts). `key = unix seconds × 1024 + n`, where n tells apart the
 * articles of one second (the first written gets 0); `search_keys` maps a key to its article.
 * A key is at most 2^53 for any date before the year 280,000, so JavaScript numbers hold it exactly.
 */
import type Database from 'better-sqlite3';
import { withWriteRetry } from './write-retry';

export const KEYS_PER_SECOND = 1024;

/** The first key an article published at this time may take. */
export function searchKeyBase(publishedAt: string): number {
  return Math.floor(Date.parse(publishedAt) / 1000) * KEYS_PER_SECOND;
}

/** The search-key fill (v10) under its name in schema_fills (schema-fills.ts). */
export const SEARCH_KEYS_FILL = 'search-keys';

/**
 * Tables a v10 fill writes into while it runs: the two FTS5 tables rebuilt under search keys and with
 * prefix indexes for 3, 4 and 5 characters (a `harb*` query then reads one index entry list instead of
 * merging every word it starts). Renamed to article_search and article_heads when the fill ends.
 */
export const FILLING_TABLES = { search: 'article_search_by_time', heads: 'article_heads_by_time' } as const;

function ftsTable(name: string, columns: string, extra = ''): string {
  return `CREATE VIRTUAL TABLE ${name} USING fts5 (${columns},${extra} tokenize = 'porter unicode61 remove_diacritics 2', prefix = '3 4 5')`;
}

/**
 * v10, before the server listens: only the empty tables and a record that the fill is owed (cheap DDL, whatever the
 * database's size). The fill itself (SearchKeysFill: keys for every stored article, both FTS5 tables rebuilt under them)
 * runs after listening as a recorded background pass; search answers 503 `search_rebuilding` until it ends. A database
 * of at most INLINE_FILL_MAX articles is filled here at once (well under a second), so a new or small file never waits.
 * Before this, v10 filled everything here: 88.7 s at 100,000 articles with nothing answering (docs/benchmarks.md).
 */
export function migrateToSearchKeys(db: Database.Database): void {
  db.exec(`CREATE TABLE search_keys (
    key INTEGER PRIMARY KEY,
    article_seq INTEGER NOT NULL UNIQUE REFERENCES articles (seq) ON DELETE CASCADE
  )`);
  db.exec(`
    ${ftsTable(FILLING_TABLES.search, 'title, summary, body, tags')};
    ${ftsTable(FILLING_TABLES.heads, 'title, summary, tags', " content = '', contentless_delete = 1,")};
  `);
  owe(db, SEARCH_KEYS_FILL);
  const articles = db.prepare('SELECT count(*) FROM articles').pluck().get() as number;
  if (articles <= INLINE_FILL_MAX) {
    const fill = new SearchKeysFill(db);
    fill.fillAll();
  }
}

/** A database this small is filled within its migration (about a millisecond an article at most). */
export const INLINE_FILL_MAX = 1000;

/** schema_fills (v10 creates it for its own fill; v11 for every file): one row per fill still owed. */
export function owe(db: Database.Database, name: string): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_fills (
    name TEXT PRIMARY KEY,
    since TEXT NOT NULL
  )`);
  db.prepare('INSERT OR IGNORE INTO schema_fills (name, since) VALUES (?, ?)').run(name, new Date().toISOString());
}

/**
 * The v10 fill, batch by batch: each batch gives the articles of a list that have no key yet a key (after the
 * other articles of their second, as a write does) and copies their indexed text from the old article_search
 * (rowid = seq) into the new tables, in key order. Articles written while it runs get their key and rows from
 * the write itself (search-index.ts), so a batch skips them; batches are idempotent, so a fill stopped anywhere
 * (a crash between a batch and its recorded position included) resumes by running again. `finish` swaps the
 * tables in (old dropped, new renamed) and removes the record; the FTS5 segments are then merged in slices.
 */
export class SearchKeysFill {
  private readonly keys: SearchKeys;
  private statements: ReturnType<SearchKeysFill['prepare']> | undefined;

  constructor(private readonly db: Database.Database) {
    this.keys = new SearchKeys(db);
  }

  private prepare() {
    const db = this.db;
    return {
      unkeyed: db.prepare(`SELECT a.seq, a.published_at FROM articles AS a
        WHERE a.id IN (SELECT value FROM json_each(?)) AND NOT EXISTS (SELECT 1 FROM search_keys AS k WHERE k.article_seq = a.seq)`),
      old: db.prepare('SELECT title, summary, body, tags FROM article_search WHERE rowid = ?'),
      insert: db.prepare(
        `INSERT INTO ${FILLING_TABLES.search} (rowid, title, summary, body, tags) VALUES (CAST(? AS INTEGER), ?, ?, ?, ?)`,
      ),
      insertHeads: db.prepare(`INSERT INTO ${FILLING_TABLES.heads} (rowid, title, summary, tags) VALUES (CAST(? AS INTEGER), ?, ?, ?)`),
    };
  }

  private get sql() {
    this.statements ??= this.prepare();
    return this.statements;
  }

  /** True while the fill is owed (read each time: another process may have finished it). */
  owed(): boolean {
    return this.owedSince() !== undefined;
  }

  /** When the fill became owed, or undefined when it is not (done, or a file from before schema_fills). */
  owedSince(): string | undefined {
    try {
      return (
        (this.db.prepare('SELECT since FROM schema_fills WHERE name = ?').pluck().get(SEARCH_KEYS_FILL) as string | undefined) ?? undefined
      );
    } catch {
      return undefined;
    }
  }

  /** Keys and index rows for these articles (ids); how many it filled. Call inside a write transaction. */
  fillBatch(ids: readonly string[]): number {
    const rows = this.sql.unkeyed.all(JSON.stringify(ids)) as Array<{ seq: number; published_at: string }>;
    // Keys first, then rows in key order: FTS5 flushes its pending terms whenever a rowid is lower than the last.
    const keyed = rows.map((row) => ({ seq: row.seq, key: this.keys.assign(row.seq, row.published_at) })).sort((a, b) => a.key - b.key);
    for (const { seq, key } of keyed) {
      const text = this.sql.old.get(seq) as { title: string; summary: string; body: string; tags: string | null } | undefined;
      if (text === undefined) continue;
      this.sql.insert.run(key, text.title, text.summary, text.body, text.tags ?? '');
      this.sql.insertHeads.run(key, text.title, text.summary, text.tags ?? '');
    }
    return keyed.length;
  }

  /** The new tables take the old ones' names; the record goes. Call inside a write transaction, once every article has a key. */
  swap(): void {
    this.db.exec(`
      DROP TABLE article_search;
      ALTER TABLE ${FILLING_TABLES.search} RENAME TO article_search;
      DROP TABLE article_heads;
      ALTER TABLE ${FILLING_TABLES.heads} RENAME TO article_heads;
    `);
    this.statements = undefined;
    this.db.prepare('DELETE FROM schema_fills WHERE name = ?').run(SEARCH_KEYS_FILL);
  }

  /**
   * One slice of merging both indexes' segments (FTS5 'merge' with a negative page count: every segment counts, as
   * for 'optimize', but only about `pages` pages are written). False once there was nothing left to merge.
   */
  mergeSlice(pages = 64): boolean {
    let worked = false;
    for (const table of ['article_search', 'article_heads']) {
      const before = this.db.prepare('SELECT total_changes()').pluck().get() as number;
      this.db.prepare(`INSERT INTO ${table} (${table}, rank) VALUES ('merge', ?)`).run(-pages);
      const after = this.db.prepare('SELECT total_changes()').pluck().get() as number;
      if (after - before >= 2) worked = true;
    }
    return worked;
  }

  /** fillBatch in one short write of its own; how many it filled. */
  fillWrite(ids: readonly string[]): number {
    return withWriteRetry(() => this.db.transaction(() => this.fillBatch(ids)).immediate());
  }

  /** Ends the fill in one write: the articles not keyed yet (written since the last batch: a handful) filled, then the swap. */
  finishWrite(): void {
    withWriteRetry(() =>
      this.db
        .transaction(() => {
          if (!this.owed()) return;
          const sql = 'SELECT a.id FROM articles AS a WHERE NOT EXISTS (SELECT 1 FROM search_keys AS k WHERE k.article_seq = a.seq)';
          this.fillBatch(this.db.prepare(sql).pluck().all() as string[]);
          this.swap();
        })
        .immediate(),
    );
  }

  mergeWrite(): boolean {
    return withWriteRetry(() => this.db.transaction(() => this.mergeSlice()).immediate());
  }

  /** The whole fill at once (a small database, within its migration; tools). */
  fillAll(): void {
    if (!this.owed()) return;
    const ids = this.db.prepare('SELECT id FROM articles ORDER BY published_at, seq').pluck().all() as string[];
    for (let at = 0; at < ids.length; at += 500) this.fillBatch(ids.slice(at, at + 500));
    this.swap();
    this.db.exec(
      "INSERT INTO article_search (article_search) VALUES ('optimize'); INSERT INTO article_heads (article_heads) VALUES ('optimize');",
    );
  }
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
