/**
 * Each article's title and summary as the search index's tokens (schema v13): `article_terms (key, title, summary)`,
 * keyed by search key, each column the tokens in order, space-separated, as FTS5's stemming tokenizer makes them
 * (`porter unicode61 remove_diacritics 2`, read back from a scratch FTS5 table through fts5vocab, so they are FTS5's
 * own). Search ranks a block of 100 candidates from these rows (one read by key) instead of walking article_heads over
 * the block's range, which for a rare word beside a common one handed SQLite tens of thousands of rows (decision 56).
 *
 * A quoted query word is a phrase of its tokens (`sea-lions` is `sea` then `lion`), so a column holds it when its
 * tokens follow each other there, as FTS5 matches a phrase. A block with a key that has no row (an upgraded file
 * before its fill reaches it) is ranked the old way (search-index.ts): the rows only make ranking cheaper, never
 * different. So the fill serves nothing less while it runs: it is a background pass after listening (decision 33).
 */
import type Database from 'better-sqlite3';
import { INLINE_FILL_MAX, SEARCH_KEYS_FILL, owe } from './search-order';
import { fillOwed } from './search-words';
import { withWriteRetry } from './write-retry';

export const TERMS_TABLE = 'article_terms';

/** The v13 fill under its name in schema_fills. */
export const SEARCH_TERMS_FILL = 'search-terms';

export function migrateToSearchTerms(db: Database.Database): void {
  db.exec(`CREATE TABLE ${TERMS_TABLE} (key INTEGER PRIMARY KEY, title TEXT NOT NULL, summary TEXT NOT NULL)`);
  owe(db, SEARCH_TERMS_FILL);
  const articles = db.prepare('SELECT count(*) FROM articles').pluck().get() as number;
  if (articles <= INLINE_FILL_MAX && !fillOwed(db, SEARCH_KEYS_FILL)) new SearchTermsFill(db).finish();
}

export interface Hits {
  readonly titleAll: boolean;
  readonly titleAny: boolean;
  readonly summaryAny: boolean;
}

interface Text {
  readonly key: number;
  readonly title: string;
  readonly summary: string;
}

/** A connection's scratch FTS5 table (temp schema: also on a read-only connection) that turns text into index tokens. */
class Tokenizer {
  private readonly insert: Database.Statement;
  private readonly read: Database.Statement;
  private readonly clear: Database.Statement;

  private readonly exists: Database.Statement;

  constructor(private readonly db: Database.Database) {
    this.create();
    this.exists = db.prepare("SELECT count(*) FROM temp.sqlite_master WHERE name = 'nr_tokens_v'").pluck();
    this.insert = db.prepare('INSERT INTO temp.nr_tokens (rowid, title, summary) VALUES (CAST(? AS INTEGER), ?, ?)');
    this.read = db.prepare('SELECT doc, col, offset, term FROM temp.nr_tokens_v').raw();
    this.clear = db.prepare("INSERT INTO temp.nr_tokens (nr_tokens) VALUES ('delete-all')");
  }

  private create(): void {
    this.db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.nr_tokens USING fts5 (title, summary, content = '',
        tokenize = 'porter unicode61 remove_diacritics 2');
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.nr_tokens_v USING fts5vocab (temp, nr_tokens, instance);`);
  }

  /** Each text's title and summary tokens in order, joined by spaces (a token never holds one). */
  tokens(texts: readonly Text[]): Map<number, { title: string; summary: string }> {
    // Made within a transaction that was rolled back (a write that failed), the scratch tables went with it.
    if (this.exists.get() === 0) this.create();
    for (const text of texts) this.insert.run(text.key, text.title, text.summary);
    const rows = this.read.all() as [number, string, number, string][];
    this.clear.run();
    const columns = new Map<number, { title: string[]; summary: string[] }>(texts.map((t) => [t.key, { title: [], summary: [] }]));
    for (const [doc, col, offset, term] of rows) columns.get(doc)![col as 'title' | 'summary'][offset] = term;
    const joined = (tokens: string[]) => tokens.filter((token) => token !== undefined).join(' ');
    return new Map([...columns].map(([key, c]) => [key, { title: joined(c.title), summary: joined(c.summary) }]));
  }
}

/** Query words seen by a connection, with their tokens: a word costs a scratch insert once, not on every search. */
const PHRASES_KEPT = 5000;

export class SearchTerms {
  private tokenizerOf: Tokenizer | undefined;
  private statementsOf: ReturnType<SearchTerms['prepare']> | undefined;
  private readonly phrases = new Map<string, string[]>();

  /** Seen once; read again until then (a tool may open a file a server has not upgraded yet). */
  private found = false;

  constructor(private readonly db: Database.Database) {}

  private present(): boolean {
    this.found ||= this.db.prepare('SELECT count(*) FROM sqlite_master WHERE name = ?').pluck().get(TERMS_TABLE) === 1;
    return this.found;
  }

  private prepare() {
    return {
      insert: this.db.prepare(`INSERT OR REPLACE INTO ${TERMS_TABLE} (key, title, summary) VALUES (CAST(? AS INTEGER), ?, ?)`),
      remove: this.db.prepare(`DELETE FROM ${TERMS_TABLE} WHERE key = CAST(? AS INTEGER)`),
      block: this.db.prepare(`SELECT t.key, t.title, t.summary FROM json_each(?) AS j JOIN ${TERMS_TABLE} AS t ON t.key = j.value`).raw(),
    };
  }

  private get sql() {
    this.statementsOf ??= this.prepare();
    return this.statementsOf;
  }

  get tokenizer(): Tokenizer {
    this.tokenizerOf ??= new Tokenizer(this.db);
    return this.tokenizerOf;
  }

  /** Inside the article's write transaction, with the text article_search holds. */
  write(key: number, title: string, summary: string): void {
    const row = this.tokenizer.tokens([{ key, title, summary }]).get(key)!;
    this.sql.insert.run(key, row.title, row.summary);
  }

  remove(key: number): void {
    this.sql.remove.run(key);
  }

  /** A quoted FTS5 word's tokens (`"sea-lions"` → sea, lion). */
  private phrase(quoted: string): string[] {
    let tokens = this.phrases.get(quoted);
    if (tokens === undefined) {
      const text = quoted.slice(1, -1).replace(/""/g, '"');
      tokens = this.tokenizer
        .tokens([{ key: 1, title: text, summary: '' }])
        .get(1)!
        .title.split(' ')
        .filter(Boolean);
      if (this.phrases.size >= PHRASES_KEPT) this.phrases.clear();
      this.phrases.set(quoted, tokens);
    }
    return tokens;
  }

  /**
   * For each key of the block: whether its title holds every word, any word, and its summary any word (search-index.ts
   * scores them), or undefined when a key has no row yet or a word has no token (the caller then ranks the old way).
   */
  hits(words: readonly string[], block: readonly number[]): Map<number, Hits> | undefined {
    if (!this.present()) return undefined;
    const phrases = words.map((word) => this.phrase(word));
    if (phrases.some((tokens) => tokens.length === 0)) return undefined;
    const rows = this.sql.block.all(JSON.stringify(block)) as [number, string, string][];
    if (rows.length < new Set(block).size) return undefined;
    const hits = new Map<number, Hits>();
    for (const [key, title, summary] of rows) {
      const inTitle = phrases.map((tokens) => holds(title, tokens));
      hits.set(key, {
        titleAll: inTitle.every(Boolean),
        titleAny: inTitle.some(Boolean),
        summaryAny: phrases.some((tokens) => holds(summary, tokens)),
      });
    }
    return hits;
  }
}

const SCORE = { titleAll: 20, titleAny: 10, summaryAny: 4 } as const;

/** A candidate's score within its block (search-index.ts's header): ties go to the newest. */
export function scoreOf(hit: Hits): number {
  return (hit.titleAll ? SCORE.titleAll : 0) + (hit.titleAny ? SCORE.titleAny : 0) + (hit.summaryAny ? SCORE.summaryAny : 0);
}

/** Whether the tokens (space-joined) hold the phrase's tokens one after another. */
function holds(column: string, phrase: readonly string[]): boolean {
  if (column === '') return false;
  const padded = ` ${column} `;
  return padded.includes(` ${phrase.join(' ')} `);
}

/** The v13 fill: a row for every keyed article without one, tokenized outside the write, written in a short one. */
export class SearchTermsFill {
  private statementsOf: ReturnType<SearchTermsFill['prepare']> | undefined;
  /** One tokenizer for every batch (its scratch tables and statements are made once per connection). */
  private readonly terms: SearchTerms;

  constructor(private readonly db: Database.Database) {
    this.terms = new SearchTerms(db);
  }

  private prepare() {
    const db = this.db;
    const missing = `NOT EXISTS (SELECT 1 FROM ${TERMS_TABLE} AS t WHERE t.key = k.key)`;
    return {
      ofIds: db.prepare(`SELECT k.key, s.title, s.summary FROM articles AS a JOIN search_keys AS k ON k.article_seq = a.seq
        JOIN article_search AS s ON s.rowid = k.key WHERE a.id IN (SELECT value FROM json_each(?)) AND ${missing}`),
      all: db.prepare(`SELECT k.key, s.title, s.summary FROM search_keys AS k JOIN article_search AS s ON s.rowid = k.key
        WHERE ${missing} LIMIT 500`),
      // Inside the write's transaction: a key removed since the text was read (another process's delete or merge) gets no row.
      insert: db.prepare(`INSERT OR IGNORE INTO ${TERMS_TABLE} (key, title, summary)
        SELECT CAST(? AS INTEGER), ?, ? WHERE EXISTS (SELECT 1 FROM search_keys WHERE key = CAST(? AS INTEGER))`),
    };
  }

  private get sql() {
    this.statementsOf ??= this.prepare();
    return this.statementsOf;
  }

  owedSince(): string | undefined {
    try {
      return (
        (this.db.prepare('SELECT since FROM schema_fills WHERE name = ?').pluck().get(SEARCH_TERMS_FILL) as string | undefined) ?? undefined
      );
    } catch {
      return undefined;
    }
  }

  /** Keyed by search keys only once the v10 fill is done (article_search is read by key). */
  waitsForSearchKeys(): boolean {
    return fillOwed(this.db, SEARCH_KEYS_FILL);
  }

  private write(texts: readonly Text[]): number {
    if (texts.length === 0) return 0;
    const tokens = this.terms.tokenizer.tokens(texts);
    // An article rewritten meanwhile has its row from its write (OR IGNORE keeps it); one removed meanwhile gets none.
    return withWriteRetry(() =>
      this.db
        .transaction(() => {
          for (const [key, row] of tokens) this.sql.insert.run(key, row.title, row.summary, key);
          return tokens.size;
        })
        .immediate(),
    );
  }

  /** Rows for these articles (ids) where missing; how many. */
  fillWrite(ids: readonly string[]): number {
    if (this.waitsForSearchKeys()) return 0;
    return this.write(this.sql.ofIds.all(JSON.stringify(ids)) as Text[]);
  }

  /** Every row still missing, then the record removed; nothing while the v10 fill runs. */
  finish(): void {
    if (this.owedSince() === undefined || this.waitsForSearchKeys()) return;
    while (this.write(this.sql.all.all() as Text[]) > 0);
    this.db.prepare('DELETE FROM schema_fills WHERE name = ?').run(SEARCH_TERMS_FILL);
  }
}
