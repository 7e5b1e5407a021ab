/** Home (4 latest) and list (20 latest, with filters) routes: each mounts its own list actor. */
import { useEffect, useMemo, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import type { ArticleCard } from '../domain/article';
import { prepareShortDates } from '../domain/dates';
import { textLanguageFor } from '../domain/languages';
import { languageFromPath, queryWithSearchTerm, searchTermFromQuery } from '../domain/routing';
import { articleListMachine, type LatestArticlesRequest } from '../machines/article-list-machine';
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

function useListLogic() {
  const { api } = useServices();
  return useMemo(
    () =>
      articleListMachine.provide({
        actors: {
          fetchLatestArticles: fromPromise<ArticleCard[], LatestArticlesRequest>(({ input, signal }) =>
            settleUnlessAborted(signal, api.latestArticles(input, signal)),
          ),
        },
      }),
    [api],
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

/**
 * Keeps the search box and ?q= in step: typing replaces the URL's q (so the address can be shared),
 * and a q that changes in the URL (back/forward, a shared link) goes to the machine.
 */
function SearchQuerySync() {
  const actor = ArticleListActorContext.useActorRef();
  const machineSearch = ArticleListActorContext.useSelector((snapshot) => snapshot.context.filters.search);
  const [path, navigate] = useLocation();
  const search = useSearch();
  const urlSearch = searchTermFromQuery(search);

  useEffect(() => {
    if (actor.getSnapshot().context.filters.search !== urlSearch) {
      actor.send({ type: 'SEARCH_CHANGED', search: urlSearch });
    }
    // Only a change of the URL's term is reported; the machine's own changes are handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlSearch]);

  useEffect(() => {
    if (machineSearch !== urlSearch) {
      navigate(path + queryWithSearchTerm(search, machineSearch), { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [machineSearch]);

  return null;
}

function ListProvider({ limit, search, children }: { limit: number; search?: string; children: ReactNode }) {
  const [path] = useLocation();
  const language = languageFromPath(path);
  const logic = useListLogic();
  const inspect = useInspect();
  const input = { language, limit, filters: search === undefined ? {} : { search } };
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
    <ListProvider limit={HOME_ARTICLE_LIMIT}>
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
    <ListProvider limit={LIST_ARTICLE_LIMIT} search={searchTermFromQuery(search)}>
      <SearchQuerySync />
      <ListHead />
      <ArticleListPage />
    </ListProvider>
  );
}
