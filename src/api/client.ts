/** The typed calls of spec section 7, each decoded with the shared io-ts contract. */
export { withinSearchLimits } from '../../common/search-text';
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
import { withinSearchLimits } from '../../common/search-text';
import { missingIdError } from './errors';
import { defaultRequestOptions, requestJson, type QueryValues, type RequestOptions } from './http';

export interface LatestParams {
  language: LanguageCode;
  limit?: number;
  offset?: number;
  /** The next_cursor of an earlier latest answer: the page after it (keyset paging), the offset left out. */
  cursor?: string;
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
  /** Latest only: the position after this page, which asks for the next page at the cost of a first page. */
  nextCursor?: string;
}

/** The list page's question: a search term (blank for none) and the select filters, one page of it. */
export interface ListPageParams {
  language: LanguageCode;
  limit: number;
  offset: number;
  /** The next_cursor of the previous page; used instead of the offset when there is no search term. */
  cursor?: string;
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

/** The query of /articles/latest for these parameters, as it is sent (and as the server embeds it in a page). */
export function latestQuery(params: LatestParams) {
  const cursor = params.cursor === undefined || params.cursor === '' ? undefined : params.cursor;
  return {
    language: languageOrDefault(params.language),
    limit: clampLimit(params.limit),
    // After a cursor the server counts the offset from it: the page right after is offset 0, left out.
    offset: cursor === undefined ? clampOffset(params.offset) : undefined,
    cursor,
    category: params.category,
    source: params.source,
    difficulty: params.difficulty,
  };
}

/** An API page as the list machine holds it. */
export function toCardPage(page: ArticlePage): CardPage {
  return {
    cards: page.articles.map(toArticleCard),
    total: page.total,
    ...(page.total_capped === true ? { totalCapped: true } : {}),
    ...(page.next_cursor !== undefined ? { nextCursor: page.next_cursor } : {}),
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

    async listPage(params, signal) {
      const { path, query } = listPageRequest(params);
      return toCardPage(await requestJson(path, query, ArticlePageCodec, withSignal(signal)));
    },

    health(signal) {
      return requestJson('/health', {}, HealthResponseCodec, withSignal(signal));
    },
  };
}

/** The request the list page's question becomes: ranked search when there is a term, else the latest. */
export function listPageRequest({ search, cursor, ...filters }: ListPageParams): {
  path: '/articles/latest' | '/articles/search';
  query: QueryValues;
} {
  const q = withinSearchLimits(search);
  // Search pages by offset only (its answers carry no cursor).
  return q === ''
    ? { path: '/articles/latest', query: latestQuery({ ...filters, cursor }) }
    : { path: '/articles/search', query: { q, ...latestQuery(filters) } };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
