/**
 * Test models of the production machines, shared by the path generator (npm run test:paths)
 * and the model-based tests (tests/model). A model never copies a machine: it walks the real
 * definition and only says which events to try in each state (with a few representative
 * payloads, results of invoked actors and delays given as events), how to tell states apart
 * (the state value plus the context fields a learner would notice), and how to say each step
 * in words. What a learner sees in a state is read from the state's own `description`.
 */
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { ArticleCard, ArticleView } from '../../src/domain/article';
import { consentRecord } from '../../src/domain/consent-record';
import { applyFilters } from '../../src/domain/filters';
import type { RegionSignals } from '../../src/domain/china-detection';
import { analyticsMachine } from '../../src/machines/analytics-machine';
import { articleDetailMachine, FETCH_ARTICLE_ID, SANITISE_BODY_ID } from '../../src/machines/article-detail-machine';
import { articleListMachine, FETCH_ARTICLES_ID, FETCH_MORE_ID, visibleCards } from '../../src/machines/article-list-machine';
import { consentMachine } from '../../src/machines/consent-machine';
import { languageMachine } from '../../src/machines/language-machine';
import { pageMachine, type PageContext } from '../../src/machines/page-machine';
import { readingProgressMachine, type ReadingArticle, type ReadingProgressContext } from '../../src/machines/reading-progress-machine';
import { withLanguage } from '../../src/domain/routing';
import { LOOK_UP_WORD_ID, wordLookupMachine, type WordLookupContext } from '../../src/machines/word-lookup-machine';
import type { WordEntry } from '../../src/domain/word-lookup';
import type { ArticleListContext } from '../../src/machines/article-list-machine';
import type { ArticleDetailContext } from '../../src/machines/article-detail-machine';
import type { ConsentContext } from '../../src/machines/consent-machine';
import type { AnalyticsContext } from '../../src/machines/analytics-machine';
import type { LanguageContext } from '../../src/machines/language-machine';

/** An event with its payload, as sent to the machine (actor results and delays included). */
export interface ModelEvent {
  readonly type: string;
  readonly [field: string]: unknown;
}
type EventObject = ModelEvent;

/** One starting situation of a machine (its input), e.g. "a choice was saved earlier". */
export interface Scenario {
  readonly id: string;
  readonly title: string;
  readonly input: unknown;
}

export interface MachineModel {
  /** File name under docs/test-paths and docs/machines. */
  readonly name: string;
  readonly title: string;
  readonly summary: string;
  readonly machine: AnyStateMachine;
  /** The machine's source file, for links in the docs. */
  readonly source: string;
  readonly scenarios: readonly Scenario[];
  /** Events to try in a state, for shortest paths (every reachable state once). */
  events(snapshot: AnyMachineSnapshot): EventObject[];
  /** A smaller event set for simple paths, which grow exponentially with the events tried. */
  simpleEvents(snapshot: AnyMachineSnapshot): EventObject[];
  /**
   * Two snapshots a learner cannot tell apart serialise the same. The event that led to the
   * snapshot may count too, where the way into a state is worth a path of its own.
   */
  serialize(snapshot: AnyMachineSnapshot, event?: EventObject): string;
  /** The step in words, e.g. 'The learner types "bikes" in the search box'. */
  describeEvent(event: EventObject): string;
  /** What in the context makes this state look different, e.g. "1 of 3 cards". */
  describeContext(snapshot: AnyMachineSnapshot): string;
}

/** Representative payloads for an event type; a function may narrow them by state. */
type PayloadTable = Record<string, readonly EventObject[] | ((snapshot: AnyMachineSnapshot) => readonly EventObject[])>;

/**
 * Event types the active states react to (own transitions, delays, actor results, root
 * handlers). Actor results and delays come first: when a learner's action and the app's own
 * progress reach the same state equally fast, the shortest path shows the usual course (the
 * banner appearing after its delay rather than opened early from the footer).
 */
export function acceptedEventTypes(snapshot: AnyMachineSnapshot): string[] {
  const types = new Set<string>();
  for (const node of snapshot._nodes) {
    for (const type of node.ownEvents) types.add(type);
  }
  const internal = (type: string) => (type.startsWith('xstate.') ? 0 : 1);
  return [...types].sort((a, b) => internal(a) - internal(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Turns the event types a state accepts into concrete events. Actor results and delays must be
 * described by the model (they carry outputs or depend on time); an unknown one fails loudly,
 * so a new invoke or delay cannot slip past the test paths unnoticed.
 */
function eventsFromTable(
  machineName: string,
  snapshot: AnyMachineSnapshot,
  table: PayloadTable,
  skip: (snapshot: AnyMachineSnapshot, type: string) => boolean,
): EventObject[] {
  const events: EventObject[] = [];
  for (const type of acceptedEventTypes(snapshot)) {
    if (skip(snapshot, type)) continue;
    const entry = table[type];
    if (entry === undefined) {
      if (type.startsWith('xstate.') || type === '*') {
        throw new Error(
          `The ${machineName} model does not say how "${type}" happens (state ${JSON.stringify(snapshot.value)}). ` +
            'Add representative events for it in scripts/machines/models.ts.',
        );
      }
      events.push({ type });
      continue;
    }
    events.push(...(typeof entry === 'function' ? entry(snapshot) : entry));
  }
  return events;
}

const never = () => false;

// ---------------------------------------------------------------------------------------------
// Fixtures: a few small, original cards and articles, shared with the tests' fake API.

export const MODEL_CARDS: ArticleCard[] = [
  {
    id: 'city-bikes',
    title: 'City Adds Three Hundred Bikes to Its Sharing Program',
    source: 'npr',
    date: '2026-11-18T09:30:00Z',
    wordCount: 412,
    readingTimeMinutes: 7,
    summary: 'Commuters get more bikes and new docking stations.',
    difficulty: 'beginner',
    categories: ['technology'],
  },
  {
    id: 'clinic-hours',
    title: 'Rural Clinic Extends Its Evening Hours',
    source: 'bbc',
    date: '2026-11-10T12:00:00Z',
    wordCount: 655,
    readingTimeMinutes: 11,
    summary: 'Patients who work late can now see a nurse after six.',
    difficulty: 'intermediate',
    categories: ['health'],
  },
  {
    id: 'bank-rates',
    title: 'Central Bank Holds Interest Rates Steady',
    source: 'reuters',
    date: '2026-11-05T08:15:00Z',
    wordCount: 890,
    readingTimeMinutes: 15,
    summary: 'Policy makers said prices are rising more slowly.',
    difficulty: 'advanced',
    categories: ['business', 'politics'],
  },
];

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

export const MODEL_ARTICLE: ArticleView = {
  id: 'city-bikes',
  title: 'City Adds Three Hundred Bikes to Its Sharing Program',
  source: 'npr',
  date: '2026-11-18T09:30:00Z',
  categories: ['technology'],
  readingTimeMinutes: 7,
  difficulty: 'beginner',
  body: '<p>The city added three hundred bikes.</p><script>steal()</script>',
  missingHelp: [],
};
export const MODEL_ARTICLE_WITHOUT_BODY: ArticleView = { ...MODEL_ARTICLE, body: null };
export const SANITISED_HTML = '<p>The city added three hundred bikes.</p>';
export const OTHER_ARTICLE_ID = 'clinic-hours';

export const CHINA_SIGNALS: RegionSignals = { timeZone: 'Asia/Shanghai', languages: ['zh-CN'], referrer: '' };
export const PROBE_SIGNALS: RegionSignals = { timeZone: 'America/Vancouver', languages: ['zh-CN', 'en'], referrer: '' };
export const GLOBAL_SIGNALS: RegionSignals = { timeZone: 'Europe/Madrid', languages: ['es-ES'], referrer: '' };

function quote(text: string): string {
  return `"${text}"`;
}

function errorMessage(event: EventObject): string {
  const error = (event as { error?: unknown }).error;
  return error instanceof Error ? error.message : String(error);
}

// ---------------------------------------------------------------------------------------------
// Language

const languageModel: MachineModel = {
  name: 'language',
  title: 'Language',
  summary:
    'The page language, read from the URL. The header\'s selector opens and closes; choosing another offered language navigates to the same page under it; back/forward report the new location.',
  machine: languageMachine,
  source: 'src/machines/language-machine.ts',
  scenarios: [{ id: 'list-page-zh', title: 'The learner is on /zh/articles', input: { path: '/zh/articles', search: '' } }],
  events(snapshot) {
    return eventsFromTable('language', snapshot, languagePayloads, never);
  },
  simpleEvents(snapshot) {
    return this.events(snapshot);
  },
  serialize(snapshot) {
    const context = snapshot.context as LanguageContext;
    return JSON.stringify({ value: snapshot.value, language: context.language, path: context.path });
  },
  describeEvent(event) {
    switch (event.type) {
      case 'SELECTOR_TOGGLED':
        return 'The learner clicks the language selector';
      case 'SELECTOR_CLOSED':
        return 'The learner presses Escape (or clicks outside the selector)';
      case 'LANGUAGE_SELECTED':
        return `The learner chooses ${String(event.language)} in the selector`;
      case 'LOCATION_CHANGED':
        return `The learner goes back in the browser to ${String(event.path)}`;
      default:
        return event.type;
    }
  },
  describeContext(snapshot) {
    const context = snapshot.context as LanguageContext;
    return `page language ${context.language}, at ${context.path}`;
  },
};

const languagePayloads: PayloadTable = {
  LANGUAGE_SELECTED: [
    { type: 'LANGUAGE_SELECTED', language: 'es' },
    { type: 'LANGUAGE_SELECTED', language: 'zh' },
  ],
  // Back/forward to another page in the other language (the selector stays as it is). Another
  // page than the selector would lead to, so both ways of changing language get a path.
  LOCATION_CHANGED: (snapshot) => {
    const language = (snapshot.context as LanguageContext).language;
    return [{ type: 'LOCATION_CHANGED', path: language === 'es' ? '/zh/articles' : '/es', search: '' }];
  },
};

// ---------------------------------------------------------------------------------------------
// Page (scroll, focus, document language)

/** How an address change comes about; the machine sees only the path, the tests act it out. */
export type PageNavigation = 'link' | 'selector' | 'history';

/** The other of the two pages the header links to: home and the list. */
function linkedPage(path: string): string {
  const [language = 'zh', page] = path.split('/').filter(Boolean);
  return page === 'articles' ? `/${language}` : `/${language}/articles`;
}

const pagePayloads: PayloadTable = {
  // A header link to the other page, or the selector's same page in the other language; after
  // back/forward, the page the browser returns to.
  LOCATION_CHANGED: (snapshot) => {
    const { path } = snapshot.context as PageContext;
    if (snapshot.matches('restoring')) return [{ type: 'LOCATION_CHANGED', path: linkedPage(path), via: 'history' }];
    return [
      { type: 'LOCATION_CHANGED', path: linkedPage(path), via: 'link' },
      { type: 'LOCATION_CHANGED', path: withLanguage(path, path.startsWith('/es') ? 'zh' : 'es'), via: 'selector' },
    ];
  },
};

const pageModel: MachineModel = {
  name: 'page',
  title: 'Page (scroll, focus, document language)',
  summary:
    'What a full page load would do, done for navigation inside the app: the server\'s head tags give way to React\'s, <html lang> follows the page, and a new page starts at its top with focus on its main content, except after a language switch (focus stays on the selector) and after back/forward (the browser restores the position).',
  machine: pageMachine,
  source: 'src/machines/page-machine.ts',
  scenarios: [{ id: 'home-zh', title: 'The learner opens the home page /zh', input: { path: '/zh' } }],
  events(snapshot) {
    return eventsFromTable('page', snapshot, pagePayloads, never);
  },
  simpleEvents(snapshot) {
    // Back/forward from the first page only, and the language switched one way (zh to es); the
    // other combinations repeat what the shortest paths show.
    const { path } = snapshot.context as PageContext;
    return eventsFromTable('page', snapshot, pagePayloads, (s, type) => type === 'HISTORY_TRAVERSED' && path !== '/zh').filter(
      (event) => event.via !== 'selector' || path.startsWith('/zh'),
    );
  },
  serialize(snapshot, event) {
    // How the page was reached shows: where focus is, and whether the page was scrolled to its top.
    const via = event?.type === 'LOCATION_CHANGED' ? event.via : null;
    return JSON.stringify({ value: snapshot.value, path: (snapshot.context as PageContext).path, via });
  },
  describeEvent(event) {
    switch (event.type) {
      case 'LOCATION_CHANGED':
        if (event.via === 'selector') return `The learner chooses another language in the selector (${String(event.path)})`;
        if (event.via === 'history') return `The browser returns to ${String(event.path)}`;
        return `The learner follows a header link to ${String(event.path)}`;
      case 'HISTORY_TRAVERSED':
        return 'The learner presses Back';
      default:
        return event.type;
    }
  },
  describeContext(snapshot) {
    return `at ${(snapshot.context as PageContext).path}`;
  },
};

// ---------------------------------------------------------------------------------------------
// Article list

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

const articleListModel: MachineModel = {
  name: 'article-list',
  title: 'Article list (home and list page)',
  summary:
    'Loads the latest articles (home: 4, list page: pages of 20). A filter change filters the loaded cards on the client at once, then asks the server over every article after a pause in typing; "Load more" appends the next page. A fetch ends in loaded (more, end or empty) or error; Reload and a new language refetch.',
  machine: articleListMachine,
  source: 'src/machines/article-list-machine.ts',
  scenarios: [
    { id: 'list-page-zh', title: 'The learner opens the list page /zh/articles', input: { language: 'zh', limit: LIST_LIMIT } },
    { id: 'home-zh', title: 'The learner opens the home page /zh', input: { language: 'zh', limit: HOME_LIMIT } },
  ],
  events(snapshot) {
    return eventsFromTable('article list', snapshot, listPayloads, (s, type) => skipListEvent(s, type, 1));
  },
  simpleEvents(snapshot) {
    // Simple paths: only the search box among the filters, one term at a time.
    return eventsFromTable('article list', snapshot, listPayloads, (s, type) =>
      skipListEvent(s, type, 1) || ['CATEGORY_SELECTED', 'SOURCE_SELECTED', 'DIFFICULTY_SELECTED'].includes(type),
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

// ---------------------------------------------------------------------------------------------
// Article detail

const detailPayloads: PayloadTable = {
  [`xstate.done.actor.${FETCH_ARTICLE_ID}`]: [
    { type: `xstate.done.actor.${FETCH_ARTICLE_ID}`, output: MODEL_ARTICLE },
    { type: `xstate.done.actor.${FETCH_ARTICLE_ID}`, output: MODEL_ARTICLE_WITHOUT_BODY },
  ],
  [`xstate.error.actor.${FETCH_ARTICLE_ID}`]: [
    { type: `xstate.error.actor.${FETCH_ARTICLE_ID}`, error: new Error('Unable to load article') },
  ],
  [`xstate.done.actor.${SANITISE_BODY_ID}`]: [
    { type: `xstate.done.actor.${SANITISE_BODY_ID}`, output: { html: SANITISED_HTML } },
    // A body that was only a script sanitises to nothing.
    { type: `xstate.done.actor.${SANITISE_BODY_ID}`, output: { html: '' } },
  ],
  [`xstate.error.actor.${SANITISE_BODY_ID}`]: [
    { type: `xstate.error.actor.${SANITISE_BODY_ID}`, error: new Error('The body could not be sanitised') },
  ],
  ARTICLE_REQUESTED: (snapshot) => {
    const context = snapshot.context as ArticleDetailContext;
    return context.articleId === MODEL_ARTICLE.id
      ? [{ type: 'ARTICLE_REQUESTED', articleId: OTHER_ARTICLE_ID, language: context.language }]
      : [];
  },
};

const articleDetailModel: MachineModel = {
  name: 'article-detail',
  title: 'Article detail',
  summary:
    'Loads one article, sanitises its body when it has one, and shows the body, or the header with a notice when there is no usable body; an error offers Try Again (a page reload). Another article id or language refetches.',
  machine: articleDetailMachine,
  source: 'src/machines/article-detail-machine.ts',
  scenarios: [
    { id: 'detail-zh', title: 'The learner opens /zh/articles/city-bikes', input: { articleId: MODEL_ARTICLE.id, language: 'zh' } },
  ],
  events(snapshot) {
    return eventsFromTable('article detail', snapshot, detailPayloads, never);
  },
  simpleEvents(snapshot) {
    return this.events(snapshot);
  },
  serialize(snapshot) {
    const context = snapshot.context as ArticleDetailContext;
    return JSON.stringify({
      value: snapshot.value,
      articleId: context.articleId,
      hasArticle: context.article !== null,
      hasBody: context.article?.body != null,
      hasHtml: context.html !== null,
    });
  },
  describeEvent(event) {
    switch (event.type) {
      case `xstate.done.actor.${FETCH_ARTICLE_ID}`: {
        const article = (event as unknown as { output: ArticleView }).output;
        return article.body === null ? 'The API answers with the article, which has no body' : 'The API answers with the article and its body';
      }
      case `xstate.error.actor.${FETCH_ARTICLE_ID}`:
        return `The API call fails (${quote(errorMessage(event))})`;
      case `xstate.done.actor.${SANITISE_BODY_ID}`: {
        const html = (event as unknown as { output: { html: string } }).output.html;
        return html === '' ? 'Sanitising leaves nothing of the body' : 'The body is sanitised (the script is removed)';
      }
      case `xstate.error.actor.${SANITISE_BODY_ID}`:
        return `Sanitising fails (${quote(errorMessage(event))})`;
      case 'ARTICLE_REQUESTED':
        return `The learner opens another article (${String(event.articleId)})`;
      case 'RETRY':
        return 'The learner clicks Try Again (the page reloads)';
      default:
        return event.type;
    }
  },
  describeContext(snapshot) {
    const context = snapshot.context as ArticleDetailContext;
    return `article ${context.articleId}`;
  },
};

// ---------------------------------------------------------------------------------------------
// Reading progress

export const READING_ARTICLE: ReadingArticle = { id: MODEL_ARTICLE.id, source: MODEL_ARTICLE.source, difficulty: MODEL_ARTICLE.difficulty };
const VISIT_ENDS = ['ARTICLE_LEFT', 'PAGE_LEFT', 'PAGE_HIDDEN'];

const readingPayloads: PayloadTable = {
  ARTICLE_SHOWN: [{ type: 'ARTICLE_SHOWN', article: READING_ARTICLE, language: 'zh' }],
};

const readingProgressModel: MachineModel = {
  name: 'reading-progress',
  title: 'Reading progress',
  summary:
    'The learner\'s visit to one article, for analytics; it has no screen of its own. article_start once the article is shown; article_complete, with the seconds spent, when another article or language loads, when the learner goes to another page, or when the tab is closed; each once per visit.',
  machine: readingProgressMachine,
  source: 'src/machines/reading-progress-machine.ts',
  scenarios: [{ id: 'article-zh', title: 'The learner opens /zh/articles/city-bikes', input: {} }],
  events(snapshot) {
    return eventsFromTable('reading progress', snapshot, readingPayloads, never);
  },
  simpleEvents(snapshot) {
    return this.events(snapshot);
  },
  serialize(snapshot, event) {
    // Each way a visit ends gets a path of its own.
    const via = event !== undefined && VISIT_ENDS.includes(event.type) && snapshot.matches('idle') ? event.type : null;
    return JSON.stringify({ value: snapshot.value, via });
  },
  describeEvent(event) {
    switch (event.type) {
      case 'ARTICLE_SHOWN':
        return `The article ${String((event.article as ReadingArticle).id)} has loaded and is shown`;
      case 'ARTICLE_LEFT':
        return 'Another article or language is asked for; the article page loads it';
      case 'PAGE_LEFT':
        return 'The learner goes to a page that is not an article (the list, home)';
      case 'PAGE_HIDDEN':
        return 'The learner closes the tab (pagehide)';
      default:
        return event.type;
    }
  },
  describeContext(snapshot) {
    const { visit } = snapshot.context as ReadingProgressContext;
    return visit === null ? 'no visit' : `visit of ${visit.article.id} in ${visit.language}`;
  },
};

// ---------------------------------------------------------------------------------------------
// Cookie consent

const consentPayloads: PayloadTable = {
  'xstate.after.bannerDelay.consent.undecided.waiting': [{ type: 'xstate.after.bannerDelay.consent.undecided.waiting' }],
  SET_ANALYTICS: (snapshot) => [{ type: 'SET_ANALYTICS', enabled: !(snapshot.context as ConsentContext).analyticsDraft }],
};

function choiceInWords(context: ConsentContext): string {
  if (context.choice === null) return 'no choice saved';
  return context.choice.analytics ? 'choice: analytics on' : 'choice: analytics off';
}

const consentModel: MachineModel = {
  name: 'consent',
  title: 'Cookie consent',
  summary:
    'The cookie banner. Without a saved choice it appears after one second; Accept All, Reject All or Customize (then Save Preferences) saves a choice and closes it. A saved choice is applied at load without a banner; the footer\'s Cookie settings reopens it.',
  machine: consentMachine,
  source: 'src/machines/consent-machine.ts',
  scenarios: [
    { id: 'first-visit', title: 'First visit: no choice saved', input: { savedChoice: null } },
    { id: 'saved-accept', title: 'Return visit: analytics were accepted', input: { savedChoice: consentRecord(true) } },
    { id: 'saved-reject', title: 'Return visit: analytics were rejected', input: { savedChoice: consentRecord(false) } },
  ],
  events(snapshot) {
    return eventsFromTable('consent', snapshot, consentPayloads, never);
  },
  simpleEvents(snapshot) {
    // Reviewing a choice only looks and closes here (changing it is in the shortest paths);
    // otherwise every order of re-deciding would be its own simple path.
    return eventsFromTable('consent', snapshot, consentPayloads, (s, type) => {
      if (type === 'SET_ANALYTICS') return !(s.context as ConsentContext).analyticsDraft;
      return s.hasTag('reviewing') && ['ACCEPT_ALL', 'REJECT_ALL', 'SAVE_PREFERENCES'].includes(type);
    });
  },
  serialize(snapshot) {
    const context = snapshot.context as ConsentContext;
    // The checkbox draft is only visible while customizing.
    const draft = snapshot.hasTag('customizing') ? context.analyticsDraft : null;
    return JSON.stringify({ value: snapshot.value, analytics: context.choice?.analytics ?? null, draft });
  },
  describeEvent(event) {
    switch (event.type) {
      case 'xstate.after.bannerDelay.consent.undecided.waiting':
        return 'One second passes';
      case 'ACCEPT_ALL':
        return 'The learner clicks Accept All';
      case 'REJECT_ALL':
        return 'The learner clicks Reject All';
      case 'CUSTOMIZE':
        return 'The learner clicks Customize';
      case 'SET_ANALYTICS':
        return event.enabled === true
          ? 'The learner ticks the Analytics checkbox'
          : 'The learner unticks the Analytics checkbox';
      case 'SAVE_PREFERENCES':
        return 'The learner clicks Save Preferences';
      case 'BACK':
        return 'The learner clicks Back';
      case 'OPEN_SETTINGS':
        return 'The learner clicks Cookie settings in the footer';
      case 'CLOSE':
        return 'The learner closes the banner';
      default:
        return event.type;
    }
  },
  describeContext(snapshot) {
    const context = snapshot.context as ConsentContext;
    const parts = [choiceInWords(context)];
    if (snapshot.hasTag('customizing')) parts.push(`Analytics checkbox ${context.analyticsDraft ? 'ticked' : 'unticked'}`);
    return parts.join('; ');
  },
};

// ---------------------------------------------------------------------------------------------
// Analytics

const analyticsPayloads: PayloadTable = {
  'xstate.done.actor.regionSignals': [
    { type: 'xstate.done.actor.regionSignals', output: CHINA_SIGNALS },
    { type: 'xstate.done.actor.regionSignals', output: PROBE_SIGNALS },
    { type: 'xstate.done.actor.regionSignals', output: GLOBAL_SIGNALS },
  ],
  'xstate.error.actor.regionSignals': [
    { type: 'xstate.error.actor.regionSignals', error: new Error('Intl is not available') },
  ],
  'xstate.done.actor.chinaProbe': [{ type: 'xstate.done.actor.chinaProbe' }],
  'xstate.error.actor.chinaProbe': [{ type: 'xstate.error.actor.chinaProbe', error: new Error('Network error') }],
  'xstate.after.probeTimeout.analytics.detecting.probing': [{ type: 'xstate.after.probeTimeout.analytics.detecting.probing' }],
  'xstate.done.actor.providerLoader': [{ type: 'xstate.done.actor.providerLoader' }],
  'xstate.error.actor.providerLoader': [
    { type: 'xstate.error.actor.providerLoader', error: new Error('The script was blocked') },
  ],
  // A route change is only a step where it is visible (a page view); elsewhere it is remembered silently.
  ROUTE_CHANGED: (snapshot) => (snapshot.matches('initialised') ? [{ type: 'ROUTE_CHANGED', path: '/zh/articles' }] : []),
  TRACK: (snapshot) =>
    snapshot.matches('initialised')
      ? [{ type: 'TRACK', event: { name: 'article_start', params: { event_category: 'engagement', value: 1, article_id: 'city-bikes' } } }]
      : [],
};

function regionOf(event: EventObject): string {
  const output = (event as { output?: RegionSignals }).output;
  if (output === CHINA_SIGNALS) return 'the timezone is Asia/Shanghai';
  if (output === PROBE_SIGNALS) return 'the browser prefers Chinese outside China\'s timezones';
  return 'nothing points to China';
}

const analyticsModel: MachineModel = {
  name: 'analytics',
  title: 'Analytics',
  summary:
    'Analytics has no screen of its own. Nothing runs before consent; on consent it detects whether the learner is in China (probing a Chinese site only when the browser language is Chinese), loads that region\'s provider, records a page view, and sends privacy_opt_out when consent is withdrawn.',
  machine: analyticsMachine,
  source: 'src/machines/analytics-machine.ts',
  scenarios: [
    {
      id: 'both-providers',
      title: 'Both providers configured (Baidu Tongji for China, Google Analytics elsewhere)',
      input: { providers: { china: true, global: true }, path: '/zh' },
    },
    {
      id: 'global-only',
      title: 'Only the global provider configured',
      input: { providers: { china: false, global: true }, path: '/zh' },
    },
    { id: 'no-providers', title: 'No provider configured', input: { providers: { china: false, global: false }, path: '/zh' } },
  ],
  events(snapshot) {
    return eventsFromTable('analytics', snapshot, analyticsPayloads, never);
  },
  simpleEvents(snapshot) {
    // Withdrawing consent is followed from the initialised state only (where it sends the
    // opt-out); from the other states it leads back to the start, which multiplies loops.
    return eventsFromTable('analytics', snapshot, analyticsPayloads, (s, type) => type === 'CONSENT_REVOKED' && !s.matches('initialised'));
  },
  serialize(snapshot, event) {
    const context = snapshot.context as AnalyticsContext;
    // Each way detection can end (signals, probe answer, probe failure, time-out, no signals)
    // gets its own path to the provider loading, or to "no provider for this region".
    const via = event !== undefined && (snapshot.matches('loading') || snapshot.matches('unavailable')) ? event.type : null;
    return JSON.stringify({ value: snapshot.value, region: context.region, via });
  },
  describeEvent(event) {
    switch (event.type) {
      case 'CONSENT_GRANTED':
        return 'The learner allows analytics';
      case 'CONSENT_REVOKED':
        return 'The learner withdraws analytics consent';
      case 'ROUTE_CHANGED':
        return `The learner goes to ${String(event.path)}`;
      case 'TRACK':
        return `The app tracks ${String((event.event as { name?: unknown } | undefined)?.name)}`;
      case 'xstate.done.actor.regionSignals':
        return `The browser signals are read: ${regionOf(event)}`;
      case 'xstate.error.actor.regionSignals':
        return 'Reading the browser signals fails';
      case 'xstate.done.actor.chinaProbe':
        return 'The probe of the Chinese site answers';
      case 'xstate.error.actor.chinaProbe':
        return 'The probe of the Chinese site fails';
      case 'xstate.after.probeTimeout.analytics.detecting.probing':
        return 'Two seconds pass without an answer from the probe';
      case 'xstate.done.actor.providerLoader':
        return 'The provider script loads';
      case 'xstate.error.actor.providerLoader':
        return 'The provider script is blocked';
      default:
        return event.type;
    }
  },
  describeContext(snapshot) {
    const context = snapshot.context as AnalyticsContext;
    return context.region === null ? 'region not known' : `region ${context.region}`;
  },
};

// ---------------------------------------------------------------------------------------------
// Word look-up

export const LOOKUP_WORD = 'harbours';
export const NOT_A_WORD = '2024';
export const LOOKUP_ENTRY: WordEntry = {
  query: LOOKUP_WORD,
  lemma: 'harbour',
  senses: [
    {
      partOfSpeech: 'noun',
      ipa: 'ˈhɑːbə',
      gloss: '港；避难所',
      definition: 'a sheltered port where ships can take on or discharge cargo',
      tags: ['cet6', 'ielts'],
      frequencyRank: 5123,
      headword: 'harbour',
    },
  ],
};

const lookupPayloads: PayloadTable = {
  [`xstate.done.actor.${LOOK_UP_WORD_ID}`]: [
    { type: `xstate.done.actor.${LOOK_UP_WORD_ID}`, output: LOOKUP_ENTRY },
    { type: `xstate.done.actor.${LOOK_UP_WORD_ID}`, output: null },
  ],
  [`xstate.error.actor.${LOOK_UP_WORD_ID}`]: [
    { type: `xstate.error.actor.${LOOK_UP_WORD_ID}`, error: new Error('Network error, the server could not be reached') },
  ],
  WORD_SELECTED: [
    { type: 'WORD_SELECTED', text: LOOKUP_WORD },
    { type: 'WORD_SELECTED', text: NOT_A_WORD },
  ],
};

const wordLookupModel: MachineModel = {
  name: 'word-lookup',
  title: 'Word look-up',
  summary:
    'A tap on a word of the article, Enter on a vocabulary word or the look-up field opens its entry: looking up, then the entry, "no entry", or a failure with Try again. Another word replaces it; Escape, the close button or a click outside closes it.',
  machine: wordLookupMachine,
  source: 'src/machines/word-lookup-machine.ts',
  scenarios: [{ id: 'lookup-zh', title: 'The learner reads an article at /zh/articles/city-bikes', input: { language: 'zh' } }],
  events(snapshot) {
    return eventsFromTable('word look-up', snapshot, lookupPayloads, never);
  },
  simpleEvents(snapshot) {
    return this.events(snapshot);
  },
  serialize(snapshot) {
    const context = snapshot.context as WordLookupContext;
    return JSON.stringify({ value: snapshot.value, selection: context.selection, hasEntry: context.entry !== null });
  },
  describeEvent(event) {
    switch (event.type) {
      case 'WORD_SELECTED':
        return event.text === NOT_A_WORD
          ? `The learner looks up ${quote(String(event.text))}, which is not a word`
          : `The learner taps the word ${quote(String(event.text))}`;
      case `xstate.done.actor.${LOOK_UP_WORD_ID}`:
        return (event as unknown as { output: WordEntry | null }).output === null
          ? 'The dictionary has no entry for it'
          : 'The dictionary answers with the entry';
      case `xstate.error.actor.${LOOK_UP_WORD_ID}`:
        return `The look-up fails (${quote(errorMessage(event))})`;
      case 'RETRY':
        return 'The learner clicks Try again in the entry';
      case 'CLOSED':
        return 'The learner closes the entry (Escape, the close button or a click outside)';
      default:
        return event.type;
    }
  },
  describeContext(snapshot) {
    const context = snapshot.context as WordLookupContext;
    return context.selection === null ? 'nothing selected' : `selection ${quote(context.selection)}`;
  },
};

export const MACHINE_MODELS: readonly MachineModel[] = [
  languageModel,
  pageModel,
  articleListModel,
  articleDetailModel,
  readingProgressModel,
  wordLookupModel,
  consentModel,
  analyticsModel,
];

export function modelNamed(name: string): MachineModel {
  const model = MACHINE_MODELS.find((candidate) => candidate.name === name);
  if (model === undefined) throw new Error(`No machine model named ${name}`);
  return model;
}
