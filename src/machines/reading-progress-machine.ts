/**
 * The learner's visit to one article, for analytics. A visit begins when the article page shows
 * an article (ARTICLE_SHOWN: it has loaded) and records article_start; it ends, recording
 * article_complete with the time spent, when the article stops being shown (ARTICLE_LEFT: another
 * article or language is loading), when the learner goes to a page that is not an article
 * (PAGE_LEFT) or when the tab is closed or hidden for good (PAGE_HIDDEN). Each is recorded once per
 * visit. Stopping the actor records nothing, so React StrictMode stopping and restoring it in
 * development is not a second visit.
 *
 * The app wires the article detail actor's articleShown/articleLeft actions to the first two
 * events and provides the invoked `locationChanges` (PAGE_LEFT) and `pageHides` (PAGE_HIDDEN)
 * actors and the `track` action.
 */
import { assign, fromCallback, setup, type EventObject } from 'xstate';
import { articleComplete, articleStart, type AnalyticsEvent } from '../domain/analytics-events';

export interface ReadingArticle {
  readonly id: string;
  readonly source: string;
  readonly difficulty: string;
}

export interface ReadingVisit {
  readonly article: ReadingArticle;
  /** The page language when the visit began. */
  readonly language: string;
  /** Date.now() when the visit began. */
  readonly startedAt: number;
}

export interface ReadingProgressContext {
  visit: ReadingVisit | null;
}

export type ReadingProgressEvent =
  | { type: 'ARTICLE_SHOWN'; article: ReadingArticle; language: string }
  | { type: 'ARTICLE_LEFT' }
  | { type: 'PAGE_LEFT' }
  | { type: 'PAGE_HIDDEN' };

/** article_start for the visit that just began. */
export function visitStart({ article, language }: ReadingVisit): AnalyticsEvent {
  return articleStart({ articleId: article.id, source: article.source, language, difficulty: article.difficulty });
}

/** article_complete for a visit ending at `now`, with the time spent in seconds (sent rounded). */
export function visitComplete({ article, language, startedAt }: ReadingVisit, now: number): AnalyticsEvent {
  return articleComplete({ articleId: article.id, readingTimeSeconds: (now - startedAt) / 1000, language, difficulty: article.difficulty });
}

export const readingProgressMachine = setup({
  types: {
    context: {} as ReadingProgressContext,
    events: {} as ReadingProgressEvent,
  },
  actors: {
    // Provided by the app: PAGE_LEFT when the address is no longer an article page; PAGE_HIDDEN on pagehide.
    locationChanges: fromCallback<EventObject>(() => {}),
    pageHides: fromCallback<EventObject>(() => {}),
  },
  actions: {
    // Provided by the app: hands the event to analytics, which drops it unless consent allows.
    track: (_, _params: { event: AnalyticsEvent }) => {},
    beginVisit: assign({
      visit: ({ event }) =>
        event.type === 'ARTICLE_SHOWN' ? { article: event.article, language: event.language, startedAt: Date.now() } : null,
    }),
  },
}).createMachine({
  id: 'readingProgress',
  context: { visit: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'No visit: no article has loaded yet, or the last visit has ended (leaving `reading` recorded its article_complete).',
      entry: assign({ visit: null }),
      on: { ARTICLE_SHOWN: { target: 'reading', actions: 'beginVisit' } },
    },
    reading: {
      description:
        'The learner is reading the article: article_start was recorded (article, source, difficulty, page language); leaving records article_complete with the seconds spent.',
      entry: { type: 'track', params: ({ context }) => ({ event: visitStart(context.visit!) }) },
      exit: { type: 'track', params: ({ context }) => ({ event: visitComplete(context.visit!, Date.now()) }) },
      invoke: [
        { id: 'location', src: 'locationChanges' },
        { id: 'pageHide', src: 'pageHides' },
      ],
      on: {
        ARTICLE_LEFT: 'idle',
        PAGE_LEFT: 'idle',
        PAGE_HIDDEN: 'idle',
      },
    },
  },
});
