/**
 * The article list machine (home and list routes) wired to the API and to the address. It loads
 * with the first page, so it imports nothing the detail route alone needs.
 */
import { fromPromise } from 'xstate';
import type { ArticlesApi, CardPage } from '../api/client';
import { addressWithFilters } from '../domain/filters';
import { prepareCounts } from '../domain/number-format';
import { DATE_LOCALES, textLanguageFor } from '../../common/languages';
import { pageAt, type Page } from '../domain/routing';
import { articleListMachine } from '../machines/article-list-machine';
import type { ArticleListEvent, ArticlePageRequest } from '../machines/article-list-types';
import { follow } from './feeds';
import type { LocationFeed } from './location-provider';
import { settleUnlessAborted } from './settle-unless-aborted';

/** How a route asks the API for one page of cards (home: the latest few; list: a filtered page). */
export type PageFetcher = (api: ArticlesApi, request: ArticlePageRequest, signal: AbortSignal) => Promise<CardPage>;

/** What a new address means for a route's list actor (nothing once the learner is on another page). */
export type ListFollows = (page: Page, search: string) => ArticleListEvent[];

/** Where a route's list actor navigates to put the learner's filters into the address. */
export type Navigate = (to: string, options: { replace: boolean }) => void;

export function wiredArticleList(api: ArticlesApi, feed: LocationFeed, navigate: Navigate, fetchPage: PageFetcher, follows: ListFollows) {
  return articleListMachine.provide({
    actors: {
      fetchArticlePage: fromPromise<CardPage, ArticlePageRequest>(({ input, signal }) => {
        const page = settleUnlessAborted(signal, fetchPage(api, input, signal));
        // Nothing to build for a page language (counts and dates are written out, decision 53): the call keeps
        // number-format.ts in the entry chunk, which every language's texts import it from.
        prepareCounts(DATE_LOCALES[textLanguageFor(input.language)]);
        return page;
      }),
      locationChanges: follow(feed, ({ path, search }) => follows(pageAt(path), search)),
    },
    actions: {
      updateAddress: (_, { filters }) => {
        const { path, search } = feed.current();
        const next = addressWithFilters(path, search, filters);
        if (next !== null) navigate(next.to, { replace: next.replace });
      },
    },
  });
}
