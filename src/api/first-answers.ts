/**
 * The answers a server-rendered page was rendered from (common/page-data.ts), decoded with the
 * contract's codecs like every fetched payload. The routes start their machines from them, so the
 * first render shows what the server showed and asks the API nothing; anything missing, broken or
 * for another request is simply not there, and the route fetches as it always did.
 */
import { isLeft } from 'fp-ts/Either';
import { PathReporter } from 'io-ts/PathReporter';
import { toArticleCard, toArticleView, type ArticleCard, type ArticleView } from '../domain/article';
import type { ArticlePage, ArticleResponse } from '../../common/contract';
import type { LanguageCode } from '../../common/languages';
import { PageDataCodec, requestKey, type MissingArticleAnswer, type PageData } from '../../common/page-data';
import { latestQuery, listPageRequest, toCardPage, type CardPage, type LatestParams, type ListPageParams } from './client';
import { httpStatusError, type ApiError } from './errors';

export interface FirstAnswers {
  /** The home page's cards, when the page carries exactly this request's answer. */
  latestArticles(params: LatestParams): ArticleCard[] | undefined;
  listPage(params: ListPageParams): CardPage | undefined;
  article(id: string, language: LanguageCode): ArticleView | undefined;
  /** The error the API answered for this article request (it does not exist), when the page carries it. */
  articleError(id: string, language: LanguageCode): ApiError | undefined;
  /** An article's practice set as the page carries it, still to be decoded (by the practice route, with its own codec). */
  exerciseSet(id: string, language: LanguageCode): unknown;
  /** Whether the page carries the API's 404 for this article's practice set (there is no such article). */
  exercisesMissing(id: string, language: LanguageCode): boolean;
  /**
   * The check of the cards' frequency list as the page names it (home and list, decision 50), if it does.
   * Expired with the answers: later pages prepare the list of the learner's last record, which a tab open
   * across a change of the list has made for the new one. The cards' inventories still decide.
   */
  rankedCheck(): string | undefined;
  /** After the first navigation every screen fetches as usual (the answers describe the first page only). */
  expire(): void;
}

/** The embedded text decoded, or null (with the reason given to `onProblem`) when it is missing or broken. */
export function decodePageData(text: string | null | undefined, onProblem: (reason: string) => void = () => {}): PageData | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    onProblem(`The page's data is not JSON: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
  const decoded = PageDataCodec.decode(parsed);
  if (isLeft(decoded)) {
    onProblem(`The page's data does not match the contract: ${PathReporter.report(decoded).slice(0, 3).join('; ')}`);
    return null;
  }
  return decoded.right;
}

export function firstAnswersFrom(data: PageData | null): FirstAnswers {
  const pages = new Map<string, ArticlePage>();
  const articles = new Map<string, ArticleResponse>();
  const missing = new Map<string, MissingArticleAnswer>();
  const exerciseSets = new Map<string, unknown>();
  for (const entry of data?.answers ?? []) {
    if ('status' in entry) missing.set(requestKey(entry.path.replace(':id', entry.id), entry.query), entry);
    else if (entry.path === '/articles/:id/exercises')
      exerciseSets.set(requestKey(`/articles/${entry.id}/exercises`, entry.query), entry.answer);
    else if (entry.path === '/articles/:id') articles.set(requestKey(`/articles/${entry.id}`, entry.query), entry.answer);
    else pages.set(requestKey(entry.path, entry.query), entry.answer);
  }
  let expired = false;
  const page = (path: string, query: Parameters<typeof requestKey>[1]) => (expired ? undefined : pages.get(requestKey(path, query)));
  return {
    latestArticles(params) {
      return page('/articles/latest', latestQuery(params))?.articles.map(toArticleCard);
    },
    listPage(params) {
      const { path, query } = listPageRequest(params);
      const answer = page(path, query);
      return answer === undefined ? undefined : toCardPage(answer);
    },
    article(id, language) {
      const answer = expired ? undefined : articles.get(requestKey(`/articles/${id}`, { language }));
      return answer === undefined ? undefined : toArticleView(answer.article);
    },
    articleError(id, language) {
      const entry = expired ? undefined : missing.get(requestKey(`/articles/${id}`, { language }));
      return entry === undefined ? undefined : httpStatusError(entry.status, '', entry.error.error);
    },
    exerciseSet(id, language) {
      return expired ? undefined : exerciseSets.get(requestKey(`/articles/${id}/exercises`, { language }));
    },
    exercisesMissing(id, language) {
      return !expired && missing.has(requestKey(`/articles/${id}/exercises`, { language }));
    },
    rankedCheck() {
      return expired ? undefined : data?.rankedCheck;
    },
    expire() {
      expired = true;
    },
  };
}

/** No answers: what tests and pages without server rendering get. */
export const NO_FIRST_ANSWERS: FirstAnswers = firstAnswersFrom(null);
