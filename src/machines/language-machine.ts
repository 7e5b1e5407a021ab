/**
 * Owns the page language. The URL is the source of truth: every location (including
 * back/forward) arrives as LOCATION_CHANGED from the invoked 'locationChanges' actor, which the
 * app provides from the router, and choosing a language navigates to the same page under the new
 * language segment. Navigation itself is the 'navigate' action, supplied by the app with the
 * router's navigate, so this machine never touches window or history. Each language's texts are
 * a chunk of their own: a chosen language's are loaded ('loadTexts', provided by the app) before
 * the switch, so the page changes language in one step.
 */
import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { OFFERED_LANGUAGES } from '../../common/languages';
import { languageFromPath, withLanguage } from '../domain/routing';

export interface LanguageContext {
  /** The page language: the URL's language tag, or the default when the path has none. */
  language: string;
  path: string;
  /** The query string as the router reports it, without '?'; kept when the language changes. */
  search: string;
  /** The language chosen in the selector while its texts load. */
  chosen?: string | undefined;
}

export interface LanguageInput {
  path: string;
  search?: string;
}

export type LanguageEvent =
  | { type: 'LOCATION_CHANGED'; path: string; search?: string }
  | { type: 'LANGUAGE_SELECTED'; language: string }
  | { type: 'SELECTOR_TOGGLED' }
  | { type: 'SELECTOR_CLOSED' };

export interface NavigateParams {
  to: string;
}

export const languageMachine = setup({
  types: {
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
    input: {} as LanguageInput,
  },
  actors: {
    // Provided by the app: sends LOCATION_CHANGED for every location the router reports.
    locationChanges: fromCallback<EventObject>(() => {}),
    // Provided by the app: loads the chosen language's texts; the default has nothing to load.
    loadTexts: fromPromise<unknown, { language: string }>(() => Promise.resolve()),
  },
  actions: {
    trackLocation: assign(({ event }) => {
      if (event.type !== 'LOCATION_CHANGED') return {};
      return { path: event.path, search: event.search ?? '', language: languageFromPath(event.path) };
    }),
    chooseLanguage: assign(({ event }) => (event.type === 'LANGUAGE_SELECTED' ? { chosen: event.language } : {})),
    switchLanguage: assign(({ context }) =>
      context.chosen === undefined ? {} : { language: context.chosen, path: withLanguage(context.path, context.chosen), chosen: undefined },
    ),
    forgetChoice: assign({ chosen: undefined }),
    // Supplied by the app (the router's navigate); the default does nothing so the machine runs alone.
    navigate: (_, _params: NavigateParams) => {},
  },
  guards: {
    isOfferedOtherLanguage: ({ context, event }) =>
      event.type === 'LANGUAGE_SELECTED' &&
      event.language !== context.language &&
      OFFERED_LANGUAGES.includes(event.language as (typeof OFFERED_LANGUAGES)[number]),
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({
    path: input.path,
    search: input.search ?? '',
    language: languageFromPath(input.path),
  }),
  invoke: { id: 'location', src: 'locationChanges' },
  initial: 'selectorClosed',
  on: {
    LOCATION_CHANGED: { actions: 'trackLocation' },
  },
  states: {
    selectorClosed: {
      description: 'The header shows the current language on the selector button; the language list is closed.',
      on: {
        SELECTOR_TOGGLED: 'selectorOpen',
      },
    },
    selectorOpen: {
      description: 'The language list is open under the selector, offering 中文 and Español with the current one marked.',
      on: {
        SELECTOR_TOGGLED: 'selectorClosed',
        SELECTOR_CLOSED: 'selectorClosed',
        LANGUAGE_SELECTED: [
          { guard: 'isOfferedOtherLanguage', target: 'loadingTexts', actions: 'chooseLanguage' },
          // Choosing the current language only closes the selector.
          { target: 'selectorClosed' },
        ],
      },
    },
    loadingTexts: {
      description:
        "The chosen language's texts are loading (a small chunk); the selector is closed and the page stays as it was until they are there.",
      invoke: {
        id: 'texts',
        src: 'loadTexts',
        input: ({ context }) => ({ language: context.chosen ?? context.language }),
        onDone: {
          target: 'selectorClosed',
          actions: [
            'switchLanguage',
            {
              type: 'navigate',
              params: ({ context }) => ({ to: withLanguage(context.path, context.language, context.search) }),
            },
          ],
        },
        // Offline or a failed chunk: the page stays in its language, and choosing again tries again.
        onError: { target: 'selectorClosed', actions: 'forgetChoice' },
      },
    },
  },
});
