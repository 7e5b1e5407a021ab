/**
 * Loads the latest articles (home: 4, list page: 20) and holds the list page's filters.
 * States: loading -> loaded (showing | empty) or error; RELOAD from error refetches, and a new
 * language refetches from any state. Leaving 'loading' stops the invoked request, whose signal is
 * then aborted, so an older answer can never replace a newer one.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ArticleCard } from '../domain/article';
import { apiLanguageFor, type LanguageCode } from '../domain/languages';
import {
  applyFilters,
  EMPTY_FILTERS,
  parseCategoryFilter,
  parseDifficultyFilter,
  parseSourceFilter,
  type ArticleFilters,
} from '../domain/filters';

export interface ArticleListContext {
  /** The page language; the API is asked in apiLanguageFor(language). */
  language: string;
  limit: number;
  cards: ArticleCard[];
  filters: ArticleFilters;
  /** The failure's own message, when it had one; the view falls back to its localized text. */
  errorMessage: string | null;
}

export interface ArticleListInput {
  language: string;
  limit: number;
  filters?: Partial<ArticleFilters>;
}

export interface LatestArticlesRequest {
  language: LanguageCode;
  limit: number;
}

export type ArticleListEvent =
  | { type: 'LANGUAGE_CHANGED'; language: string }
  | { type: 'RELOAD' }
  | { type: 'SEARCH_CHANGED'; search: string }
  | { type: 'CATEGORY_SELECTED'; category: string }
  | { type: 'SOURCE_SELECTED'; source: string }
  | { type: 'DIFFICULTY_SELECTED'; difficulty: string }
  | { type: 'FILTERS_CLEARED' };

export const FETCH_ARTICLES_ID = 'fetchArticles';

function messageOf(error: unknown): string | null {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}

export const articleListMachine = setup({
  types: {
    context: {} as ArticleListContext,
    events: {} as ArticleListEvent,
    input: {} as ArticleListInput,
  },
  actors: {
    // Replaced by the app with the real API call; failing by default keeps a forgotten wiring visible.
    fetchLatestArticles: fromPromise<ArticleCard[], LatestArticlesRequest>(async () => {
      throw new Error('fetchLatestArticles is not provided');
    }),
  },
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
          default:
            return context.filters;
        }
      },
    }),
  },
  guards: {
    isNewLanguage: ({ context, event }) => event.type === 'LANGUAGE_CHANGED' && event.language !== context.language,
    noVisibleCards: ({ context }) => applyFilters(context.cards, context.filters).length === 0,
  },
}).createMachine({
  id: 'articleList',
  context: ({ input }) => ({
    language: input.language,
    limit: input.limit,
    cards: [],
    filters: { ...EMPTY_FILTERS, ...input.filters },
    errorMessage: null,
  }),
  initial: 'loading',
  on: {
    LANGUAGE_CHANGED: { guard: 'isNewLanguage', target: '.loading', actions: 'setLanguage' },
    // Filters may change before the list arrives (e.g. ?q= in the URL); they apply once it does.
    SEARCH_CHANGED: { actions: 'updateFilters' },
    CATEGORY_SELECTED: { actions: 'updateFilters' },
    SOURCE_SELECTED: { actions: 'updateFilters' },
    DIFFICULTY_SELECTED: { actions: 'updateFilters' },
    FILTERS_CLEARED: { actions: 'updateFilters' },
  },
  states: {
    loading: {
      description: 'A spinner with "Loading articles…" (on the list page under the title and the filters).',
      invoke: {
        id: FETCH_ARTICLES_ID,
        src: 'fetchLatestArticles',
        input: ({ context }) => ({ language: apiLanguageFor(context.language), limit: context.limit }),
        onDone: {
          target: 'loaded',
          actions: assign({ cards: ({ event }) => event.output, errorMessage: null }),
        },
        onError: {
          target: 'error',
          actions: assign({ errorMessage: ({ event }) => messageOf(event.error) }),
        },
      },
    },
    loaded: {
      description: 'The articles have arrived; the list page says how many match.',
      initial: 'deciding',
      on: {
        SEARCH_CHANGED: { target: '.deciding', actions: 'updateFilters' },
        CATEGORY_SELECTED: { target: '.deciding', actions: 'updateFilters' },
        SOURCE_SELECTED: { target: '.deciding', actions: 'updateFilters' },
        DIFFICULTY_SELECTED: { target: '.deciding', actions: 'updateFilters' },
        FILTERS_CLEARED: { target: '.deciding', actions: 'updateFilters' },
      },
      states: {
        // Transient: picks showing or empty from the cards and the filters.
        deciding: {
          description: 'Never seen: picks the cards or the empty state at once.',
          always: [{ guard: 'noVisibleCards', target: 'empty' }, { target: 'showing' }],
        },
        showing: {
          description: 'Article cards (source, date, word count, reading time, title, category tags), only those passing every filter.',
        },
        empty: {
          description: 'No cards: "No matching articles found" and "Try adjusting your filters or search terms".',
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

/** The cards the list shows: the loaded ones that pass every filter. */
export function visibleCards(context: ArticleListContext): ArticleCard[] {
  return applyFilters(context.cards, context.filters);
}
