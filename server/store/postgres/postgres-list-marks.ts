/**
 * Marks in the lists for deep offsets (decision 35): every LIST_MARK_STEP-th row of a filtered list, newest
 * first, read once per list and data version from the list's covering index, so a page at any offset is a
 * keyset seek to the mark before it and fewer than LIST_MARK_STEP index entries skipped. Kept in the node's
 * memory only; a list's marks are read again when the data version moves (every write, LISTEN/NOTIFY).
 */
import type { ArticleQuery } from '../types';
import type { Queryable } from './postgres-connection';
import { filterSql, totalKey } from './postgres-rows';

export const LIST_MARK_STEP = 500;

/** A row of a list: its time and id, the order's two keys. */
export interface ListMark {
  readonly publishedAt: string;
  readonly id: string;
}

/** The rows at positions step - 1, 2 × step - 1, … of the list, newest first (the list's own order). */
async function readMarks(db: Queryable, query: ArticleQuery, step: number): Promise<ListMark[]> {
  const params: unknown[] = [];
  const where = filterSql(query, params);
  const { rows } = await db.query<{ published_at: string; id: string }>(
    `SELECT s.published_at, s.id FROM (
       SELECT a.published_at, a.id, row_number() OVER (ORDER BY a.published_at DESC, a.id COLLATE "C" ASC) AS n
       FROM articles AS a WHERE true${where}) AS s
     WHERE s.n % $${params.length + 1} = 0 ORDER BY s.n`,
    [...params, step],
  );
  return rows.map((row) => ({ publishedAt: row.published_at, id: row.id }));
}

export class ListMarks {
  private readonly kept = new Map<string, { readonly version: number; readonly marks: Promise<ListMark[]> }>();

  constructor(readonly step: number = LIST_MARK_STEP) {}

  /**
   * The mark to seek to for this offset and how many rows of the list come before the rows after it, or
   * undefined when the offset is within the first step (no mark before it).
   */
  async before(db: Queryable, query: ArticleQuery, version: number): Promise<{ mark: ListMark; skipped: number } | undefined> {
    if (query.offset < this.step) return undefined;
    const key = totalKey(query);
    let entry = this.kept.get(key);
    if (entry?.version !== version) {
      entry = { version, marks: readMarks(db, query, this.step) };
      this.kept.set(key, entry);
      const failed = entry;
      // A failed read is not kept: the next request reads again.
      entry.marks.catch(() => this.kept.get(key) === failed && this.kept.delete(key));
    }
    const marks = await entry.marks;
    const at = Math.min(Math.floor(query.offset / this.step), marks.length) - 1;
    const mark = marks[at];
    return mark && { mark, skipped: (at + 1) * this.step };
  }
}
