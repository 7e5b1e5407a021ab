/**
 * How a search answer is counted and paged, the same on both stores (issue 31): the newest matches are counted as far
 * as the page needs and ranked in blocks of the newest RANK_BLOCK. SQLite's search-index.ts and PostgreSQL's
 * postgres-reads.ts both follow these rules; the store contract checks that their answers agree.
 */
/** How many matches search counts at most (and pages through); see the header. */
export const SEARCH_CANDIDATES = 1000;

/** How many matches, newest first, are ranked together; see the header. */
export const RANK_BLOCK = 100;

/**
 * How many of the newest matches a page [offset, offset + limit) counts (decision 44): up to the end of the ranking
 * block that holds the row after the page, at most SEARCH_CANDIDATES. So the count grows with the page asked for,
 * not with the matches (a word in every article counts 100 for the first page, not 1,000); every block the page
 * falls in is counted whole (ranking needs it); and when more match than the page shows, the total counted is
 * beyond the page, so "more follow" holds and the next page counts further. Both stores count with it.
 */
export function countedFor(offset: number, limit: number): number {
  return Math.min(SEARCH_CANDIDATES, Math.ceil((offset + limit + 1) / RANK_BLOCK) * RANK_BLOCK);
}

/**
 * The page [offset, offset + limit) of `candidates` (newest first) ranked block by block: each block of
 * RANK_BLOCK candidates ordered by `score` (a stable sort, so equal scores stay newest first). Only the
 * blocks the page falls in are scored. PostgreSQL ranks with the same function.
 */
export function rankedPage<T>(
  candidates: readonly T[],
  offset: number,
  limit: number,
  scores: (block: readonly T[]) => (item: T) => number,
): T[] {
  const end = Math.min(candidates.length, offset + limit);
  const page: T[] = [];
  for (let start = Math.floor(offset / RANK_BLOCK) * RANK_BLOCK; start < end; start += RANK_BLOCK) {
    const block = candidates.slice(start, start + RANK_BLOCK);
    const score = scores(block);
    const values = new Map(block.map((item) => [item, score(item)]));
    const ranked = [...block].sort((a, b) => values.get(b)! - values.get(a)!);
    page.push(...ranked.slice(Math.max(0, offset - start), end - start));
  }
  return page;
}
