/** Canned articles and a fake ArticlesApi for machine and screen tests (the API boundary). */
import { vi } from 'vitest';
import type { ArticleCard, ArticleView } from '../../src/domain/article';
import type { ArticlesApi, CardPage, LatestParams, ListPageParams } from '../../src/api/client';
import { applyFilters, parseCategoryFilter, parseDifficultyFilter, parseSourceFilter } from '../../src/domain/filters';
import type { LanguageCode } from '../../common/languages';

export function card(overrides: Partial<ArticleCard> & { id: string }): ArticleCard {
  return {
    title: `Title of ${overrides.id}`,
    source: 'npr',
    date: '2026-11-18T09:30:00Z',
    wordCount: 420,
    readingTimeMinutes: 7,
    summary: '',
    difficulty: 'beginner',
    categories: ['technology'],
    ...overrides,
  };
}

export const CARDS: ArticleCard[] = [
  card({
    id: 'city-bikes',
    title: 'City Adds Three Hundred Bikes to Its Sharing Program',
    source: 'npr',
    date: '2026-11-18T09:30:00Z',
    wordCount: 412,
    readingTimeMinutes: 7,
    summary: 'Commuters get more bikes and new docking stations.',
    difficulty: 'beginner',
    categories: ['technology', 'education'],
  }),
  card({
    id: 'clinic-hours',
    title: 'Rural Clinic Extends Its Evening Hours',
    source: 'bbc',
    date: '2026-11-10T12:00:00Z',
    wordCount: 655,
    readingTimeMinutes: 11,
    summary: 'Patients who work late can now see a nurse after six.',
    difficulty: 'intermediate',
    categories: ['health'],
  }),
  card({
    id: 'bank-rates',
    title: 'Central Bank Holds Interest Rates Steady',
    source: 'reuters',
    date: '2026-11-05T08:15:00Z',
    wordCount: 890,
    readingTimeMinutes: 15,
    summary: 'Policy makers said prices are rising more slowly.',
    difficulty: 'advanced',
    categories: ['business', 'politics'],
  }),
  card({
    id: 'girls-soccer',
    title: 'Girls Soccer Team Wins First State Title',
    source: 'cbs',
    date: '2026-10-28T18:45:00Z',
    wordCount: 300,
    readingTimeMinutes: 5,
    summary: 'A late goal settled the final.',
    difficulty: 'beginner',
    categories: ['sports', 'farming'],
  }),
];

export function articleView(overrides: Partial<ArticleView> = {}): ArticleView {
  return {
    id: 'city-bikes',
    title: 'City Adds Three Hundred Bikes to Its Sharing Program',
    source: 'npr',
    date: '2026-11-18T09:30:00Z',
    categories: ['technology', 'immigration', 'farming'],
    readingTimeMinutes: 7,
    difficulty: 'beginner',
    body: '<h1>City Adds Three Hundred Bikes</h1><p>The city added bikes.</p>',
    missingHelp: [],
    ...overrides,
  };
}

/** A promise the test settles by hand, to control the order in which answers arrive. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type LatestImpl = (params: LatestParams, signal?: AbortSignal) => Promise<ArticleCard[]>;
type ListPageImpl = (params: ListPageParams, signal?: AbortSignal) => Promise<CardPage>;
type ArticleImpl = (id: string | undefined, language: LanguageCode, signal?: AbortSignal) => Promise<ArticleView>;

function unused(name: string) {
  return () => Promise.reject(new Error(`${name} is not used by these screens`));
}

/** A page of `cards` as the server would answer it: filtered, then cut at offset and limit. */
export function pageOf(cards: readonly ArticleCard[], params: ListPageParams): CardPage {
  const matching = applyFilters(cards, {
    search: params.search,
    category: parseCategoryFilter(params.category),
    source: parseSourceFilter(params.source),
    difficulty: parseDifficultyFilter(params.difficulty),
  });
  return { cards: matching.slice(params.offset, params.offset + params.limit), total: matching.length };
}

/** A fake ArticlesApi: only the three calls the screens make, each a vi.fn the test can inspect. */
export function fakeApi(impl: { latestArticles?: LatestImpl; article?: ArticleImpl; listPage?: ListPageImpl } = {}) {
  const latestArticles = vi.fn<LatestImpl>(impl.latestArticles ?? (async (params) => CARDS.slice(0, params.limit)));
  const listPage = vi.fn<ListPageImpl>(impl.listPage ?? (async (params) => pageOf(CARDS, params)));
  const article = vi.fn<ArticleImpl>(impl.article ?? (async () => articleView()));
  const api: ArticlesApi = {
    latestArticles,
    listPage,
    article,
    latestPage: unused('latestPage'),
    categories: unused('categories'),
    sources: unused('sources'),
    search: unused('search'),
    health: unused('health'),
  };
  return { api, latestArticles, listPage, article };
}
