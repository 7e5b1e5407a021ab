/**
 * Marks in the lists for deep offsets, what both stores share (decisions 35 and 61): every step-th row of a filtered
 * list, newest first, kept in the process's memory per list and per data version, so a page at any offset is a keyset
 * seek to the mark before it, as a cursor's page is, and fewer than a step of index entries skipped from there. How a
 * list's marks are read is each store's: PostgreSQL reads all of a list's at once (postgres/postgres-list-marks.ts),
 * SQLite each when a page first needs it (sqlite/list-reads.ts).
 */

/** Rows between two marks: 200 marks in a list of 100,000, and under 500 index entries skipped for any page. */
export const LIST_MARK_STEP = 500;

/** A row of a list: its time and id, the order's two keys. */
export interface ListMark {
  readonly publishedAt: string;
  readonly id: string;
}

/** The mark to seek to and how many rows of the list come before the rows after it. */
export interface MarkBefore {
  readonly mark: ListMark;
  readonly skipped: number;
}

/**
 * The marks kept, one entry per list (its filters' key): those of another data version are read again (and replace
 * the entry), so memory stays one set per filter combination, each at most a step-th of its list.
 */
export class KeptMarks<T> {
  private readonly kept = new Map<string, { readonly version: number; readonly marks: T }>();

  /** The list's marks at this data version: the kept ones, else `read()`'s, kept for the next page. */
  marks(key: string, version: number, read: () => T): T {
    const entry = this.kept.get(key);
    if (entry?.version === version) return entry.marks;
    const marks = read();
    this.kept.set(key, { version, marks });
    return marks;
  }

  /** Drops the list's entry if it still holds these marks (a read that failed is not kept). */
  forget(key: string, marks: T): void {
    if (this.kept.get(key)?.marks === marks) this.kept.delete(key);
  }
}
