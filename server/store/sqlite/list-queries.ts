/**
 * The SQL of the article lists, built per filter combination. Kept apart from
 * sqlite-store.ts so the plans (and why each is bounded) can be read in one place.
 *
 * Lists: every combination of category, source and difficulty has an index that yields rows in
 * date order (v3 and v5), so a page reads `offset + limit` index entries and stops (after a keyset
 * position, `limit` entries from where the index seeks to; a deep offset starts from the list's mark
 * before it, list-reads.ts, and skips fewer than its step); totals are
 * counters kept by triggers per filter combination (v6), one indexed row each.
 *
 * Search is in search-index.ts.
 */

export const SUMMARY_COLUMNS = `
  a.seq, a.id, a.source, a.title, a.published_at, a.summary, a.summary_translations,
  a.word_count, a.reading_time_minutes, a.difficulty,
  (SELECT json_group_array(category) FROM
     (SELECT category FROM article_categories WHERE article_seq = a.seq ORDER BY position)) AS categories`;

export interface ListFilters {
  readonly category?: boolean;
  readonly source?: boolean;
  readonly difficulty?: boolean;
  /** Keyset paging: rows after (@afterAt, @afterId) in list order. */
  readonly after?: boolean;
}

export function listKey(filters: ListFilters): string {
  return `${filters.category ? 'c' : ''}${filters.source ? 's' : ''}${filters.difficulty ? 'd' : ''}${filters.after ? 'k' : ''}`;
}

/**
 * The rows after a position in list order (published_at DESC, id ASC). The first conjunct is a range
 * the index seeks to, so a page after any position reads `limit` entries, as the first page does.
 */
function afterSql(alias: string, idColumn: string): string {
  return `${alias}.published_at <= @afterAt AND (${alias}.published_at < @afterAt OR ${alias}.${idColumn} > @afterId)`;
}

/**
 * The page's keys come from one index alone (covering: offsets skip index entries, not articles);
 * the summary columns are read for the page's rows only.
 */
function pageOf(keys: string): string {
  return `WITH page AS MATERIALIZED (${keys})
    SELECT ${SUMMARY_COLUMNS} FROM page CROSS JOIN articles AS a ON a.seq = page.seq
    ORDER BY page.published_at DESC, page.id ASC`;
}

/**
 * The keys (seq, published_at, id) of `limit` rows of a list after `offset` of them, in list order, from one index
 * alone: the page's statement (listSql) and the marks' (list-reads.ts).
 */
export function listKeysSql(filters: ListFilters): string {
  if (filters.category) {
    // The category rows carry date, source and difficulty (v5), so one of the four
    // article_categories indexes serves the filter and the order together.
    const where = [
      'c.category = @category',
      ...(filters.source ? ['c.source = @source'] : []),
      ...(filters.difficulty ? ['c.difficulty = @difficulty'] : []),
      ...(filters.after ? [afterSql('c', 'article_id')] : []),
    ].join(' AND ');
    return `SELECT c.article_seq AS seq, c.published_at, c.article_id AS id FROM article_categories AS c
             WHERE ${where} ORDER BY c.published_at DESC, c.article_id ASC LIMIT @limit OFFSET @offset`;
  }
  const filterList = [
    ...(filters.source ? ['a.source = @source'] : []),
    ...(filters.difficulty ? ['a.difficulty = @difficulty'] : []),
    ...(filters.after ? [afterSql('a', 'id')] : []),
  ];
  const where = filterList.length ? `WHERE ${filterList.join(' AND ')}` : '';
  return `SELECT a.seq, a.published_at, a.id FROM articles AS a ${where}
           ORDER BY a.published_at DESC, a.id ASC LIMIT @limit OFFSET @offset`;
}

/** One page of a list, newest first. Totals are counters kept by triggers (v6): see totalCounterName. */
export function listSql(filters: ListFilters): string {
  return pageOf(listKeysSql(filters));
}
