/** Home (4 latest) and list (pages of 20, with filters and search) routes: each mounts its own list actor. */
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ListPageParams } from '../api/client';
import { ALL, filtersFromQuery } from '../domain/filters';
import { apiLanguageFor } from '../../common/languages';
import { LIST_PAGE_SIZE, listPageCount } from '../../common/list-paging';
import { languageFromPath, type Page } from '../domain/routing';
import type { ArticleListEvent, ArticlePageRequest } from '../machines/article-list-types';
import { ArticleListActorContext } from '../views/articles/article-list-context';
import { ArticleListPage } from '../views/articles/article-list-page';
import { HomeArticleClickTracker } from '../views/home/home-article-clicks';
import { HomePage } from '../views/home/home-page';
import { afterPageSettles } from '../platform/main-thread';
import { LearnerCoverage } from './learner-coverage-loader';
import { useInspect } from './inspector';
import { wiredArticleList, type ListFollows, type PageFetcher } from './list-wiring';
import { useLocationFeed } from './location-provider';
import { useServices } from './services';

// The head tags of home and the list are in the server's page already; their code (the head model,
// structured data) loads once the page has settled, not in the first load (issue 26's budget, issue 33).
// Until then the server's tags stay: the boundary hydrates when the code arrives.
const HomeHead = lazy(() =>
  afterPageSettles()
    .then(() => import('../views/head/page-heads'))
    .then((module): { default: () => ReactNode } => ({ default: module.HomeHead }))
    // A chunk that cannot be downloaded (the server is away) leaves the tags as they are; the page still shows.
    .catch(() => ({ default: () => null })),
);
const ListHead = lazy(() =>
  afterPageSettles()
    .then(() => import('../views/head/page-heads'))
    .then((module): { default: () => ReactNode } => ({ default: module.ListHead }))
    // A chunk that cannot be downloaded (the server is away) leaves the tags as they are; the page still shows.
    .catch(() => ({ default: () => null })),
);

// Home's offer of the placement (to a learner without statuses) is in the server's page too; its code loads once the page has settled.
const LevelOffer = lazy(() =>
  afterPageSettles()
    .then(() => import('../views/home/level-offer'))
    .then((module): { default: () => ReactNode } => ({ default: module.LevelOffer }))
    .catch(() => ({ default: () => null })),
);

export const HOME_ARTICLE_LIMIT = 4;
export const LIST_ARTICLE_LIMIT = LIST_PAGE_SIZE;

/** The home page shows the latest few and never pages, so it needs no count. */
const homePage: PageFetcher = async (api, { language, limit }, signal) => {
  const cards = await api.latestArticles({ language, limit }, signal);
  return { cards, total: cards.length };
};

const optional = <T extends string>(value: T | typeof ALL): T | undefined => (value === ALL ? undefined : value);

const listPageParams = ({ filters, ...page }: ArticlePageRequest): ListPageParams => ({
  ...page,
  search: filters.search,
  category: optional(filters.category),
  source: optional(filters.source),
  difficulty: optional(filters.difficulty),
});

const listPage: PageFetcher = (api, request, signal) => api.listPage(listPageParams(request), signal);

/**
 * The list machine wired to the real API and to the address (list-wiring.ts). `follows` says what a
 * new address means for this route.
 */
function useListLogic(fetchPage: PageFetcher, follows: ListFollows) {
  const { api } = useServices();
  const feed = useLocationFeed();
  const [, navigate] = useLocation();
  return useMemo(() => wiredArticleList(api, feed, navigate, fetchPage, follows), [api, feed, navigate, fetchPage, follows]);
}

/** Home follows the page language only. */
const homeFollows = (page: Page): ArticleListEvent[] =>
  page.kind === 'home' ? [{ type: 'LANGUAGE_CHANGED', language: page.language }] : [];

/** The list follows the page language and the filters in its query (back/forward, a shared link). */
const listFollows = (page: Page, search: string): ArticleListEvent[] =>
  page.kind === 'list'
    ? [
        { type: 'LANGUAGE_CHANGED', language: page.language },
        { type: 'QUERY_CHANGED', filters: filtersFromQuery(search) },
      ]
    : [];

export function HomeRoute() {
  const [path] = useLocation();
  const logic = useListLogic(homePage, homeFollows);
  const inspect = useInspect();
  const { firstAnswers } = useServices();
  const language = languageFromPath(path);
  const cards = firstAnswers?.latestArticles({ language: apiLanguageFor(language), limit: HOME_ARTICLE_LIMIT });
  const input = { language, limit: HOME_ARTICLE_LIMIT, ...(cards ? { initial: { cards, total: cards.length } } : {}) };
  return (
    <ArticleListActorContext.Provider logic={logic} options={{ input, inspect }}>
      <Suspense fallback={null}>
        <HomeHead />
      </Suspense>
      <HomeArticleClickTracker>
        <LearnerCoverage page="home">
          <HomePage
            levelOffer={
              <Suspense fallback={null}>
                <LevelOffer />
              </Suspense>
            }
          />
        </LearnerCoverage>
      </HomeArticleClickTracker>
    </ArticleListActorContext.Provider>
  );
}

export function ArticleListRoute() {
  const [path] = useLocation();
  const search = useSearch();
  const logic = useListLogic(listPage, listFollows);
  const inspect = useInspect();
  const { firstAnswers } = useServices();
  // Started with the address's filters, so a reloaded or shared result page asks the same question; with
  // ?page=N the server rendered the first N pages ("Load more" without the app), and more load from there.
  const language = languageFromPath(path);
  const filters = filtersFromQuery(search);
  const pages = listPageCount(new URLSearchParams(search).get('page'));
  const initial = firstAnswers?.listPage(
    listPageParams({ language: apiLanguageFor(language), limit: LIST_ARTICLE_LIMIT * pages, offset: 0, filters }),
  );
  const input = { language, limit: LIST_ARTICLE_LIMIT, filters, ...(initial ? { initial } : {}) };
  return (
    <ArticleListActorContext.Provider logic={logic} options={{ input, inspect }}>
      <Suspense fallback={null}>
        <ListHead />
      </Suspense>
      <LearnerCoverage page="list">
        <ArticleListPage />
      </LearnerCoverage>
    </ArticleListActorContext.Provider>
  );
}
