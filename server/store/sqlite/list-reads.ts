/**
 * The SQLite store's list pages (their SQL: list-queries.ts): a page at an offset or after a cursor, with its total
 * (a counter kept by triggers, v6). A deep offset starts from the list's mark before it (../list-marks.ts, decision 61)
 * and skips fewer than a step of index entries from there, as a page after a cursor does.
 */
import type Database from 'better-sqlite3';
import { KeptMarks, LIST_MARK_STEP, type ListMark, type MarkBefore } from '../list-marks';
import type { ArticleQuery, ArticleSummaryRow, Page } from '../types';
import { listKey, listKeysSql, listSql, type ListFilters } from './list-queries';
import { totalCounterName } from './migrations';
import { toSummary, type SummaryRow } from './rows';

type KeyRow = { readonly seq: number; readonly published_at: string; readonly id: string };
type Params = Record<string, string>;

export class ListReads {
  private readonly statements = new Map<string, Database.Statement>();
  /** Per connection: a read worker's store keeps its own, as the server's does. */
  private readonly kept = new KeptMarks<Map<number, ListMark>>();
  /**
   * The version, the marks, the total and the rows from one snapshot (a read transaction): marks are kept under the
   * version they were read at, and a page is exactly the plain offset's even while another connection writes.
   */
  private readonly inSnapshot: (query: ArticleQuery) => Page<ArticleSummaryRow>;

  /** `counter`: a value of store_counters (the totals, and the data version every article write moves). */
  constructor(
    private readonly db: Database.Database,
    private readonly counter: (name: string) => number,
    readonly markStep: number = LIST_MARK_STEP,
  ) {
    this.inSnapshot = db.transaction((query: ArticleQuery) => this.pageOf(query));
  }

  page(query: ArticleQuery): Page<ArticleSummaryRow> {
    return this.inSnapshot(query);
  }

  private pageOf(query: ArticleQuery): Page<ArticleSummaryRow> {
    const params: Params = {};
    if (query.category) params.category = query.category;
    if (query.source) params.source = query.source;
    if (query.difficulty) params.difficulty = query.difficulty;
    const filters = { category: Boolean(query.category), source: Boolean(query.source), difficulty: Boolean(query.difficulty) };
    const total = this.counter(Object.keys(params).length === 0 ? 'articles' : totalCounterName(params));
    if (query.offset >= total) return { items: [], total };
    // With a cursor the offset counts from it (a few rows at most: the API's pages); marks are for offsets alone.
    const marked = query.after ? undefined : this.markBefore(filters, params, query.offset);
    const from = query.after ?? marked?.mark;
    const rows = this.statement('page', { ...filters, after: from !== undefined }).all({
      ...params,
      ...(from ? { afterAt: from.publishedAt, afterId: from.id } : {}),
      limit: query.limit,
      offset: query.offset - (marked?.skipped ?? 0),
    }) as SummaryRow[];
    return { items: rows.map(toSummary), total };
  }

  /**
   * The list's mark before the offset: the row at position n × step - 1 (from 0) for the largest n × step ≤ offset. Each
   * is read the first time a page needs it, with the plain offset (as many index entries skipped as the page itself
   * skipped before marks), and kept: reading a long list's every mark at once (as PostgreSQL does) held this thread
   * 15–43 ms for the unfiltered list at 100,000 articles, after every write (decision 61).
   *
   * Kept per data version (store_counters, moved by triggers on every write of an article from any connection or
   * process): SQLite's own `PRAGMA data_version` does not move for this connection's own writes (the server writes on
   * the connection it reads lists on) and does move for writes that change no list (page views, feed state, passes).
   */
  private markBefore(filters: ListFilters, params: Params, offset: number): MarkBefore | undefined {
    if (offset < this.markStep) return undefined;
    const marks = this.kept.marks(totalCounterName(params), this.counter('data_version'), () => new Map<number, ListMark>());
    const n = Math.floor(offset / this.markStep);
    let mark = marks.get(n);
    if (!mark) {
      const keys = this.statement('keys', { ...filters, after: false });
      const row = keys.get({ ...params, limit: 1, offset: n * this.markStep - 1 }) as KeyRow | undefined;
      if (!row) return undefined;
      mark = { publishedAt: row.published_at, id: row.id };
      marks.set(n, mark);
    }
    return { mark, skipped: n * this.markStep };
  }

  /** `page`: the page's rows with their summaries (listSql); `keys`: the rows' keys alone (listKeysSql). */
  private statement(kind: 'page' | 'keys', filters: ListFilters): Database.Statement {
    const key = `${kind}:${listKey(filters)}`;
    let statement = this.statements.get(key);
    if (!statement) {
      statement = this.db.prepare(kind === 'page' ? listSql(filters) : listKeysSql(filters));
      this.statements.set(key, statement);
    }
    return statement;
  }
}
