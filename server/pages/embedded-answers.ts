/**
 * What a page's screens ask the API for first, read on the server so the page can be rendered with
 * it and carry it (common/page-data.ts): home its latest 4, the list its first page of 20 for the
 * address's search and filters, an article the article in the page's API language, an article's practice
 * page its practice set. Each request is
 * written as the web app's client sends it (src/api/client.ts, src/app/list-routes.tsx) and answered
 * by the same functions as the API (answers/article-answers.ts), so the client finds exactly its own request.
 * Home and the list also name the cards' frequency list by its check (rankedCheck, decision 50).
 */
import { FILTERABLE_CATEGORIES, isDifficultyLevel, isSourceId, type CategoryId } from '../../common/catalog';
import { apiLanguageFor } from '../../common/languages';
import { LIST_PAGE_SIZE, listPageCount } from '../../common/list-paging';
import { missingArticleMessage, type ApiQuery, type PageData } from '../../common/page-data';
import { withinSearchLimits } from '../../common/search-text';
import type { PageRequest } from './html-shell';
import type { ArticleReads } from '../store/article-store';
import type { ArticleWithPage } from '../store/types';
import { articleAnswerAndRow, latestAnswer, searchAnswer, type ArticleAnswerDeps } from '../answers/article-answers';
import type { LatestQuery } from '../answers/answer-queries';
import type { ExerciseSet } from '../../common/exercise-contract';
import type { LanguageCode } from '../../common/languages';

/** What pages read besides the article answers: an article's practice set (answers/exercise-answers.ts), null for no such article. */
export interface PageAnswerDeps extends ArticleAnswerDeps {
  readonly exercises?: (id: string, language: LanguageCode) => Promise<ExerciseSet | null>;
  /** The check of the cards' frequency list (answers/rank-hashes-answer.ts), named by home and list pages; none without a dictionary. */
  readonly rankedCheck?: () => string | undefined;
}

/** The web app's page sizes (src/app/list-routes.tsx: HOME_ARTICLE_LIMIT, LIST_ARTICLE_LIMIT). */
export const HOME_PAGE_LIMIT = 4;
export const LIST_PAGE_LIMIT = LIST_PAGE_SIZE;

export interface PageDataResult {
  readonly data: PageData;
  /** The page names an article that does not exist. */
  readonly missingArticle: boolean;
  /** An article page's article, as read for its answer (its head is written from it: one read a page). */
  readonly article?: ArticleWithPage;
}

/** The query without the parameters the client leaves out. */
function sent(query: object): ApiQuery {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as ApiQuery;
}

/**
 * The list's filters as the web app reads them from the address (src/domain/filters.ts: unknown values mean "all"),
 * and its pages: ?page=3 is the first 60 cards, what "Load more" twice shows (common/list-paging.ts).
 */
function listQuery(search: string, language: LatestQuery['language']): { q: string; query: LatestQuery } {
  const params = new URLSearchParams(search);
  const category = params.get('category') ?? '';
  const source = params.get('source') ?? '';
  const difficulty = params.get('difficulty') ?? '';
  return {
    q: withinSearchLimits(params.get('q') ?? ''),
    query: {
      language,
      limit: LIST_PAGE_LIMIT * listPageCount(params.get('page')),
      offset: 0,
      ...((FILTERABLE_CATEGORIES as readonly string[]).includes(category) ? { category: category as CategoryId } : {}),
      ...(isSourceId(source) ? { source } : {}),
      ...(isDifficultyLevel(difficulty) ? { difficulty } : {}),
    },
  };
}

/** The frequency list's check for a page with cards; a failure to read it only leaves the hint out (the cards' inventories name it). */
function rankedCheckOf(deps: PageAnswerDeps): { rankedCheck?: string } {
  try {
    const check = deps.rankedCheck?.();
    return check === undefined ? {} : { rankedCheck: check };
  } catch (error) {
    deps.log.warn({ err: error }, 'could not read the frequency list for the page; its check is left out');
    return {};
  }
}

export async function readPageData(reader: ArticleReads, page: PageRequest, search: string, deps: PageAnswerDeps): Promise<PageDataResult> {
  const language = apiLanguageFor(page.lang);
  if (page.kind === 'home') {
    const query: LatestQuery = { language, limit: HOME_PAGE_LIMIT, offset: 0 };
    return {
      data: {
        answers: [{ path: '/articles/latest', query: sent(query), answer: await latestAnswer(reader, query) }],
        ...rankedCheckOf(deps),
      },
      missingArticle: false,
    };
  }
  if (page.kind === 'list') {
    const { q, query } = listQuery(search, language);
    const entry =
      q === ''
        ? { path: '/articles/latest' as const, query: sent(query), answer: await latestAnswer(reader, query) }
        : { path: '/articles/search' as const, query: sent({ q, ...query }), answer: await searchAnswer(reader, { q, ...query }) };
    return { data: { answers: [entry], ...rankedCheckOf(deps) }, missingArticle: false };
  }
  if (page.kind === 'detail' && page.articleId !== undefined) {
    const read = await articleAnswerAndRow(reader, page.articleId, language, deps);
    if (read === null) {
      // The API's own 404, so the page shows the error the app would show after asking (and without JavaScript too).
      const error = { error: { code: 'not_found', message: missingArticleMessage(page.articleId), parameter: 'id' } };
      return {
        data: { answers: [{ path: '/articles/:id', id: page.articleId, query: { language }, status: 404, error }] },
        missingArticle: true,
      };
    }
    return {
      data: { answers: [{ path: '/articles/:id', id: page.articleId, query: { language }, answer: read.answer }] },
      missingArticle: false,
      article: read.row,
    };
  }
  if (page.kind === 'practice' && page.articleId !== undefined && deps.exercises !== undefined) {
    // As src/api/exercise-client.ts asks for it; the same function answers the API, so the set is the one a fetch would get.
    const answer = await deps.exercises(page.articleId, language);
    if (answer === null) {
      const error = { error: { code: 'not_found', message: missingArticleMessage(page.articleId), parameter: 'id' } };
      const entry = { path: '/articles/:id/exercises' as const, id: page.articleId, query: { language }, status: 404 as const, error };
      return { data: { answers: [entry] }, missingArticle: true };
    }
    return {
      data: { answers: [{ path: '/articles/:id/exercises', id: page.articleId, query: { language }, answer }] },
      missingArticle: false,
    };
  }
  return { data: { answers: [] }, missingArticle: false };
}
