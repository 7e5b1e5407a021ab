/**
 * The SQL of the article lists and of search, built per filter combination. Kept apart from
 * sqlite-store.ts so the plans (and why each is bounded) can be read in one place.
 *
 * Lists: every combination of category, source and difficulty has an index that yields rows in
 * date order (v3 and v5), so a page reads `offset + limit` index entries and stops; totals are
 * counters kept by triggers per filter combination (v6), one indexed row each.
 *
 * Search: FTS5's bm25() has to score every match before the best one is known, which cost seconds
 * for a word in every article. So ranking is bounded: the newest SEARCH_CANDIDATES matches (FTS5
 * walks its doclist newest first and stops there) are scored, and the page is cut from them. A
 * word in fewer articles than that is ranked over all of them exactly as before; a very common
 * word ranks among its newest matches, which for news is what a reader wants first. The total is
 * exact up to the cap; beyond it the answer says the total was capped.
 */
import { HIT_END, HIT_START } from './fts-query';

/** How many matches search ranks (and reports exactly); see the header. */
export const SEARCH_CANDIDATES = 1000;

/** Title hits count most, then the summary, then the body. */
const BM25_WEIGHTS = { title: 10, summary: 4, body: 1 } as const;
const SNIPPET_TOKENS = 24;

export const SUMMARY_COLUMNS = `
  a.seq, a.id, a.source, a.title, a.published_at, a.summary, a.summary_translations,
  a.word_count, a.reading_time_minutes, a.difficulty,
  (SELECT json_group_array(category) FROM
     (SELECT category FROM article_categories WHERE article_seq = a.seq ORDER BY position)) AS categories`;

export interface ListFilters {
  readonly category?: boolean;
  readonly source?: boolean;
  readonly difficulty?: boolean;
}

export function listKey(filters: ListFilters): string {
  return `${filters.category ? 'c' : ''}${filters.source ? 's' : ''}${filters.difficulty ? 'd' : ''}`;
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

/** One page of a list, newest first. Totals are counters kept by triggers (v6): see totalCounterName. */
export function listSql(filters: ListFilters): string {
  if (filters.category) {
    // The category rows carry date, source and difficulty (v5), so one of the four
    // article_categories indexes serves the filter and the order together.
    const where = [
      'c.category = @category',
      ...(filters.source ? ['c.source = @source'] : []),
      ...(filters.difficulty ? ['c.difficulty = @difficulty'] : []),
    ].join(' AND ');
    return pageOf(`SELECT c.article_seq AS seq, c.published_at, c.article_id AS id FROM article_categories AS c
             WHERE ${where} ORDER BY c.published_at DESC, c.article_id ASC LIMIT @limit OFFSET @offset`);
  }
  const filterList = [
    ...(filters.source ? ['a.source = @source'] : []),
    ...(filters.difficulty ? ['a.difficulty = @difficulty'] : []),
  ];
  const where = filterList.length ? `WHERE ${filterList.join(' AND ')}` : '';
  return pageOf(`SELECT a.seq, a.published_at, a.id FROM articles AS a ${where}
           ORDER BY a.published_at DESC, a.id ASC LIMIT @limit OFFSET @offset`);
}

/** Search page and (capped) count for a query with or without a category. */
export interface SearchFilters {
  readonly category: boolean;
  readonly source: boolean;
  readonly difficulty: boolean;
}

export function searchSql(filters: SearchFilters): { page: string; total: string } {
  const categoryFilter = filters.category
    ? `AND EXISTS (SELECT 1 FROM article_categories AS c
         WHERE c.article_seq = article_search.rowid AND c.category = @category)`
    : '';
  // Source and difficulty are columns of articles: one primary-key lookup per hit.
  const columns = [filters.source ? 'f.source = @source' : '', filters.difficulty ? 'f.difficulty = @difficulty' : ''].filter(Boolean);
  const columnFilter = columns.length ? `AND EXISTS (SELECT 1 FROM articles AS f WHERE f.seq = article_search.rowid AND ${columns.join(' AND ')})` : '';
  // Every search row belongs to an article (both are written in one transaction), so
  // candidates and counts stay inside the full-text index; articles are joined for the page only.
  const matches = `FROM article_search WHERE article_search MATCH @match ${categoryFilter} ${columnFilter}`;
  const { title, summary, body } = BM25_WEIGHTS;
  return {
    page: `WITH candidates AS MATERIALIZED (
             SELECT article_search.rowid AS seq, bm25(article_search, ${title}, ${summary}, ${body}) AS score
             ${matches}
             ORDER BY article_search.rowid DESC LIMIT ${SEARCH_CANDIDATES}
           ),
           hits AS (SELECT seq, score FROM candidates ORDER BY score, seq DESC LIMIT @limit OFFSET @offset)
           SELECT ${SUMMARY_COLUMNS},
             snippet(article_search, -1, '${HIT_START}', '${HIT_END}', '…', ${SNIPPET_TOKENS}) AS snippet
           FROM hits
             CROSS JOIN article_search ON article_search.rowid = hits.seq
             CROSS JOIN articles AS a ON a.seq = hits.seq
           WHERE article_search MATCH @match
           ORDER BY hits.score, hits.seq DESC`,
    // One more than the cap tells "exactly the cap" from "more than the cap".
    total: `SELECT count(*) FROM (SELECT 1 ${matches} LIMIT ${SEARCH_CANDIDATES + 1})`,
  };
}
