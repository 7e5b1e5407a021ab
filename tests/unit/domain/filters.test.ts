// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ArticleCard } from '../../../src/domain/article';
import {
  addressWithFilters,
  nextPageQuery,
  EMPTY_FILTERS,
  applyFilters,
  hasActiveFilters,
  isFilterableCategory,
  parseCategoryFilter,
  parseDifficultyFilter,
  parseFilterValue,
  parseSourceFilter,
  filtersFromQuery,
  queryWithFilters,
  sameFilters,
  type ArticleFilters,
} from '../../../src/domain/filters';

function card(id: string, overrides: Partial<ArticleCard> = {}): ArticleCard {
  return {
    id,
    title: `Title ${id}`,
    source: 'npr',
    date: '2024-01-01',
    wordCount: 100,
    readingTimeMinutes: 2,
    summary: '',
    difficulty: 'intermediate',
    categories: [],
    ...overrides,
  };
}

const CARDS: ArticleCard[] = [
  card('chips', {
    title: 'New Chip Factory Opens',
    summary: 'Jobs for the town',
    source: 'cbs',
    difficulty: 'beginner',
    categories: ['technology', 'business'],
  }),
  card('vote', {
    title: 'Council Vote Delayed',
    summary: 'A new date for the budget',
    source: 'bbc',
    difficulty: 'advanced',
    categories: ['politics'],
  }),
  card('clinic', {
    title: 'Rural Clinic Expands',
    summary: 'More nurses and a new WING',
    source: 'npr',
    difficulty: 'intermediate',
    categories: ['health'],
  }),
  card('match', {
    title: 'Cup Final Tonight',
    summary: 'Fans travel north',
    source: 'reuters',
    difficulty: undefined,
    categories: ['sports'],
  }),
];

const ids = (cards: ArticleCard[]): string[] => cards.map((c) => c.id);
const filters = (overrides: Partial<ArticleFilters>): ArticleFilters => ({ ...EMPTY_FILTERS, ...overrides });

describe('applyFilters', () => {
  it('keeps everything with empty filters, and a blank search counts as empty', () => {
    expect(ids(applyFilters(CARDS, EMPTY_FILTERS))).toEqual(['chips', 'vote', 'clinic', 'match']);
    expect(ids(applyFilters(CARDS, filters({ search: '   ' })))).toHaveLength(4);
  });

  it('searches title and summary, case-insensitively, after trimming', () => {
    expect(ids(applyFilters(CARDS, filters({ search: 'factory' })))).toEqual(['chips']);
    expect(ids(applyFilters(CARDS, filters({ search: '  wing ' })))).toEqual(['clinic']);
    expect(ids(applyFilters(CARDS, filters({ search: 'NEW' })))).toEqual(['chips', 'vote', 'clinic']);
    expect(ids(applyFilters(CARDS, filters({ search: 'nothing like this' })))).toEqual([]);
  });

  it('matches a category when the article carries it among others', () => {
    expect(ids(applyFilters(CARDS, filters({ category: 'business' })))).toEqual(['chips']);
    expect(ids(applyFilters(CARDS, filters({ category: 'technology' })))).toEqual(['chips']);
  });

  it('matches source and difficulty by equality; no difficulty never matches a chosen one', () => {
    expect(ids(applyFilters(CARDS, filters({ source: 'npr' })))).toEqual(['clinic']);
    expect(ids(applyFilters(CARDS, filters({ difficulty: 'advanced' })))).toEqual(['vote']);
    expect(ids(applyFilters(CARDS, filters({ difficulty: 'intermediate' })))).toEqual(['clinic']);
  });

  it('combines all filters with AND', () => {
    expect(ids(applyFilters(CARDS, filters({ search: 'new', source: 'bbc' })))).toEqual(['vote']);
    expect(ids(applyFilters(CARDS, filters({ search: 'new', category: 'health', difficulty: 'intermediate' })))).toEqual(['clinic']);
    expect(ids(applyFilters(CARDS, filters({ category: 'politics', source: 'npr' })))).toEqual([]);
    expect(ids(applyFilters(CARDS, filters({ search: 'cup', category: 'sports', source: 'reuters', difficulty: 'beginner' })))).toEqual([]);
  });

  it('does not change the input list', () => {
    const copy = [...CARDS];
    applyFilters(CARDS, filters({ source: 'cbs' }));
    expect(CARDS).toEqual(copy);
  });
});

describe('parsing select values', () => {
  it('accepts known values and turns anything else into all', () => {
    expect(isFilterableCategory('sports')).toBe(true);
    expect(isFilterableCategory('immigration')).toBe(false);
    expect(parseCategoryFilter('health')).toBe('health');
    expect(parseCategoryFilter('education')).toBe('all');
    expect(parseSourceFilter('reuters')).toBe('reuters');
    expect(parseSourceFilter('fox')).toBe('all');
    expect(parseDifficultyFilter('beginner')).toBe('beginner');
    expect(parseDifficultyFilter(null)).toBe('all');
  });

  it('sets one field from a raw string and reports whether anything is active', () => {
    const next = parseFilterValue(EMPTY_FILTERS, 'source', 'bbc');
    expect(next).toEqual({ ...EMPTY_FILTERS, source: 'bbc' });
    expect(hasActiveFilters(next)).toBe(true);
    expect(hasActiveFilters(parseFilterValue(next, 'source', 'all'))).toBe(false);
    expect(parseFilterValue(EMPTY_FILTERS, 'search', ' chip ').search).toBe(' chip ');
    expect(hasActiveFilters(parseFilterValue(EMPTY_FILTERS, 'search', '  '))).toBe(false);
  });
});

describe('filters in the address', () => {
  it('reads every filter, treating unknown values as "all"', () => {
    expect(filtersFromQuery('?q=harbour&category=health&source=bbc&difficulty=advanced&utm=x')).toEqual({
      search: 'harbour',
      category: 'health',
      source: 'bbc',
      difficulty: 'advanced',
    });
    expect(filtersFromQuery('category=farming&source=cnn&difficulty=')).toEqual(EMPTY_FILTERS);
  });

  it('writes the filters that are set, keeps other parameters, and drops blank and "all" ones', () => {
    const filters = { ...EMPTY_FILTERS, search: 'bank rates', category: 'business' as const };
    expect(queryWithFilters('?utm=x&source=bbc', filters)).toBe('?utm=x&q=bank+rates&category=business');
    expect(queryWithFilters('?q=old&difficulty=advanced', EMPTY_FILTERS)).toBe('');
    expect(filtersFromQuery(queryWithFilters('', filters))).toEqual(filters);
  });

  it('compares filters as the server would see them (the search term trimmed)', () => {
    expect(sameFilters({ ...EMPTY_FILTERS, search: ' bank ' }, { ...EMPTY_FILTERS, search: 'bank' })).toBe(true);
    expect(sameFilters({ ...EMPTY_FILTERS, source: 'bbc' }, EMPTY_FILTERS)).toBe(false);
  });

  it('moves the address to new filters: typing replaces the entry, a select adds one, an unchanged query nothing', () => {
    const search = { ...EMPTY_FILTERS, search: 'bank' };
    expect(addressWithFilters('/zh/articles', '?q=ban&utm=x', search)).toEqual({ to: '/zh/articles?q=bank&utm=x', replace: true });
    expect(addressWithFilters('/zh/articles', '?q=bank', { ...search, category: 'health' })).toEqual({
      to: '/zh/articles?q=bank&category=health',
      replace: false,
    });
    expect(addressWithFilters('/zh/articles', '?category=health', EMPTY_FILTERS)).toEqual({ to: '/zh/articles', replace: false });
    // Unknown values in the address already mean "all".
    expect(addressWithFilters('/zh/articles', '?q=bank&category=farming', search)).toBeNull();
  });

  it('starts a new question from its first page: the page count leaves the address with a filter change', () => {
    expect(addressWithFilters('/zh/articles', '?page=3&utm=x', { ...EMPTY_FILTERS, category: 'health' })).toEqual({
      to: '/zh/articles?utm=x&category=health',
      replace: false,
    });
  });

  it('"Load more" without the app leads to the same question with one page more', () => {
    const filters: ArticleFilters = { ...EMPTY_FILTERS, search: 'bank', difficulty: 'advanced' };
    expect(nextPageQuery(filters, 20, 20)).toBe('?page=2&q=bank&difficulty=advanced');
    expect(nextPageQuery(EMPTY_FILTERS, 40, 20)).toBe('?page=3');
  });

  it("an active filter's chip leads to the list without that filter, the others kept", () => {
    const filters: ArticleFilters = { search: 'bank', category: 'health', source: 'bbc', difficulty: 'advanced' };
    // What ArticleFilters writes for the source's chip.
    expect(queryWithFilters('', { ...filters, source: 'all' })).toBe('?q=bank&category=health&difficulty=advanced');
  });
});
