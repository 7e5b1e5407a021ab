/**
 * What a full page load would do, done for navigation inside the app. At start the app takes
 * over the document head from the server (`adoptHead`: React renders the head tags from here on,
 * so the server's are removed), and <html lang> is the text language of the address. On a new
 * address the page starts at its top with keyboard and screen-reader focus on its main content,
 * so the reader does not stay on the link they left; a language switch (the same page in another
 * language) keeps focus on the selector. Back/forward are left to the browser, which restores the
 * scroll position of the page it returns to. A link to a fragment (/{lang}#about) scrolls to its
 * target: the app's `startAtTop` leaves an address with a fragment alone.
 *
 * The app provides the address (`locationChanges`, LOCATION_CHANGED), back/forward
 * (`historyTraversals`, HISTORY_TRAVERSED) and the document side of each action.
 */
import { assign, fromCallback, setup, type EventObject } from 'xstate';
import { textLanguageFor, type TextLanguage } from '../../common/languages';
import { languageFromPath, pathSegments } from '../domain/routing';

export interface PageContext {
  /** The path of the page on screen. */
  path: string;
}

export interface PageInput {
  path: string;
}

export type PageEvent = { type: 'LOCATION_CHANGED'; path: string } | { type: 'HISTORY_TRAVERSED' };

export interface StartAtTopParams {
  /** False for a language switch: the same page, so focus stays where the learner is. */
  focusMain: boolean;
}

/** /zh/articles and /es/articles are the same page in two languages. */
function pageWithoutLanguage(path: string): string {
  return pathSegments(path).slice(1).join('/');
}

const documentLanguage = ({ event }: { event: PageEvent }) => ({
  language: textLanguageFor(languageFromPath(event.type === 'LOCATION_CHANGED' ? event.path : '')),
});

export const pageMachine = setup({
  types: {
    context: {} as PageContext,
    events: {} as PageEvent,
    input: {} as PageInput,
  },
  actors: {
    // Provided by the app: the router's location, and the browser's back/forward.
    locationChanges: fromCallback<EventObject>(() => {}),
    historyTraversals: fromCallback<EventObject>(() => {}),
  },
  actions: {
    // Provided by the app; the machine never touches the document.
    adoptHead: () => {},
    setDocumentLanguage: (_, _params: { language: TextLanguage }) => {},
    startAtTop: (_, _params: StartAtTopParams) => {},
    rememberPath: assign({ path: ({ context, event }) => (event.type === 'LOCATION_CHANGED' ? event.path : context.path) }),
  },
  guards: {
    isNewPath: ({ context, event }) => event.type === 'LOCATION_CHANGED' && event.path !== context.path,
  },
}).createMachine({
  id: 'page',
  context: ({ input }) => ({ path: input.path }),
  entry: [
    'adoptHead',
    { type: 'setDocumentLanguage', params: ({ context }) => ({ language: textLanguageFor(languageFromPath(context.path)) }) },
  ],
  invoke: [
    { id: 'location', src: 'locationChanges' },
    { id: 'history', src: 'historyTraversals' },
  ],
  initial: 'following',
  states: {
    following: {
      description:
        "The page follows the learner's links: a new page starts at its top with focus on its main content; after a language switch focus stays on the selector.",
      on: {
        LOCATION_CHANGED: {
          guard: 'isNewPath',
          actions: [
            { type: 'setDocumentLanguage', params: documentLanguage },
            {
              type: 'startAtTop',
              params: ({ context, event }) => ({ focusMain: pageWithoutLanguage(context.path) !== pageWithoutLanguage(event.path) }),
            },
            'rememberPath',
          ],
        },
        HISTORY_TRAVERSED: 'restoring',
      },
    },
    restoring: {
      description:
        'Back or forward was used: the browser restores the scroll position of the page it returns to, so the next page is left where it is.',
      on: {
        LOCATION_CHANGED: {
          guard: 'isNewPath',
          target: 'following',
          actions: [{ type: 'setDocumentLanguage', params: documentLanguage }, 'rememberPath'],
        },
      },
    },
  },
});
