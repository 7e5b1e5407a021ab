/**
 * Loads the latest articles (home: 4, list page: pages of 20) and holds the list page's filters.
 * States: loading -> loaded or error; RELOAD from error refetches, and a new language refetches
 * from any state. In loaded, a filter change first filters the loaded cards on the client (at
 * once, as the spec says), then, after a short pause in typing, asks the server the same question
 * over every article (searching); "Load more" asks for the next page of the same question: after
 * the cursor of the previous answer when it carried one (latest: keyset paging, a first page's cost
 * at any depth), from the number of cards loaded otherwise (search).
 * Leaving a state stops its request, whose signal is then aborted, so an older answer can never
 * replace a newer one.
 *
 * The page address follows the filters and the filters follow the address: a filter the learner
 * sets runs 'updateAddress' (the list route puts it in the query), and the invoked
 * 'locationChanges' actor, which the route provides, reports a new page language
 * (LANGUAGE_CHANGED) and the address's filters (QUERY_CHANGED: back/forward, a shared link).
 */
import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type { CardPage } from '../api/client';
import type { ArticleCard } from '../domain/article';
import { apiLanguageFor } from '../../common/languages';
import {
  applyFilters,
  EMPTY_FILTERS,
  parseCategoryFilter,
  parseDifficultyFilter,
  parseSourceFilter,
  sameFilters,
  type ArticleFilters,
} from '../domain/filters';

import type { ArticleListContext, ArticleListEvent, ArticleListInput, ArticlePageRequest } from './article-list-types';

/** The first page of a question (loading, searching) and the next pages (loadingMore). */
export const FETCH_ARTICLES_ID = 'fetchArticles';
export const FETCH_MORE_ID = 'fetchMore';
/** A pause in typing this long sends the search; each keystroke starts it again. */
export const SEARCH_DELAY_MS = 300;

function messageOf(error: unknown): string | null {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}

const FILTER_EVENTS = ['SEARCH_CHANGED', 'CATEGORY_SELECTED', 'SOURCE_SELECTED', 'DIFFICULTY_SELECTED', 'FILTERS_CLEARED'] as const;

/** The same transition for every filter event. */
function onFilters<T>(transition: T): Record<(typeof FILTER_EVENTS)[number], T> {
  return Object.fromEntries(FILTER_EVENTS.map((type) => [type, transition])) as Record<(typeof FILTER_EVENTS)[number], T>;
}

/** After a filter the learner set: the address shows the filters now in force. */
const addressAction = {
  type: 'updateAddress',
  params: ({ context }: { context: ArticleListContext }) => ({ filters: context.filters }),
} as const;

function pageRequest(context: ArticleListContext, offset: number, filters: ArticleFilters): ArticlePageRequest {
  return { language: apiLanguageFor(context.language), limit: context.limit, offset, filters };
}

/** The page after the loaded cards: after the last answer's cursor when it had one, else from their count. */
function nextPageRequest(context: ArticleListContext): ArticlePageRequest {
  return context.nextCursor === null
    ? pageRequest(context, context.cards.length, context.query)
    : { ...pageRequest(context, 0, context.query), cursor: context.nextCursor };
}

export const articleListMachine = setup({
  types: {
    context: {} as ArticleListContext,
    events: {} as ArticleListEvent,
    input: {} as ArticleListInput,
  },
  actors: {
    // Replaced by the app with the real API call; failing by default keeps a forgotten wiring visible.
    fetchArticlePage: fromPromise<CardPage, ArticlePageRequest>(async () => {
      throw new Error('fetchArticlePage is not provided');
    }),
    // Provided by the route: sends LANGUAGE_CHANGED and QUERY_CHANGED when the address changes.
    locationChanges: fromCallback<EventObject>(() => {}),
  },
  delays: { searchDelay: SEARCH_DELAY_MS },
  actions: {
    setLanguage: assign({
      language: ({ context, event }) => (event.type === 'LANGUAGE_CHANGED' ? event.language : context.language),
    }),
    updateFilters: assign({
      filters: ({ context, event }): ArticleFilters => {
        switch (event.type) {
          case 'SEARCH_CHANGED':
            return { ...context.filters, search: event.search };
          case 'CATEGORY_SELECTED':
            return { ...context.filters, category: parseCategoryFilter(event.category) };
          case 'SOURCE_SELECTED':
            return { ...context.filters, source: parseSourceFilter(event.source) };
          case 'DIFFICULTY_SELECTED':
            return { ...context.filters, difficulty: parseDifficultyFilter(event.difficulty) };
          case 'FILTERS_CLEARED':
            return { ...EMPTY_FILTERS };
          case 'QUERY_CHANGED':
            return { ...event.filters };
          default:
            return context.filters;
        }
      },
    }),
    // Provided by the list route: puts the filters the learner set in the page address.
    updateAddress: (_, _params: { filters: ArticleFilters }) => {},
  },
  guards: {
    isNewQuery: ({ context, event }) =>
      event.type === 'QUERY_CHANGED' &&
      (['search', 'category', 'source', 'difficulty'] as const).some((field) => event.filters[field] !== context.filters[field]),
    isNewLanguage: ({ context, event }) => event.type === 'LANGUAGE_CHANGED' && event.language !== context.language,
    noVisibleCards: ({ context }) => visibleCards(context).length === 0,
    allLoaded: ({ context }) => context.cards.length >= context.total,
    answered: ({ context }) => sameFilters(context.query, context.filters),
    startsLoaded: ({ event }) => (event as unknown as { input?: ArticleListInput }).input?.initial !== undefined, // xstate.init's input
  },
}).createMachine({
  id: 'articleList',
  context: ({ input }) => {
    const filters = { ...EMPTY_FILTERS, ...input.filters };
    return {
      language: input.language,
      limit: input.limit,
      cards: input.initial?.cards ?? [],
      total: input.initial?.total ?? 0,
      totalCapped: input.initial?.totalCapped === true,
      nextCursor: input.initial?.nextCursor ?? null,
      filters,
      query: filters,
      errorMessage: null,
    };
  },
  invoke: { id: 'location', src: 'locationChanges' },
  initial: 'starting',
  on: {
    LANGUAGE_CHANGED: { guard: 'isNewLanguage', target: '.loading', actions: 'setLanguage' },
    // Filters may change while nothing is shown (e.g. after an error); the next fetch uses them.
    ...onFilters({ actions: ['updateFilters', addressAction] }),
    QUERY_CHANGED: { guard: 'isNewQuery', actions: 'updateFilters' },
  },
  states: {
    starting: {
      description:
        'Never seen: when the page the server rendered carries the first page, the list starts loaded with it (cards or none); otherwise it loads.',
      always: [{ guard: 'startsLoaded', target: 'loaded' }, { target: 'loading' }],
    },
    loading: {
      description: 'A spinner with "Loading articles…" (on the list page under the title and the filters).',
      // A filter set before the first answer asks again with it rather than filtering the wrong page.
      on: {
        ...onFilters({ target: 'loading', reenter: true, actions: ['updateFilters', addressAction] }),
        QUERY_CHANGED: { guard: 'isNewQuery', target: 'loading', reenter: true, actions: 'updateFilters' },
      },
      invoke: {
        id: FETCH_ARTICLES_ID,
        src: 'fetchArticlePage',
        input: ({ context }) => pageRequest(context, 0, context.filters),
        onDone: {
          target: 'loaded',
          actions: assign(({ context, event }) => ({
            cards: event.output.cards,
            total: event.output.total,
            totalCapped: event.output.totalCapped === true,
            nextCursor: event.output.nextCursor ?? null,
            query: context.filters,
            errorMessage: null,
          })),
        },
        onError: { target: 'error', actions: assign({ errorMessage: ({ event }) => messageOf(event.error) }) },
      },
    },
    loaded: {
      description: 'The articles have arrived; the list page says how many the server found.',
      initial: 'deciding',
      on: {
        ...onFilters({ target: '.typing', actions: ['updateFilters', addressAction] }),
        QUERY_CHANGED: { guard: 'isNewQuery', target: '.typing', actions: 'updateFilters' },
      },
      states: {
        deciding: {
          description: 'Never seen: picks the cards, the end of the list or the empty state at once.',
          always: [{ guard: 'noVisibleCards', target: 'empty' }, { guard: 'allLoaded', target: 'end' }, { target: 'more' }],
        },
        more: {
          description:
            'Article cards (source, date, word count, reading time, title, category tags; a search adds a snippet with the matched words marked), "Showing 20 of 1,234 articles" and a "Load more" button.',
          on: { LOAD_MORE: 'loadingMore' },
        },
        loadingMore: {
          description: 'The cards stay; "Loading more articles…" in place of the button.',
          invoke: {
            id: FETCH_MORE_ID,
            src: 'fetchArticlePage',
            input: ({ context }) => nextPageRequest(context),
            onDone: {
              target: 'deciding',
              actions: assign(({ context, event }) => ({
                cards: [...context.cards, ...event.output.cards],
                // An empty page means the collection shrank since the count: stop at what is shown.
                total: event.output.cards.length === 0 ? context.cards.length : event.output.total,
                totalCapped: event.output.cards.length > 0 && event.output.totalCapped === true,
                nextCursor: event.output.nextCursor ?? null,
              })),
            },
            onError: { target: 'moreFailed', actions: assign({ errorMessage: ({ event }) => messageOf(event.error) }) },
          },
        },
        moreFailed: {
          description: 'The cards stay; "Could not load more articles." with a "Try again" button.',
          on: { RETRY: 'loadingMore' },
        },
        end: {
          description: 'Every matching article is shown: the cards, the count and "You have reached the end of the list."',
        },
        empty: {
          description: 'No cards: "No matching articles found" and "Try adjusting your filters or search terms".',
        },
        typing: {
          description: 'The loaded cards that pass the new filters, at once, with "Searching all articles…"; waits for a pause in typing.',
          // Filters changed and changed back before the pause: the cards already answer them.
          after: { searchDelay: [{ guard: 'answered', target: 'deciding' }, { target: 'searching' }] },
        },
        searching: {
          description: 'The same as typing, while the server answers the question over every article.',
          invoke: {
            id: FETCH_ARTICLES_ID,
            src: 'fetchArticlePage',
            input: ({ context }) => pageRequest(context, 0, context.filters),
            onDone: {
              target: 'deciding',
              actions: assign(({ context, event }) => ({
                cards: event.output.cards,
                total: event.output.total,
                totalCapped: event.output.totalCapped === true,
                nextCursor: event.output.nextCursor ?? null,
                query: context.filters,
              })),
            },
            onError: { target: '#articleList.error', actions: assign({ errorMessage: ({ event }) => messageOf(event.error) }) },
          },
        },
      },
    },
    error: {
      description:
        'An error message (the failure\'s own text and "Unable to load articles, please try again later.") with a Reload button; the home page says "Unable to load articles. Please try again later."',
      on: {
        RELOAD: 'loading',
      },
    },
  },
});

/**
 * The cards the list shows: the server's answer when it answered the filters in force, and while
 * it has not, the loaded cards that pass them on the client (the server also matches article
 * bodies, so its answer is not filtered again).
 */
export function visibleCards(context: ArticleListContext): ArticleCard[] {
  return sameFilters(context.query, context.filters) ? context.cards : applyFilters(context.cards, context.filters);
}
