/**
 * The SQLite store's list pages (their SQL: list-queries.ts): a page at an offset or after a cursor, with its total
 * (a counter kept by triggers, v6). A deep offset starts from the list's mark before it (../list-marks.ts, decision 61)
 * and skips fewer than a step of index entries from there, as a page after a cursor does.
 */
import type Database from 'better-sqlite3';
import { KeptMarks, LIST_MARK_STEP, markBefore, type ListMark, type MarkBefore } from '../list-marks';
import type { ArticleQuery, ArticleSummaryRow, Page } from '../types';
import { listKey, listKeysSql, listSql, type ListFilters } from './list-queries';
import { totalCounterName } from './migrations';
import { toSummary, type SummaryRow } from './rows';

type KeyRow = { readonly seq: number; readonly published_at: string; readonly id: string };
type Params = Record<string, string>;

export class ListReads {
  private readonly statements = new Map<string, Database.Statement>();
  /** Per connection: a read worker's store keeps its own, as the server's does. */
  private readonly kept = new KeptMarks<ListMark[]>();
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
   * The list's mark before the offset. Kept per data version (store_counters, moved by triggers on every write of an
   * article from any connection or process): SQLite's own `PRAGMA data_version` does not move for this connection's
   * own writes (the server writes on the connection it reads lists on) and does move for writes that change no list
   * (stored page views, feed state, pass progress).
   */
  private markBefore(filters: ListFilters, params: Params, offset: number): MarkBefore | undefined {
    if (offset < this.markStep) return undefined;
    const marks = this.kept.marks(totalCounterName(params), this.counter('data_version'), () => this.readMarks(filters, params));
    return markBefore(marks, offset, this.markStep);
  }

  /**
   * The rows at positions step - 1, 2 × step - 1, … of the list, each a seek after the one before and step - 1 index
   * entries skipped: the list's index read once, about 1–2 ms for 100,000 rows, where row_number() over the list took
   * 50–80 ms and handing every row to JavaScript about 70 (decision 61).
   */
  private readMarks(filters: ListFilters, params: Params): ListMark[] {
    const first = this.statement('keys', { ...filters, after: false });
    const next = this.statement('keys', { ...filters, after: true });
    const skip = { limit: 1, offset: this.markStep - 1 };
    const marks: ListMark[] = [];
    for (let row = first.get({ ...params, ...skip }) as KeyRow | undefined; row;) {
      marks.push({ publishedAt: row.published_at, id: row.id });
      row = next.get({ ...params, afterAt: row.published_at, afterId: row.id, ...skip }) as KeyRow | undefined;
    }
    return marks;
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
