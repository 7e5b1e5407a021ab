/** The test model of the article list machine (src/machines/article-list-machine.ts), with its fixtures. */
import type { AnyMachineSnapshot } from 'xstate';
import type { ArticleCard } from '../../../src/domain/article';
import { applyFilters } from '../../../src/domain/filters';
import { articleListMachine, FETCH_ARTICLES_ID, FETCH_MORE_ID, visibleCards } from '../../../src/machines/article-list-machine';
import type { ArticleListContext } from '../../../src/machines/article-list-types';
import { CARDS } from '../../support/fake-api';
import { errorMessage, eventsFromTable, quote, type MachineModel, type PayloadTable } from './model';

// Fixtures: the first three of the shared canned cards (tests/support/fake-api.ts), what the list's fetches answer in the paths.

export const MODEL_CARDS: ArticleCard[] = CARDS.slice(0, 3);

/** The list's first page holds MODEL_CARDS of this many; "Load more" brings MORE_CARD. */
export const MODEL_TOTAL = 4;
export const MORE_CARD: ArticleCard = {
  id: 'port-wages',
  title: 'Port Workers Agree on New Wages',
  source: 'cbs',
  date: '2026-11-01T07:00:00Z',
  wordCount: 500,
  readingTimeMinutes: 8,
  summary: 'The harbour strike is over.',
  difficulty: 'intermediate',
  categories: ['business'],
};
/** The server's answer to a search: a ranked hit with its snippet (HTML-escaped, hits marked). */
export const SEARCH_HIT: ArticleCard = { ...MODEL_CARDS[0]!, snippet: 'Riders &amp; commuters get more <mark>bikes</mark>.' };

/** A search term matching one card's title, and one matching none. */
export const MATCHING_SEARCH = 'bikes';
export const UNMATCHED_SEARCH = 'volcano';

/** The home page asks for 4 articles, the list page for 20 (src/app/list-routes.tsx; the UI tests check the calls). */
export const HOME_LIMIT = 4;
export const LIST_LIMIT = 20;

const FILTER_EVENTS = ['SEARCH_CHANGED', 'CATEGORY_SELECTED', 'SOURCE_SELECTED', 'DIFFICULTY_SELECTED', 'FILTERS_CLEARED'];

function activeFilterCount(context: ArticleListContext): number {
  const { search, category, source, difficulty } = context.filters;
  return [search !== '', category !== 'all', source !== 'all', difficulty !== 'all'].filter(Boolean).length;
}

const DONE = `xstate.done.actor.${FETCH_ARTICLES_ID}`;

/** What the server answers for the filters in force (the fixtures' one filter at a time). */
function serverAnswer(context: ArticleListContext): { cards: ArticleCard[]; total: number } {
  const { search } = context.filters;
  if (search === MATCHING_SEARCH) return { cards: [SEARCH_HIT], total: 1 };
  if (search !== '') return { cards: [], total: 0 };
  const cards = applyFilters(MODEL_CARDS, context.filters);
  return { cards, total: cards.length === MODEL_CARDS.length ? MODEL_TOTAL : cards.length };
}
const DONE_MORE = `xstate.done.actor.${FETCH_MORE_ID}`;
export const SEARCH_DELAY_EVENT = 'xstate.after.searchDelay.articleList.loaded.typing';

const listPayloads: PayloadTable = {
  // The home page never pages (its count is its cards); the list page's first page leaves one more.
  // A search is answered as a server would answer those filters, so each filter leads to one result.
  [DONE]: (snapshot) => {
    const context = snapshot.context as ArticleListContext;
    if (snapshot.matches({ loaded: 'searching' })) return [{ type: DONE, output: serverAnswer(context) }];
    const total = context.limit === HOME_LIMIT ? MODEL_CARDS.length : MODEL_TOTAL;
    return [
      { type: DONE, output: { cards: MODEL_CARDS, total } },
      { type: DONE, output: { cards: [], total: 0 } },
    ];
  },
  // A failed search is followed for the matching term only; it leads to the same error as a failed first load.
  [`xstate.error.actor.${FETCH_ARTICLES_ID}`]: (snapshot) =>
    snapshot.matches({ loaded: 'searching' }) && (snapshot.context as ArticleListContext).filters.search !== MATCHING_SEARCH
      ? []
      : [{ type: `xstate.error.actor.${FETCH_ARTICLES_ID}`, error: new Error('Request failed: 503 Service Unavailable') }],
  [DONE_MORE]: [{ type: DONE_MORE, output: { cards: [MORE_CARD], total: MODEL_TOTAL } }],
  [`xstate.error.actor.${FETCH_MORE_ID}`]: [
    { type: `xstate.error.actor.${FETCH_MORE_ID}`, error: new Error('Request failed: 502 Bad Gateway') },
  ],
  [SEARCH_DELAY_EVENT]: [{ type: SEARCH_DELAY_EVENT }],
  LANGUAGE_CHANGED: [{ type: 'LANGUAGE_CHANGED', language: 'es' }],
  SEARCH_CHANGED: (snapshot) =>
    (snapshot.context as ArticleListContext).filters.search === ''
      ? [
          { type: 'SEARCH_CHANGED', search: MATCHING_SEARCH },
          { type: 'SEARCH_CHANGED', search: UNMATCHED_SEARCH },
        ]
      : [{ type: 'SEARCH_CHANGED', search: '' }],
  CATEGORY_SELECTED: (snapshot) =>
    (snapshot.context as ArticleListContext).filters.category === 'all'
      ? [{ type: 'CATEGORY_SELECTED', category: 'health' }]
      : [{ type: 'CATEGORY_SELECTED', category: 'all' }],
  SOURCE_SELECTED: (snapshot) =>
    (snapshot.context as ArticleListContext).filters.source === 'all'
      ? [{ type: 'SOURCE_SELECTED', source: 'bbc' }]
      : [{ type: 'SOURCE_SELECTED', source: 'all' }],
  DIFFICULTY_SELECTED: (snapshot) =>
    (snapshot.context as ArticleListContext).filters.difficulty === 'all'
      ? [{ type: 'DIFFICULTY_SELECTED', difficulty: 'advanced' }]
      : [{ type: 'DIFFICULTY_SELECTED', difficulty: 'all' }],
};

/**
 * The list screen changes filters only once cards are shown, has no "clear all" control (so
 * FILTERS_CLEARED is left to the machine's unit tests), takes filters from the address
 * (QUERY_CHANGED, on back/forward) as the controls set them (left to the machine's unit tests and
 * the list page's back/forward tests), and a language change is tried with the
 * filters at rest. At most two filters at a time keep the graph small while still showing that
 * filters combine with AND (health + advanced matches nothing).
 */
function skipListEvent(snapshot: AnyMachineSnapshot, type: string, maxFilters: number): boolean {
  const context = snapshot.context as ArticleListContext;
  if (type === 'FILTERS_CLEARED' || type === 'QUERY_CHANGED') return true;
  // The home page has neither filters nor a Reload button.
  if (context.limit === HOME_LIMIT && (FILTER_EVENTS.includes(type) || type === 'RELOAD')) return true;
  const filterEvent = FILTER_EVENTS.includes(type);
  if (filterEvent && !snapshot.matches('loaded')) return true;
  if (type === 'LANGUAGE_CHANGED' && activeFilterCount(context) > 0) return true;
  // The language is changed once, from a page that is not in the middle of paging or searching.
  const busy = ['loadingMore', 'moreFailed', 'typing', 'searching'].some((state) => snapshot.matches({ loaded: state }));
  if (type === 'LANGUAGE_CHANGED' && (busy || context.language !== 'zh')) return true;
  if ((type === 'LOAD_MORE' || filterEvent) && context.language !== 'zh') return true;
  // Filters are changed once a list is settled (not while typing or searching); paging is followed without filters.
  if (filterEvent && (snapshot.matches({ loaded: 'typing' }) || snapshot.matches({ loaded: 'searching' }))) return true;
  if ((type === 'LOAD_MORE' || type === 'RETRY') && activeFilterCount(context) > 0) return true;
  // A filter is set from the first page (with "Load more"); once set, it can only be undone.
  if (filterEvent && activeFilterCount(context) === 0 && !snapshot.matches({ loaded: 'more' })) return true;
  if (filterEvent && activeFilterCount(context) >= maxFilters) {
    // Only undoing an active filter is offered.
    const { filters } = context;
    const active =
      (type === 'SEARCH_CHANGED' && filters.search !== '') ||
      (type === 'CATEGORY_SELECTED' && filters.category !== 'all') ||
      (type === 'SOURCE_SELECTED' && filters.source !== 'all') ||
      (type === 'DIFFICULTY_SELECTED' && filters.difficulty !== 'all');
    return !active;
  }
  return false;
}

function filtersInWords(context: ArticleListContext): string {
  const { search, category, source, difficulty } = context.filters;
  const parts: string[] = [];
  if (search !== '') parts.push(`search ${quote(search)}`);
  if (category !== 'all') parts.push(`category ${category}`);
  if (source !== 'all') parts.push(`source ${source}`);
  if (difficulty !== 'all') parts.push(`difficulty ${difficulty}`);
  return parts.length === 0 ? 'no filters' : `filters: ${parts.join(', ')}`;
}

export const articleListModel: MachineModel = {
  name: 'article-list',
  title: 'Article list (home and list page)',
  summary:
    'Loads the latest articles (home: 4, list page: pages of 20). A filter change filters the loaded cards on the client at once, then asks the server over every article after a pause in typing; "Load more" appends the next page. A fetch ends in loaded (more, end or empty) or error; Reload and a new language refetch.',
  machine: articleListMachine,
  source: 'src/machines/article-list-machine.ts',
  scenarios: [
    { id: 'list-page-zh', title: 'The learner opens the list page /zh/articles', input: { language: 'zh', limit: LIST_LIMIT } },
    { id: 'home-zh', title: 'The learner opens the home page /zh', input: { language: 'zh', limit: HOME_LIMIT } },
    {
      // Home rather than the list page: the list's graph from a loaded start is the first scenario's again, and too long to print twice.
      id: 'home-zh-server-rendered',
      title: 'The learner opens the home page /zh rendered by the server, its cards in the page',
      input: { language: 'zh', limit: HOME_LIMIT, initial: { cards: MODEL_CARDS, total: MODEL_CARDS.length } },
      shortestOnly: true,
    },
  ],
  events(snapshot) {
    return eventsFromTable('article list', snapshot, listPayloads, (s, type) => skipListEvent(s, type, 1));
  },
  simpleEvents(snapshot) {
    // Simple paths: only the search box among the filters, one term at a time.
    return eventsFromTable(
      'article list',
      snapshot,
      listPayloads,
      (s, type) => skipListEvent(s, type, 1) || ['CATEGORY_SELECTED', 'SOURCE_SELECTED', 'DIFFICULTY_SELECTED'].includes(type),
    );
  },
  serialize(snapshot) {
    const context = snapshot.context as ArticleListContext;
    return JSON.stringify({
      value: snapshot.value,
      language: context.language,
      // Loading and error show no cards, whatever is loaded behind them.
      cards: snapshot.matches('loaded') ? context.cards.length : null,
      total: snapshot.matches('loaded') ? context.total : null,
      filters: context.filters,
      error: context.errorMessage,
    });
  },
  describeEvent(event) {
    switch (event.type) {
      case DONE: {
        const { cards, total } = (event as unknown as { output: { cards: ArticleCard[]; total: number } }).output;
        return cards.length === 0 ? 'The API answers with no articles' : `The API answers with ${cards.length} of ${total} articles`;
      }
      case `xstate.error.actor.${FETCH_ARTICLES_ID}`:
        return `The API call fails (${quote(errorMessage(event))})`;
      case DONE_MORE:
        return 'The API answers with the next page';
      case `xstate.error.actor.${FETCH_MORE_ID}`:
        return `The next page fails (${quote(errorMessage(event))})`;
      case SEARCH_DELAY_EVENT:
        return 'The learner pauses for 300 ms; the app asks the server';
      case 'LOAD_MORE':
        return 'The learner clicks "Load more"';
      case 'RETRY':
        return 'The learner clicks "Try again"';
      case 'LANGUAGE_CHANGED':
        return `The page language changes to ${String(event.language)}`;
      case 'RELOAD':
        return 'The learner clicks Reload';
      case 'SEARCH_CHANGED': {
        const search = String(event.search);
        return search === '' ? 'The learner clears the search box' : `The learner types ${quote(search)} in the search box`;
      }
      case 'CATEGORY_SELECTED':
        return `The learner selects category ${quote(String(event.category))}`;
      case 'SOURCE_SELECTED':
        return `The learner selects source ${quote(String(event.source))}`;
      case 'DIFFICULTY_SELECTED':
        return `The learner selects difficulty ${quote(String(event.difficulty))}`;
      default:
        return event.type;
    }
  },
  describeContext(snapshot) {
    const context = snapshot.context as ArticleListContext;
    const parts = [`language ${context.language}`];
    if (context.limit !== HOME_LIMIT) parts.push(filtersInWords(context));
    if (snapshot.matches('loaded')) parts.unshift(`${visibleCards(context).length} cards shown of ${context.total}`);
    if (snapshot.matches('error') && context.errorMessage !== null) parts.unshift(`error ${quote(context.errorMessage)}`);
    return parts.join('; ');
  },
};
