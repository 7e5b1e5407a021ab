/**
 * The learner's saved words, kept in this browser. States: loading -> ready (the words, the search
 * query, the last deleted word for Undo) / failed (the store cannot be used: a newer version's
 * database, no IndexedDB). Inside ready, one write at a time runs (saving, deleting, restoring,
 * importing) and refreshing reads the store again after a change in this or another tab. A write
 * that fails keeps the page working: the problem is shown and the words are read again.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { CsvImportError, importCsv, wordsToMerge } from '../domain/word-export';
import { newestFirst, savedWordId, type SavedWord } from '../domain/saved-words';
import { WordStoreError, type WordStoreContents, type WordStoreProblem } from '../platform/word-store';

export type ImportOutcome =
  { readonly kind: 'added'; readonly count: number } | { readonly kind: 'refused'; readonly line: number; readonly detail: string };

export interface SavedWordsContext {
  /** Newest first. */
  words: SavedWord[];
  query: string;
  lastDeleted: SavedWord | null;
  /** Records kept aside because they could not be read. */
  setAside: number;
  problem: WordStoreProblem | null;
  /** What the last import did, until the next one. */
  imported: ImportOutcome | null;
  /** The words the current write puts into the store. */
  pending: SavedWord[];
  now: () => Date;
}

export interface SavedWordsInput {
  now?: () => Date;
}

export type SavedWordsEvent =
  | { type: 'SAVE'; word: SavedWord }
  | { type: 'DELETE'; id: string }
  | { type: 'UNDO' }
  | { type: 'SEARCH'; query: string }
  | { type: 'EXTERNAL_CHANGE' }
  | { type: 'IMPORT'; text: string }
  | { type: 'EXPORT_CSV' }
  | { type: 'EXPORT_ANKI' }
  | { type: 'RETRY' };

export const LOAD_WORDS_ID = 'loadWords';
export const PUT_WORDS_ID = 'putWords';
export const REMOVE_WORD_ID = 'removeWord';

function problemOf(error: unknown): WordStoreProblem {
  return error instanceof WordStoreError ? error.problem : 'failed';
}

function outputOf(event: unknown): WordStoreContents {
  return (event as { output: WordStoreContents }).output;
}

export const savedWordsMachine = setup({
  types: {
    context: {} as SavedWordsContext,
    events: {} as SavedWordsEvent,
    input: {} as SavedWordsInput,
  },
  actors: {
    // Replaced by the app with the IndexedDB store; failing defaults keep a forgotten wiring visible.
    loadWords: fromPromise<WordStoreContents>(async () => {
      throw new WordStoreError('unavailable', 'loadWords is not provided');
    }),
    putWords: fromPromise<void, { words: SavedWord[] }>(async () => {
      throw new WordStoreError('unavailable', 'putWords is not provided');
    }),
    removeWord: fromPromise<void, { id: string }>(async () => {
      throw new WordStoreError('unavailable', 'removeWord is not provided');
    }),
    storeChanges: fromCallback(() => () => {}),
  },
  actions: {
    showContents: assign(({ event }) => {
      const { words, setAside } = outputOf(event);
      return { words: newestFirst(words), setAside };
    }),
    recordProblem: assign({ problem: ({ event }) => problemOf((event as { error?: unknown }).error) }),
    setQuery: assign({ query: ({ event }) => (event.type === 'SEARCH' ? event.query : '') }),
    addWord: assign(({ context, event }) => {
      if (event.type !== 'SAVE') return {};
      return { words: newestFirst([event.word, ...context.words]), pending: [event.word], problem: null };
    }),
    deleteWord: assign(({ context, event }) => {
      if (event.type !== 'DELETE') return {};
      const deleted = context.words.find((word) => word.id === event.id) ?? null;
      return { words: context.words.filter((word) => word.id !== event.id), lastDeleted: deleted, problem: null };
    }),
    restoreWord: assign(({ context }) => {
      const word = context.lastDeleted;
      if (word === null) return {};
      return {
        words: newestFirst([word, ...context.words.filter((each) => each.id !== word.id)]),
        pending: [word],
        lastDeleted: null,
        problem: null,
      };
    }),
    mergeImport: assign(({ context, event }) => {
      if (event.type !== 'IMPORT') return {};
      try {
        const fresh = wordsToMerge(context.words, importCsv(event.text, context.now()));
        return {
          pending: fresh,
          words: newestFirst([...fresh, ...context.words]),
          imported: { kind: 'added', count: fresh.length } as const,
          problem: null,
        };
      } catch (error) {
        if (!(error instanceof CsvImportError)) throw error;
        return { pending: [], imported: { kind: 'refused', line: error.line, detail: error.detail } as const };
      }
    }),
    clearPending: assign({ pending: [] }),
    // Replaced by the app: the file download.
    exportCsv: () => {},
    exportAnki: () => {},
  },
  guards: {
    isNew: ({ context, event }) => event.type === 'SAVE' && !context.words.some((word) => word.id === savedWordId(event.word.lemma)),
    isSaved: ({ context, event }) => event.type === 'DELETE' && context.words.some((word) => word.id === event.id),
    canUndo: ({ context }) => context.lastDeleted !== null,
    hasPending: ({ context }) => context.pending.length > 0,
    hasWords: ({ context }) => context.words.length > 0,
  },
}).createMachine({
  id: 'savedWords',
  context: ({ input }) => ({
    words: [],
    query: '',
    lastDeleted: null,
    setAside: 0,
    problem: null,
    imported: null,
    pending: [],
    now: input.now ?? (() => new Date()),
  }),
  invoke: { src: 'storeChanges' },
  initial: 'loading',
  states: {
    loading: {
      description: 'The saved words are being read from this browser; the page says so.',
      invoke: {
        id: LOAD_WORDS_ID,
        src: 'loadWords',
        onDone: { target: 'ready', actions: ['showContents', assign({ problem: null })] },
        onError: { target: 'failed', actions: 'recordProblem' },
      },
    },
    failed: {
      description:
        'The saved words cannot be used (written by a newer version of the site, or no storage in this browser): a clear message, and the rest of the site works.',
      on: { RETRY: 'loading', EXTERNAL_CHANGE: 'loading' },
    },
    ready: {
      description: 'The words, newest first, filtered by the search; words already saved show as Saved.',
      initial: 'idle',
      on: {
        SEARCH: { actions: 'setQuery' },
        EXTERNAL_CHANGE: '.refreshing',
        SAVE: { guard: 'isNew', target: '.writing', actions: 'addWord' },
        DELETE: { guard: 'isSaved', target: '.deleting', actions: 'deleteWord' },
        UNDO: { guard: 'canUndo', target: '.writing', actions: 'restoreWord' },
        IMPORT: [{ target: '.importing', actions: 'mergeImport' }],
        EXPORT_CSV: { guard: 'hasWords', actions: 'exportCsv' },
        EXPORT_ANKI: { guard: 'hasWords', actions: 'exportAnki' },
      },
      states: {
        idle: {
          description: 'Nothing is being written.',
        },
        refreshing: {
          description: 'Words changed (here or in another tab); they are read again while the list stays as it was.',
          invoke: {
            id: LOAD_WORDS_ID,
            src: 'loadWords',
            onDone: { target: 'idle', actions: 'showContents' },
            onError: { target: 'idle', actions: 'recordProblem' },
          },
        },
        writing: {
          description: 'A saved, restored or imported word is being written; it already shows in the list.',
          invoke: {
            id: PUT_WORDS_ID,
            src: 'putWords',
            input: ({ context }) => ({ words: context.pending }),
            onDone: { target: 'idle', actions: 'clearPending' },
            onError: { target: 'refreshing', actions: ['recordProblem', 'clearPending'] },
          },
        },
        deleting: {
          description: 'A word is being deleted; it is gone from the list and "Deleted … Undo" shows.',
          invoke: {
            id: REMOVE_WORD_ID,
            src: 'removeWord',
            input: ({ context }) => ({ id: context.lastDeleted?.id ?? '' }),
            onDone: { target: 'idle' },
            onError: { target: 'refreshing', actions: 'recordProblem' },
          },
        },
        // Transient: a refused file or one with nothing new writes nothing.
        importing: {
          description: 'Never seen: decides whether the imported file has new words to write.',
          always: [{ guard: 'hasPending', target: 'writing' }, { target: 'idle' }],
        },
      },
    },
  },
});
