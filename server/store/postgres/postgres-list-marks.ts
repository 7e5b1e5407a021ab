/**
 * PostgreSQL's marks in the lists for deep offsets (decision 35; what they are and how they are kept: ../list-marks.ts):
 * read once per list and data version from the list's covering index, in the node's memory only; a list's marks are
 * read again when the data version moves (every write, LISTEN/NOTIFY).
 */
import type { ArticleQuery } from '../types';
import type { Queryable } from './postgres-connection';
import { filterSql, totalKey } from './postgres-rows';
import { KeptMarks, LIST_MARK_STEP, type ListMark, type MarkBefore } from '../list-marks';

/**
 * The mark before an offset in a list whose marks are the rows at positions step - 1, 2 × step - 1, … (from 0):
 * undefined when the offset is within the first step (no mark before it).
 */
function markBefore(marks: readonly ListMark[], offset: number, step: number): MarkBefore | undefined {
  const at = Math.min(Math.floor(offset / step), marks.length) - 1;
  const mark = marks[at];
  return mark && { mark, skipped: (at + 1) * step };
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
  private readonly kept = new KeptMarks<Promise<ListMark[]>>();

  constructor(readonly step: number = LIST_MARK_STEP) {}

  /**
   * The mark to seek to for this offset and how many rows of the list come before the rows after it, or
   * undefined when the offset is within the first step (no mark before it).
   */
  async before(db: Queryable, query: ArticleQuery, version: number): Promise<MarkBefore | undefined> {
    if (query.offset < this.step) return undefined;
    const key = totalKey(query);
    const marks = this.kept.marks(key, version, () => {
      const read = readMarks(db, query, this.step);
      // A failed read is not kept: the next request reads again.
      read.catch(() => this.kept.forget(key, read));
      return read;
    });
    return markBefore(await marks, query.offset, this.step);
  }
}
