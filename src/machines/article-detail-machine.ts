/**
 * Loads one article and prepares its body for display.
 * States: loading -> sanitising (when the article has a body) -> loaded.withBody, or
 * loaded.withoutBody, or error. A new article id or language (ARTICLE_REQUESTED) refetches from
 * any state; leaving a state stops its invoked actor and aborts its signal, so a slow older answer
 * is dropped. The body is sanitised by the injected 'sanitiseBody' actor, so the view only ever
 * receives sanitised HTML. RETRY runs 'reloadPage', which the app wires to a full page reload.
 * The article id and language come from the address through the invoked 'locationChanges' actor,
 * which the route provides. Entering and leaving 'loaded' run 'articleShown' and 'articleLeft',
 * which the route wires to the reader's visit (src/machines/reading-progress-machine.ts).
 */
import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { isMissingArticleError } from '../api/missing-article';
import type { ArticleView } from '../domain/article';
import { apiLanguageFor, type LanguageCode } from '../../common/languages';

export interface ArticleDetailContext {
  articleId: string;
  /** The page language; the API is asked in apiLanguageFor(language). */
  language: string;
  article: ArticleView | null;
  /** Sanitised body HTML; null until sanitised or when the article has no usable body. */
  html: string | null;
  errorMessage: string | null;
  /** True when the API said there is no such article (its 404 for the id): the page is titled as not found. */
  missing: boolean;
}

export interface ArticleDetailInput {
  articleId: string;
  language: string;
  /** The article and its sanitised body, when the page already carries them (server rendering): the page starts loaded. */
  initial?: { article: ArticleView; html: string | null };
  /** The API's error for this article, when the page already carries it (server rendering of a missing article): the page starts failed. */
  initialError?: { message: string };
}

export interface ArticleRequest {
  articleId: string;
  language: LanguageCode;
}

export interface SanitisedBody {
  html: string;
}

export type ArticleDetailEvent = { type: 'ARTICLE_REQUESTED'; articleId: string; language: string } | { type: 'RETRY' };

export const FETCH_ARTICLE_ID = 'fetchArticle';
export const SANITISE_BODY_ID = 'sanitiseBody';

function messageOf(error: unknown): string | null {
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}

export const articleDetailMachine = setup({
  types: {
    context: {} as ArticleDetailContext,
    events: {} as ArticleDetailEvent,
    input: {} as ArticleDetailInput,
  },
  actors: {
    // Both replaced by the app; failing defaults keep a forgotten wiring visible.
    fetchArticle: fromPromise<ArticleView, ArticleRequest>(async () => {
      throw new Error('fetchArticle is not provided');
    }),
    sanitiseBody: fromPromise<SanitisedBody, { body: string }>(async () => {
      throw new Error('sanitiseBody is not provided');
    }),
    // Provided by the route: sends ARTICLE_REQUESTED when the address shows another article or language.
    locationChanges: fromCallback<EventObject>(() => {}),
  },
  actions: {
    // Supplied by the app (window.location.reload); the machine never touches window.
    reloadPage: () => {},
    // Supplied by the route: the learner now sees the article, and no longer does.
    articleShown: (_, _params: { article: ArticleView; language: string }) => {},
    articleLeft: () => {},
    requestArticle: assign(({ event }) =>
      event.type === 'ARTICLE_REQUESTED' ? { articleId: event.articleId, language: event.language } : {},
    ),
  },
  guards: {
    isDifferentRequest: ({ context, event }) =>
      event.type === 'ARTICLE_REQUESTED' && (event.articleId !== context.articleId || event.language !== context.language),
    hasBody: ({ context }) => context.article?.body != null,
    hasHtml: ({ context }) => context.html !== null && context.html.trim() !== '',
    hasArticle: ({ context }) => context.article !== null,
    hasError: ({ context }) => context.errorMessage !== null,
  },
}).createMachine({
  id: 'articleDetail',
  context: ({ input }) => ({
    articleId: input.articleId,
    language: input.language,
    article: input.initial?.article ?? null,
    html: input.initial?.html ?? null,
    errorMessage: input.initial ? null : (messageOf(input.initialError) ?? (input.initialError ? '' : null)),
    missing: !input.initial && isMissingArticleError(input.initialError),
  }),
  invoke: { id: 'location', src: 'locationChanges' },
  initial: 'starting',
  on: {
    ARTICLE_REQUESTED: { guard: 'isDifferentRequest', target: '.loading', actions: 'requestArticle' },
  },
  states: {
    // Transient: a server-rendered page carries the article and its body as the page shows it (see the detail route).
    starting: {
      description: 'Never seen: starts loaded with the article the server rendered, failed with the error it rendered, or loads it.',
      always: [{ guard: 'hasArticle', target: 'checkingHtml' }, { guard: 'hasError', target: 'error' }, { target: 'loading' }],
    },
    loading: {
      description: 'A spinner with "Loading article…" under the back link.',
      entry: assign({ article: null, html: null, errorMessage: null, missing: false }),
      invoke: {
        id: FETCH_ARTICLE_ID,
        src: 'fetchArticle',
        input: ({ context }) => ({ articleId: context.articleId, language: apiLanguageFor(context.language) }),
        onDone: {
          target: 'checkingBody',
          actions: assign({ article: ({ event }) => event.output }),
        },
        onError: {
          target: 'error',
          actions: assign({
            errorMessage: ({ event }) => messageOf(event.error),
            missing: ({ event }) => isMissingArticleError(event.error),
          }),
        },
      },
    },
    // Transient: only a body that exists needs sanitising.
    checkingBody: {
      description: 'Never seen: decides at once whether the body needs sanitising.',
      always: [{ guard: 'hasBody', target: 'sanitising' }, { target: 'loaded.withoutBody' }],
    },
    sanitising: {
      description: 'Still the spinner: the body is being sanitised, and the raw HTML is never shown.',
      invoke: {
        id: SANITISE_BODY_ID,
        src: 'sanitiseBody',
        input: ({ context }) => ({ body: context.article?.body ?? '' }),
        onDone: {
          target: 'checkingHtml',
          actions: assign({ html: ({ event }) => event.output.html }),
        },
        // A body that cannot be made safe is not shown; the header and the notice are.
        onError: { target: 'loaded.withoutBody' },
      },
    },
    // Transient: a body that sanitises to nothing (e.g. only a script) counts as no body.
    checkingHtml: {
      description: 'Never seen: decides at once whether anything of the body is left to show.',
      always: [{ guard: 'hasHtml', target: 'loaded.withBody' }, { target: 'loaded.withoutBody' }],
    },
    loaded: {
      description: 'The back link, the article, and a note that interactive features are coming soon.',
      entry: { type: 'articleShown', params: ({ context }) => ({ article: context.article!, language: context.language }) },
      exit: 'articleLeft',
      initial: 'withoutBody',
      states: {
        withBody: {
          description: 'The sanitised article body in an isolated container.',
        },
        withoutBody: {
          description:
            'The article header (title, uppercase source, long date, reading time, difficulty badge, category tags) and "Article content temporarily unavailable".',
          entry: assign({ html: null }),
        },
      },
    },
    error: {
      description: '"Unable to load article" with a Try Again button that reloads the page.',
      on: {
        RETRY: { actions: 'reloadPage' },
      },
    },
  },
});
