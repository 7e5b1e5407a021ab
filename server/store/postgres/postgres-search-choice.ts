/**
 * How a PostgreSQL search finds its candidates (decisions 30 and 32): RUM's matches newest first, or a
 * walk over the newest rows when the planner expects a large share of the articles to match.
 */
import { tagToken } from '../sqlite/search-index';
import type { ArticleQuery } from '../types';

/** Above every search key (YYYYMMDDHHMMSSmmm, migration v6): `search_key <=| NEWEST_KEY` orders newest first. */
export const NEWEST_KEY = '99999999999999999';

/**
 * Above this share of the articles matching (the planner's estimate), search walks the newest rows and
 * tests each instead of taking RUM's ordered matches: a walk reads about 1,001 / share rows, RUM sorts
 * share × articles keys. Set from EXPLAIN ANALYZE at 100,000 articles (docs/benchmarks.md, decision 30).
 */
const WALK_SHARE = 0.3;

/**
 * The same for a query with a prefix: `counc*` stands for every word it starts, whose lists RUM merges before
 * sorting (at 100,000 articles, "counc*" in business, 15.6 % of the articles: RUM 164 ms, the walk 71 ms;
 * "har*" in health, 3.4 %: RUM 12.5 ms, the bitmap 16 ms).
 */
const PREFIX_WALK_SHARE = 0.1;

/** The filters as the search vector's tag lexemes (migration v6), SQLite's tag tokens. */
export function tagTokens(query: ArticleQuery): string[] {
  return [
    ...(query.category ? [tagToken('category', query.category)] : []),
    ...(query.source ? [tagToken('source', query.source)] : []),
    ...(query.difficulty ? [tagToken('difficulty', query.difficulty)] : []),
  ];
}

/** The share above which a query with these terms walks the newest rows. */
export function walkShareFor(termParams: readonly string[]): number {
  return termParams.some((term) => term.endsWith(':*')) ? PREFIX_WALK_SHARE : WALK_SHARE;
}
