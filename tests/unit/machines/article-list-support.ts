/** Shared set-up of the article list machine's unit tests: a fake server over the fixture cards and a started actor. */
import { vi } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { CardPage } from '../../../src/api/client';
import { ALL } from '../../../src/domain/filters';
import { articleListMachine } from '../../../src/machines/article-list-machine';
import type { ArticleListInput, ArticlePageRequest } from '../../../src/machines/article-list-types';
import { CARDS, pageOf } from '../../support/fake-api';

export type Fetch = (input: ArticlePageRequest, signal: AbortSignal) => Promise<CardPage>;

/** The server's answer for a request, from the fixture cards. */
export function server(request: ArticlePageRequest): CardPage {
  const { filters, ...page } = request;
  const optional = (value: string) => (value === ALL ? undefined : value);
  return pageOf(CARDS, {
    ...page,
    search: filters.search,
    category: optional(filters.category),
    source: optional(filters.source),
    difficulty: optional(filters.difficulty),
  });
}

export function start(fetch: Fetch, input: ArticleListInput) {
  const spy = vi.fn(fetch);
  const machine = articleListMachine.provide({
    actors: { fetchArticlePage: fromPromise<CardPage, ArticlePageRequest>(({ input, signal }) => spy(input, signal)) },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, fetch: spy };
}

export const loaded = (snapshot: { matches: (v: 'loaded') => boolean }) => snapshot.matches('loaded');
export const settled = (snapshot: AnyMachineSnapshot) =>
  ['more', 'end', 'empty', 'moreFailed'].some((state) => snapshot.matches({ loaded: state })) || snapshot.matches('error');
export const all = async (request: ArticlePageRequest) => server(request);
