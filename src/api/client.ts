/** The typed calls of spec section 7, each decoded with the shared io-ts contract. */
import { toArticleCard, toArticleView, type ArticleCard, type ArticleView } from '../domain/article';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../common/languages';
import {
  ArticlePageCodec,
  ArticleResponseCodec,
  CategoriesResponseCodec,
  HealthResponseCodec,
  QUERY_LIMITS,
  SourcesResponseCodec,
  type ArticlePage,
  type CategoriesResponse,
  type HealthResponse,
  type SourcesResponse,
} from '../../common/contract';
import { missingIdError } from './errors';
import { defaultRequestOptions, requestJson, type RequestOptions } from './http';

export interface LatestParams {
  language: LanguageCode;
  limit?: number;
  offset?: number;
  category?: string;
  source?: string;
  difficulty?: string;
}

export interface SearchParams {
  q: string;
  language: LanguageCode;
  limit?: number;
  offset?: number;
  category?: string;
  source?: string;
  difficulty?: string;
}

/** One page of cards and how many the server counted for the same question. */
export interface CardPage {
  cards: ArticleCard[];
  total: number;
  /** More articles match than the server ranks (a very common word): `total` is a lower bound. */
  totalCapped?: boolean;
}

/** The list page's question: a search term (blank for none) and the select filters, one page of it. */
export interface ListPageParams {
  language: LanguageCode;
  limit: number;
  offset: number;
  search: string;
  category?: string;
  source?: string;
  difficulty?: string;
}

export interface ArticlesApi {
  latestArticles(params: LatestParams, signal?: AbortSignal): Promise<ArticleCard[]>;
  latestPage(params: LatestParams, signal?: AbortSignal): Promise<ArticlePage>;
  article(id: string | undefined, language: LanguageCode, signal?: AbortSignal): Promise<ArticleView>;
  categories(language: LanguageCode, signal?: AbortSignal): Promise<CategoriesResponse>;
  sources(signal?: AbortSignal): Promise<SourcesResponse>;
  search(params: SearchParams, signal?: AbortSignal): Promise<ArticleCard[]>;
  /** Ranked search results when there is a term, otherwise the latest articles; both filtered. */
  listPage(params: ListPageParams, signal?: AbortSignal): Promise<CardPage>;
  health(signal?: AbortSignal): Promise<HealthResponse>;
}

/** Keeps limit within the server's bounds, so a caller's slip becomes a smaller page, not a 400. */
export function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return QUERY_LIMITS.defaultLimit;
  return Math.min(QUERY_LIMITS.limitMax, Math.max(QUERY_LIMITS.limitMin, Math.trunc(limit)));
}

export function clampOffset(offset: number | undefined): number {
  if (offset === undefined || !Number.isFinite(offset)) return QUERY_LIMITS.defaultOffset;
  return Math.max(0, Math.trunc(offset));
}

function languageOrDefault(language: LanguageCode | undefined): LanguageCode {
  return language ?? DEFAULT_LANGUAGE;
}

function latestQuery(params: LatestParams) {
  return {
    language: languageOrDefault(params.language),
    limit: clampLimit(params.limit),
    offset: clampOffset(params.offset),
    category: params.category,
    source: params.source,
    difficulty: params.difficulty,
  };
}

export function createApiClient(options: Partial<RequestOptions> = {}): ArticlesApi {
  const base: RequestOptions = { ...defaultRequestOptions(), ...stripUndefined(options) };
  const withSignal = (signal: AbortSignal | undefined): RequestOptions => (signal === undefined ? base : { ...base, signal });

  const latestPage = (params: LatestParams, signal?: AbortSignal): Promise<ArticlePage> =>
    requestJson('/articles/latest', latestQuery(params), ArticlePageCodec, withSignal(signal));

  const searchPage = (params: SearchParams, signal?: AbortSignal): Promise<ArticlePage> =>
    requestJson('/articles/search', { q: params.q, ...latestQuery(params) }, ArticlePageCodec, withSignal(signal));

  return {
    latestPage,

    async latestArticles(params, signal) {
      const page = await latestPage(params, signal);
      return page.articles.map(toArticleCard);
    },

    async article(id, language, signal) {
      if (id === undefined || id.trim() === '') throw missingIdError();
      const response = await requestJson(
        `/articles/${encodeURIComponent(id)}`,
        { language: languageOrDefault(language) },
        ArticleResponseCodec,
        withSignal(signal),
      );
      return toArticleView(response.article);
    },

    categories(language, signal) {
      return requestJson('/categories', { language: languageOrDefault(language) }, CategoriesResponseCodec, withSignal(signal));
    },

    sources(signal) {
      return requestJson('/sources', {}, SourcesResponseCodec, withSignal(signal));
    },

    async search(params, signal) {
      const page = await searchPage(params, signal);
      return page.articles.map(toArticleCard);
    },

    async listPage({ search, ...filters }, signal) {
      const q = withinSearchLimits(search);
      const page = await (q === '' ? latestPage(filters, signal) : searchPage({ ...filters, q }, signal));
      return { cards: page.articles.map(toArticleCard), total: page.total, ...(page.total_capped === true ? { totalCapped: true } : {}) };
    },

    health(signal) {
      return requestJson('/health', {}, HealthResponseCodec, withSignal(signal));
    },
  };
}

/**
 * The search box has no bound (spec); a longer paste is cut to what the server accepts (its first
 * words, then its characters, never a control character) rather than failing with a 400.
 */
export function withinSearchLimits(search: string): string {
  const kept: string[] = [];
  let words = 0;
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const controlCharacters = /[\u0000-\u001f\u007f]/g;
  for (const token of search.replace(controlCharacters, ' ').trim().split(/\s+/u)) {
    if (/[\p{L}\p{N}]/u.test(token)) {
      if (words === QUERY_LIMITS.qMaxTerms) break;
      words += 1;
    }
    kept.push(token);
  }
  return [...kept.join(' ')].slice(0, QUERY_LIMITS.qMaxLength).join('').trim();
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
