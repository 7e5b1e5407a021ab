/**
 * The article_words side of search (schema v12, search-words.ts): its writes, its matches for prefix terms, and the
 * walk that intersects them with article_search's whole words (search-index.ts uses it).
 */
import type Database from 'better-sqlite3';
import { HIT_END, HIT_START } from '../fts-query';
import { SEARCH_WORDS_FILL, WORDS_TABLE, fillOwed } from './search-words';

/** The text and tags of one article's row, as article_search holds them. */
export type WordRow = readonly [title: string, summary: string, body: string, tags: string];

export class WordIndex {
  private statementsOf: ReturnType<WordIndex['prepare']> | undefined;
  /** Once the v12 fill is seen finished it stays so: no more looks at schema_fills. */
  private filled = false;

  constructor(
    private readonly db: Database.Database,
    private readonly snippetTokens: number,
  ) {}

  private prepare() {
    const db = this.db;
    const t = WORDS_TABLE;
    return {
      insert: db.prepare(`INSERT INTO ${t} (rowid, title, summary, body, tags) VALUES (CAST(? AS INTEGER), ?, ?, ?, ?)`),
      remove: db.prepare(`DELETE FROM ${t} WHERE rowid = CAST(? AS INTEGER)`),
      owe: db.prepare('INSERT OR IGNORE INTO search_words_owed (article_seq) VALUES (?)'),
      paid: db.prepare('DELETE FROM search_words_owed WHERE article_seq = ?'),
      owed: db.prepare('SELECT 1 FROM search_words_owed WHERE article_seq = ?').pluck(),
      candidates: db.prepare(`SELECT rowid FROM ${t} WHERE ${t} MATCH ? ORDER BY rowid DESC LIMIT CAST(? AS INTEGER)`).pluck(),
      inBlock: db
        .prepare(
          `SELECT rowid FROM ${t} WHERE ${t} MATCH @match AND rowid BETWEEN CAST(@oldest AS INTEGER) AND CAST(@newest AS INTEGER)
            AND (@listed IS NULL OR +rowid IN (SELECT value FROM json_each(@listed)))`,
        )
        .pluck(),
      walk: db.prepare(`SELECT rowid FROM ${t} WHERE ${t} MATCH ? AND rowid <= CAST(? AS INTEGER) ORDER BY rowid DESC`).pluck(),
      stemmedWalk: db
        .prepare('SELECT rowid FROM article_search WHERE article_search MATCH ? AND rowid <= CAST(? AS INTEGER) ORDER BY rowid DESC')
        .pluck(),
      // As search-index.ts's snippets, from this index: the text is read from article_search (external content).
      snippets: db.prepare(`SELECT rowid AS seq,
          snippet(${t}, -1, '${HIT_START}', '${HIT_END}', '…', ${this.snippetTokens}) AS snippet
        FROM ${t}
        WHERE ${t} MATCH ? AND rowid BETWEEN CAST(? AS INTEGER) AND CAST(? AS INTEGER)
          AND +rowid IN (SELECT value FROM json_each(?))`),
      compact: db.prepare(`INSERT INTO ${t} (${t}) VALUES ('optimize')`),
    };
  }

  private get sql() {
    this.statementsOf ??= this.prepare();
    return this.statementsOf;
  }

  /** True while the v12 fill runs: prefix search answers 503. Read again on every call until seen done. */
  filling(): boolean {
    if (this.filled) return false;
    const pending = fillOwed(this.db, SEARCH_WORDS_FILL);
    if (!pending) this.filled = true;
    return pending;
  }

  /**
   * After article_search's row is written. While the v10 fill runs (`keysFilling`), article_search is not under search
   * keys yet: the article is owed, and the v12 fill writes its row later.
   */
  write(seq: number, key: number, row: WordRow, keysFilling: boolean): void {
    if (keysFilling) this.sql.owe.run(seq);
    else {
      this.sql.insert.run(key, ...row);
      this.sql.paid.run(seq);
    }
  }

  /** Before article_search's row is deleted: FTS5 reads the text it removes from there. An owed row was never written. */
  remove(seq: number, key: number, keysFilling: boolean): void {
    if (this.sql.owed.get(seq) !== undefined) this.sql.paid.run(seq);
    else if (!keysFilling) this.sql.remove.run(key);
  }

  /** The newest `limit` rowids matching. */
  candidates(match: string, limit: number): number[] {
    return this.sql.candidates.all(match, limit) as number[];
  }

  /** The rows between oldest and newest that match, only those of `listed` when given (search-index.ts's heads). */
  inBlock(match: string, oldest: number, newest: number, listed: string | null): Set<number> {
    return new Set(this.sql.inBlock.all({ match, oldest, newest, listed }) as number[]);
  }

  get snippetStatement(): Database.Statement {
    return this.sql.snippets;
  }

  compact(): void {
    if (!this.filling()) this.sql.compact.run();
  }

  /**
   * The newest `limit` rowids matching both queries: the whole words in article_search and the prefixes here,
   * each walked newest first, the one ahead moved on to the other's rowid until they meet. A walk far behind is started
   * again below that rowid (FTS5 seeks it in its doclist index, 10-30 µs) rather than stepped row by row: a rare prefix
   * beside a word in every article reads a few rows per match, not the word's whole list.
   */
  newestInBoth(wordMatch: string, prefixMatch: string, limit: number): number[] {
    const found: number[] = [];
    const stemmed = new Walk(this.sql.stemmedWalk, wordMatch);
    const written = new Walk(this.sql.walk, prefixMatch);
    try {
      let a = stemmed.value;
      let b = written.value;
      while (a !== undefined && b !== undefined && found.length < limit) {
        if (a === b) {
          found.push(a);
          a = stemmed.next();
          b = written.next();
        } else if (a > b) a = stemmed.moveTo(b);
        else b = written.moveTo(a);
      }
    } finally {
      stemmed.close();
      written.close();
    }
    return found;
  }
}

/** Rows stepped through before a walk behind is started again at the rowid it must reach (see newestInBoth). */
const STEPS_BEFORE_SEEK = 32;

/** One FTS5 match walked newest first (rowid descending), able to start again at or below a rowid. */
class Walk {
  private rows: IterableIterator<number>;
  value: number | undefined;

  constructor(
    private readonly statement: Database.Statement,
    private readonly match: string,
  ) {
    this.rows = this.open(Number.MAX_SAFE_INTEGER);
  }

  private open(atMost: number): IterableIterator<number> {
    this.rows = this.statement.iterate(this.match, atMost) as IterableIterator<number>;
    this.next();
    return this.rows;
  }

  next(): number | undefined {
    const row = this.rows.next();
    this.value = row.done ? undefined : row.value;
    return this.value;
  }

  /** The first rowid at or below `target`. */
  moveTo(target: number): number | undefined {
    for (let step = 0; step < STEPS_BEFORE_SEEK; step++) {
      if (this.value === undefined || this.value <= target) return this.value;
      this.next();
    }
    if (this.value === undefined || this.value <= target) return this.value;
    this.close();
    this.open(target);
    return this.value;
  }

  close(): void {
    this.rows.return?.();
  }
}
