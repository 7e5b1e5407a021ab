/** The list page's client-side filters: search box plus three selects, combined with AND. */
import {
  DIFFICULTY_LEVELS,
  FILTERABLE_CATEGORIES,
  SOURCE_IDS,
  isDifficultyLevel,
  isSourceId,
  type DifficultyLevel,
  type FilterableCategory,
  type SourceId,
} from '../../common/catalog';
import type { ArticleCard } from './article';

export const ALL = 'all' as const;
export type All = typeof ALL;

export interface ArticleFilters {
  search: string;
  category: FilterableCategory | All;
  source: SourceId | All;
  difficulty: DifficultyLevel | All;
}

export const EMPTY_FILTERS: ArticleFilters = Object.freeze({
  search: '',
  category: ALL,
  source: ALL,
  difficulty: ALL,
});

/** Option values of each select, 'all' first, in the order the page shows them. */
export const CATEGORY_FILTER_OPTIONS: readonly (FilterableCategory | All)[] = [ALL, ...FILTERABLE_CATEGORIES];
export const SOURCE_FILTER_OPTIONS: readonly (SourceId | All)[] = [ALL, ...SOURCE_IDS];
export const DIFFICULTY_FILTER_OPTIONS: readonly (DifficultyLevel | All)[] = [ALL, ...DIFFICULTY_LEVELS];

export function isFilterableCategory(value: unknown): value is FilterableCategory {
  return typeof value === 'string' && (FILTERABLE_CATEGORIES as readonly string[]).includes(value);
}

/** Select values arrive as strings; anything unknown means "no filter" rather than an empty list. */
export function parseCategoryFilter(value: string | null | undefined): FilterableCategory | All {
  return isFilterableCategory(value) ? value : ALL;
}

export function parseSourceFilter(value: string | null | undefined): SourceId | All {
  return isSourceId(value) ? value : ALL;
}

export function parseDifficultyFilter(value: string | null | undefined): DifficultyLevel | All {
  return isDifficultyLevel(value) ? value : ALL;
}

export type FilterField = keyof ArticleFilters;

/** Returns new filters with one field set from a raw string (e.g. a select's or input's value). */
export function parseFilterValue(filters: ArticleFilters, field: FilterField, value: string): ArticleFilters {
  switch (field) {
    case 'search':
      return { ...filters, search: value };
    case 'category':
      return { ...filters, category: parseCategoryFilter(value) };
    case 'source':
      return { ...filters, source: parseSourceFilter(value) };
    case 'difficulty':
      return { ...filters, difficulty: parseDifficultyFilter(value) };
  }
}

export function hasActiveFilters(filters: ArticleFilters): boolean {
  return filters.search.trim() !== '' || filters.category !== ALL || filters.source !== ALL || filters.difficulty !== ALL;
}

export function matchesFilters(card: ArticleCard, filters: ArticleFilters): boolean {
  const needle = filters.search.trim().toLowerCase();
  if (needle !== '' && !card.title.toLowerCase().includes(needle) && !card.summary.toLowerCase().includes(needle)) {
    return false;
  }
  if (filters.category !== ALL && !card.categories.some((c) => c.trim().toLowerCase() === filters.category)) {
    return false;
  }
  if (filters.source !== ALL && card.source.trim().toLowerCase() !== filters.source) return false;
  if (filters.difficulty !== ALL && card.difficulty !== filters.difficulty) return false;
  return true;
}

export function applyFilters(cards: readonly ArticleCard[], filters: ArticleFilters): ArticleCard[] {
  return cards.filter((card) => matchesFilters(card, filters));
}

/** Filters that ask the server the same question (the search term is compared trimmed). */
export function sameFilters(a: ArticleFilters, b: ArticleFilters): boolean {
  return a.search.trim() === b.search.trim() && a.category === b.category && a.source === b.source && a.difficulty === b.difficulty;
}

/** The URL parameter of each filter: /zh/articles?q=harbour&category=health&source=bbc&difficulty=advanced. */
const QUERY_NAMES: Readonly<Record<FilterField, string>> = {
  search: 'q',
  category: 'category',
  source: 'source',
  difficulty: 'difficulty',
};
const FILTER_FIELDS = Object.keys(QUERY_NAMES) as FilterField[];

function params(search: string): URLSearchParams {
  return new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
}

/** The filters a list address carries; unknown select values mean "all", as in the selects. */
export function filtersFromQuery(search: string): ArticleFilters {
  const query = params(search);
  return FILTER_FIELDS.reduce((filters, field) => parseFilterValue(filters, field, query.get(QUERY_NAMES[field]) ?? ''), EMPTY_FILTERS);
}

/** The query string with every filter set (or removed when blank or "all"), other parameters kept. */
export function queryWithFilters(search: string, filters: ArticleFilters): string {
  const query = params(search);
  for (const field of FILTER_FIELDS) {
    const value = filters[field];
    if (value === '' || value === ALL) query.delete(QUERY_NAMES[field]);
    else query.set(QUERY_NAMES[field], value);
  }
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/** Where the address goes when the learner changes the filters, and whether that replaces the history entry. */
export interface FilterAddress {
  readonly to: string;
  readonly replace: boolean;
}

/**
 * The list address for filters the learner just set at `path` + `search`: the same path with the
 * filters in its query (other parameters kept). Typing (only the search term differs) replaces
 * the history entry, so there is no entry per keystroke; a select adds one, so Back undoes it.
 * Null when the address already carries these filters.
 */
export function addressWithFilters(path: string, search: string, filters: ArticleFilters): FilterAddress | null {
  const shown = filtersFromQuery(search);
  if (queryWithFilters('', filters) === queryWithFilters('', shown)) return null;
  const typed = sameFilters({ ...shown, search: '' }, { ...filters, search: '' });
  // A new question starts from its first page.
  const kept = params(search);
  kept.delete(PAGE_PARAMETER);
  return { to: path + queryWithFilters(kept.toString(), filters), replace: typed };
}

/** The list's page count in its address (common/list-paging.ts). */
const PAGE_PARAMETER = 'page';

/**
 * Where "Load more" leads without the app, relative to the list's address: the same question with
 * one page more (?page=N), which the server renders; the app loads the next page in place instead.
 */
export function nextPageQuery(filters: ArticleFilters, shown: number, pageSize: number): string {
  return queryWithFilters(`${PAGE_PARAMETER}=${Math.floor(shown / pageSize) + 1}`, filters);
}
