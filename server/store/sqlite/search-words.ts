/**
 * The index of words as written (schema v12): `article_words (title, summary, body, tags)`, the same text and tags as
 * article_search under the same rowids (search keys), tokenized without the porter stemmer (`unicode61
 * remove_diacritics 2`: case and accents folded as everywhere in search), with prefix indexes for 3, 4 and 5
 * characters. Prefix terms (`fes*`) are matched here, whole words in article_search (decision 40).
 *
 * Why: FTS5 runs the query's text through the table's tokenizer, a prefix's too, so in the porter table `fes*` became
 * `fe*` (federal, feature: every word the stem starts) and `runnin*` found nothing (running is indexed as `run`);
 * a stem of two letters also had no prefix index and merged thousands of words. Words as written have neither fault.
 *
 * External content (`content = 'article_search'`): the text is stored once, in article_search, and read from there by
 * snippet(); this table holds only its index. A row is deleted here before it is deleted there (FTS5 reads the old
 * text to remove its tokens).
 *
 * An upgraded file owes every stored article a row (`search_words_owed`): the fill (SearchWordsFill) writes them after
 * the server listens, in batches, as the v10 fill does (search-order.ts); until it ends a prefix search answers 503
 * `search_rebuilding` and everything else is served. While the v10 fill runs (article_search not yet under search
 * keys), writes leave this table alone and owe the article instead.
 */
import type Database from 'better-sqlite3';
import { INLINE_FILL_MAX, SEARCH_KEYS_FILL, owe } from './search-order';
import { withWriteRetry } from './write-retry';

export const WORDS_TABLE = 'article_words';

/** The v12 fill under its name in schema_fills. */
export const SEARCH_WORDS_FILL = 'search-words';

export function migrateToSearchWords(db: Database.Database): void {
  db.exec(`
    CREATE VIRTUAL TABLE ${WORDS_TABLE} USING fts5 (
      title, summary, body, tags,
      content = 'article_search',
      tokenize = 'unicode61 remove_diacritics 2', prefix = '3 4 5'
    );
    CREATE TABLE search_words_owed (article_seq INTEGER PRIMARY KEY REFERENCES articles (seq) ON DELETE CASCADE);
    INSERT INTO search_words_owed (article_seq) SELECT seq FROM articles;
  `);
  owe(db, SEARCH_WORDS_FILL);
  const articles = db.prepare('SELECT count(*) FROM articles').pluck().get() as number;
  const fill = new SearchWordsFill(db);
  if (articles <= INLINE_FILL_MAX && !fill.waitsForSearchKeys()) fill.fillAll();
}

/** Whether a fill is recorded as owed (the table may not exist on a file from before schema_fills). */
export function fillOwed(db: Database.Database, name: string): boolean {
  const table = db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_fills'").pluck().get() as number;
  return table > 0 && db.prepare('SELECT 1 FROM schema_fills WHERE name = ?').pluck().get(name) !== undefined;
}

/** The v12 fill, batch by batch; each batch idempotent (an article's row is written once, its owed mark removed with it). */
export class SearchWordsFill {
  private statements: ReturnType<SearchWordsFill['prepare']> | undefined;

  constructor(private readonly db: Database.Database) {}

  private prepare() {
    const db = this.db;
    return {
      owedOf: db.prepare(`SELECT o.article_seq AS seq, k.key FROM search_words_owed AS o
        JOIN articles AS a ON a.seq = o.article_seq JOIN search_keys AS k ON k.article_seq = o.article_seq
        WHERE a.id IN (SELECT value FROM json_each(?)) ORDER BY k.key`),
      allOwed: db.prepare(`SELECT o.article_seq AS seq, k.key FROM search_words_owed AS o
        JOIN search_keys AS k ON k.article_seq = o.article_seq ORDER BY k.key`),
      insert: db.prepare(`INSERT INTO ${WORDS_TABLE} (rowid, title, summary, body, tags)
        SELECT rowid, title, summary, body, tags FROM article_search WHERE rowid = CAST(? AS INTEGER)`),
      paid: db.prepare('DELETE FROM search_words_owed WHERE article_seq = ?'),
    };
  }

  private get sql() {
    this.statements ??= this.prepare();
    return this.statements;
  }

  /** When the fill became owed, or undefined once done. */
  owedSince(): string | undefined {
    try {
      return (
        (this.db.prepare('SELECT since FROM schema_fills WHERE name = ?').pluck().get(SEARCH_WORDS_FILL) as string | undefined) ?? undefined
      );
    } catch {
      return undefined;
    }
  }

  /** The text is copied from article_search, which is keyed by search keys only once the v10 fill is done. */
  waitsForSearchKeys(): boolean {
    return fillOwed(this.db, SEARCH_KEYS_FILL);
  }

  private fillRows(rows: readonly { seq: number; key: number }[]): number {
    for (const { seq, key } of rows) {
      this.sql.insert.run(key);
      this.sql.paid.run(seq);
    }
    return rows.length;
  }

  /** Rows for these articles (ids) where still owed; how many. Call inside a write transaction. */
  fillBatch(ids: readonly string[]): number {
    if (this.waitsForSearchKeys()) return 0;
    return this.fillRows(this.sql.owedOf.all(JSON.stringify(ids)) as { seq: number; key: number }[]);
  }

  /** Every row still owed, then the record removed. Call inside a write transaction; nothing while the v10 fill runs. */
  finish(): void {
    if (this.owedSince() === undefined || this.waitsForSearchKeys()) return;
    this.fillRows(this.sql.allOwed.all() as { seq: number; key: number }[]);
    this.db.prepare('DELETE FROM schema_fills WHERE name = ?').run(SEARCH_WORDS_FILL);
  }

  fillWrite(ids: readonly string[]): number {
    return withWriteRetry(() => this.db.transaction(() => this.fillBatch(ids)).immediate());
  }

  finishWrite(): void {
    withWriteRetry(() => this.db.transaction(() => this.finish()).immediate());
  }

  /** One slice of merging the index's segments; false once there was nothing left to merge. */
  mergeWrite(pages = 64): boolean {
    return withWriteRetry(() =>
      this.db
        .transaction(() => {
          const before = this.db.prepare('SELECT total_changes()').pluck().get() as number;
          this.db.prepare(`INSERT INTO ${WORDS_TABLE} (${WORDS_TABLE}, rank) VALUES ('merge', ?)`).run(-pages);
          return (this.db.prepare('SELECT total_changes()').pluck().get() as number) - before >= 2;
        })
        .immediate(),
    );
  }

  /** The whole fill at once (a small database, within its migration). */
  fillAll(): void {
    this.finish();
    this.db.exec(`INSERT INTO ${WORDS_TABLE} (${WORDS_TABLE}) VALUES ('optimize')`);
  }
}
