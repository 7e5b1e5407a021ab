/** Home (4 latest) and list (pages of 20, with filters and search) routes: each mounts its own list actor. */
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import type { ArticlesApi, CardPage } from '../api/client';
import { prepareShortDates } from '../domain/dates';
import { ALL, filtersFromQuery, queryWithFilters, sameFilters, type ArticleFilters } from '../domain/filters';
import { textLanguageFor } from '../domain/languages';
import { languageFromPath } from '../domain/routing';
import { articleListMachine, type ArticlePageRequest } from '../machines/article-list-machine';
import { ArticleListActorContext } from '../views/articles/article-list-context';
import { ArticleListPage } from '../views/articles/article-list-page';
import { HomePage } from '../views/home/home-page';
import { HomeHead, ListHead } from '../views/head/page-heads';
import { HomeArticleClickTracker } from './analytics-wiring';
import { useInspect } from './inspector';
import { useServices } from './services';
import { settleUnlessAborted } from './settle-unless-aborted';

export const HOME_ARTICLE_LIMIT = 4;
export const LIST_ARTICLE_LIMIT = 20;

type PageFetcher = (api: ArticlesApi, request: ArticlePageRequest, signal: AbortSignal) => Promise<CardPage>;

/** The home page shows the latest few and never pages, so it needs no count. */
const homePage: PageFetcher = async (api, { language, limit }, signal) => {
  const cards = await api.latestArticles({ language, limit }, signal);
  return { cards, total: cards.length };
};

const optional = <T extends string>(value: T | typeof ALL): T | undefined => (value === ALL ? undefined : value);

const listPage: PageFetcher = (api, { filters, ...page }, signal) =>
  api.listPage(
    {
      ...page,
      search: filters.search,
      category: optional(filters.category),
      source: optional(filters.source),
      difficulty: optional(filters.difficulty),
    },
    signal,
  );

function useListLogic(fetchPage: PageFetcher) {
  const { api } = useServices();
  return useMemo(
    () =>
      articleListMachine.provide({
        actors: {
          fetchArticlePage: fromPromise<CardPage, ArticlePageRequest>(({ input, signal }) =>
            settleUnlessAborted(signal, fetchPage(api, input, signal)),
          ),
        },
      }),
    [api, fetchPage],
  );
}

/** A new page language refetches in the same actor (the machine ignores an unchanged one). */
function LanguageFollower({ language }: { language: string }) {
  const actor = ArticleListActorContext.useActorRef();
  useEffect(() => {
    actor.send({ type: 'LANGUAGE_CHANGED', language });
  }, [actor, language]);
  return null;
}

/** One event per filter that differs, so the machine sees the same events as from the controls. */
function sendFilters(actor: ReturnType<typeof ArticleListActorContext.useActorRef>, next: ArticleFilters): void {
  const current = actor.getSnapshot().context.filters;
  if (current.search !== next.search) actor.send({ type: 'SEARCH_CHANGED', search: next.search });
  if (current.category !== next.category) actor.send({ type: 'CATEGORY_SELECTED', category: next.category });
  if (current.source !== next.source) actor.send({ type: 'SOURCE_SELECTED', source: next.source });
  if (current.difficulty !== next.difficulty) actor.send({ type: 'DIFFICULTY_SELECTED', difficulty: next.difficulty });
}

/**
 * Keeps the filters and the URL (?q=&category=&source=&difficulty=) in step, so a result page can
 * be shared and reloaded. A select choice adds a history entry (Back undoes it); typing replaces
 * the current one, so there is no entry per keystroke. Filters that change in the URL (back/forward,
 * a shared link) go to the machine.
 */
function FiltersQuerySync() {
  const actor = ArticleListActorContext.useActorRef();
  const machineFilters = ArticleListActorContext.useSelector((snapshot) => snapshot.context.filters);
  const [path, navigate] = useLocation();
  const search = useSearch();
  const urlQuery = queryWithFilters('', filtersFromQuery(search));
  const previous = useRef(machineFilters);

  useEffect(() => {
    sendFilters(actor, filtersFromQuery(search));
    // Only a change of the URL's filters is reported; the machine's own changes are handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlQuery]);

  useEffect(() => {
    const before = previous.current;
    previous.current = machineFilters;
    if (queryWithFilters('', machineFilters) === urlQuery) return;
    // Only the search term changed: typing, which replaces the entry instead of adding one.
    const typed = sameFilters({ ...before, search: '' }, { ...machineFilters, search: '' });
    navigate(path + queryWithFilters(search, machineFilters), { replace: typed });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [machineFilters]);

  return null;
}

function ListProvider({
  limit,
  fetchPage,
  filters,
  children,
}: {
  limit: number;
  fetchPage: PageFetcher;
  filters?: ArticleFilters;
  children: ReactNode;
}) {
  const [path] = useLocation();
  const language = languageFromPath(path);
  const logic = useListLogic(fetchPage);
  const inspect = useInspect();
  const input = { language, limit, filters: filters ?? {} };
  useEffect(() => {
    prepareShortDates(textLanguageFor(language));
  }, [language]);
  return (
    <ArticleListActorContext.Provider logic={logic} options={{ input, inspect }}>
      <LanguageFollower language={language} />
      {children}
    </ArticleListActorContext.Provider>
  );
}

export function HomeRoute() {
  return (
    <ListProvider limit={HOME_ARTICLE_LIMIT} fetchPage={homePage}>
      <HomeHead />
      <HomeArticleClickTracker>
        <HomePage />
      </HomeArticleClickTracker>
    </ListProvider>
  );
}

export function ArticleListRoute() {
  const search = useSearch();
  return (
    <ListProvider limit={LIST_ARTICLE_LIMIT} fetchPage={listPage} filters={filtersFromQuery(search)}>
      <FiltersQuerySync />
      <ListHead />
      <ArticleListPage />
    </ListProvider>
  );
}
