/**
 * The article list machine's context, input, events and page request (article-list-machine.ts),
 * apart so the views, the wiring and the tests can name them without the machine.
 */
import type { CardPage } from '../api/client';
import type { ArticleCard } from '../domain/article';
import type { ArticleFilters } from '../domain/filters';
import type { LanguageCode } from '../../common/languages';

export interface ArticleListContext {
  /** The page language; the API is asked in apiLanguageFor(language). */
  language: string;
  /** Page size. */
  limit: number;
  /** Every card loaded so far for `query`, in the server's order. */
  cards: ArticleCard[];
  /** How many articles the server counted for `query`. */
  total: number;
  /** The server counted only part of what matches (as far as the page needs): `total` is a lower bound. */
  totalCapped: boolean;
  /** The next_cursor of the last page loaded, when it carried one: "Load more" asks after it. */
  nextCursor: string | null;
  /** The filters the learner has set. */
  filters: ArticleFilters;
  /** The filters `cards` were fetched with; they differ from `filters` until the server answers. */
  query: ArticleFilters;
  /** The failure's own message, when it had one; the view falls back to its localized text. */
  errorMessage: string | null;
}

export interface ArticleListInput {
  language: string;
  limit: number;
  filters?: Partial<ArticleFilters>;
  /** The first page for these filters, when the page carries it (server rendering): the list starts loaded. */
  initial?: CardPage;
}

export interface ArticlePageRequest {
  language: LanguageCode;
  limit: number;
  offset: number;
  /** Set instead of a meaningful offset: the page after this position (the offset is then 0). */
  cursor?: string;
  filters: ArticleFilters;
}

export type ArticleListEvent =
  | { type: 'LANGUAGE_CHANGED'; language: string }
  | { type: 'RELOAD' }
  | { type: 'LOAD_MORE' }
  | { type: 'RETRY' }
  | { type: 'SEARCH_CHANGED'; search: string }
  | { type: 'CATEGORY_SELECTED'; category: string }
  | { type: 'SOURCE_SELECTED'; source: string }
  | { type: 'DIFFICULTY_SELECTED'; difficulty: string }
  | { type: 'FILTERS_CLEARED' }
  /** The address's filters changed (back/forward, a link); already in the address, so not written back. */
  | { type: 'QUERY_CHANGED'; filters: ArticleFilters };
