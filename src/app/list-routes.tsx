/**
 * The home route (4 latest) and the list actor provider it shares with the list route
 * (article-list-route.tsx, loaded on demand so the home page does not carry the filters screen).
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { ArticleCard } from '../domain/article';
import { languageFromPath } from '../domain/routing';
import { articleListMachine, type LatestArticlesRequest } from '../machines/article-list-machine';
import { ArticleListActorContext } from '../views/articles/article-list-context';
import { HomePage } from '../views/home/home-page';
import { HomeHead } from '../views/head/page-heads';
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

/** Mounts a list actor for the page's language; the list route (its own chunk) uses it too. */
export function ListProvider({ limit, search, children }: { limit: number; search?: string; children: ReactNode }) {
  const [path] = useLocation();
  const language = languageFromPath(path);
  const logic = useListLogic();
  const inspect = useInspect();
  const input = { language, limit, filters: search === undefined ? {} : { search } };
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
