/**
 * The learner's saved words, in this browser: loading -> ready (words, search, deleted words for Undo) / failed (no
 * IndexedDB, a newer version's database). Writes queue and run one at a time, never interrupted; a Save while loading
 * waits. Another tab's change during a write, a failed write or a word saved elsewhere first: read again once idle.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { importCsv, importRefusal, wordsToMerge, type ImportOutcome } from '../domain/word-export';
import { newestFirst, type SavedWord, type WordStoreProblem } from '../domain/saved-words';
import { withJobs, type WriteJob } from '../domain/saved-word-writes';
import type { PendingWritesInput as PendingWritesInputOf, ResumeWrites } from '../domain/write-queue';
import { isSaved } from './saved-words-selectors';
import { wordToSave, type SaveContext, type SaveSource } from '../domain/word-to-save';
import { WordStoreError, type WordStoreContents } from '../platform/word-store';

export type { ImportOutcome, WriteJob };

export interface SavedWordsContext {
  /** Newest first, with the queued writes already applied. */
  words: SavedWord[];
  query: string;
  /** The words deleted here, the last one first to come back with Undo. */
  deleted: SavedWord[];
  /** Records kept aside because they could not be read. */
  setAside: number;
  problem: WordStoreProblem | null;
  /** What the last import did, until the next one. */
  imported: ImportOutcome | null;
  jobs: WriteJob[];
  /** The store may hold other words than the list: read it again once the queue is empty. */
  stale: boolean;
  /** The learner tried to save a word: the article page names the problem from then on. */
  saveTried: boolean;
  now: () => Date;
}

export type SavedWordsInput = { now?: () => Date };

/** Where a word is saved from: the article and the page language. */
export type SaveArticle = Omit<SaveContext, 'now'>;

export type SavedWordsEvent =
  | { type: 'SAVE'; source: SaveSource; article: SaveArticle }
  | { type: 'DELETE'; id: string }
  | { type: 'UNDO' }
  | { type: 'SEARCH'; query: string }
  | { type: 'EXTERNAL_CHANGE' }
  | { type: 'IMPORT'; text: string }
  | { type: 'EXPORT_CSV' }
  | { type: 'EXPORT_ANKI' }
  | { type: 'RETRY' }
  | ResumeWrites<WriteJob>;

export type PendingWritesInput = PendingWritesInputOf<WriteJob>;

export interface AddWordsInput {
  readonly words: readonly SavedWord[];
  readonly lookUp: boolean;
}

export const LOAD_WORDS_ID = 'loadWords';
export const ADD_WORDS_ID = 'addWords';
export const REMOVE_WORD_ID = 'removeWord';

const problemOf = (error: unknown): WordStoreProblem => (error instanceof WordStoreError ? error.problem : 'failed');

const outputOf = <T>(event: unknown): T => (event as { output: T }).output;
const machineSetup = setup({
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
    /** Adds the words not stored yet (addIfAbsent), with lookUp first in their dictionary form; outputs the ids added. */
    addWords: fromPromise<string[], AddWordsInput>(async () => {
      throw new WordStoreError('unavailable', 'addWords is not provided');
    }),
    removeWord: fromPromise<void, { id: string }>(async () => {
      throw new WordStoreError('unavailable', 'removeWord is not provided');
    }),
    storeChanges: fromCallback(() => () => {}),
    /** Replaced by the app: sends RESUME_WRITES with an earlier page's unfinished writes, and keeps this page's when it is left. */
    pendingWrites: fromCallback<ResumeWrites<WriteJob>, PendingWritesInput>(() => () => {}),
  },
  actions: {
    showContents: assign(({ context, event }) => {
      const { words, setAside } = outputOf<WordStoreContents>(event);
      return { words: withJobs(words, context.jobs), setAside };
    }),
    recordProblem: assign({ problem: ({ event }) => problemOf((event as { error?: unknown }).error) }),
    setQuery: assign({ query: ({ event }) => (event.type === 'SEARCH' ? event.query : '') }),
    queueSave: assign(({ context, event }) => {
      if (event.type !== 'SAVE') return {};
      const word = wordToSave(event.source, { ...event.article, now: context.now() });
      const job: WriteJob = { kind: 'add', words: [word], imported: false, lookUp: event.source.formOnly === true };
      return { jobs: [...context.jobs, job], words: withJobs(context.words, [job]), problem: null, saveTried: true };
    }),
    noteSaveTried: assign({ saveTried: true }),
    queueResumed: assign(({ context, event }) => {
      if (event.type !== 'RESUME_WRITES' || event.jobs.length === 0) return {};
      return { jobs: [...context.jobs, ...event.jobs], words: withJobs(context.words, event.jobs) };
    }),
    queueDelete: assign(({ context, event }) => {
      if (event.type !== 'DELETE') return {};
      const found = context.words.find((word) => word.id === event.id) ?? null;
      const job: WriteJob = { kind: 'remove', id: event.id };
      const deleted = found === null ? context.deleted : [...context.deleted, found];
      return { jobs: [...context.jobs, job], words: withJobs(context.words, [job]), deleted, problem: null };
    }),
    queueUndo: assign(({ context }) => {
      const last = context.deleted.at(-1);
      if (last === undefined) return {};
      const job: WriteJob = { kind: 'add', words: [last], imported: false };
      return { jobs: [...context.jobs, job], words: withJobs(context.words, [job]), deleted: context.deleted.slice(0, -1), problem: null };
    }),
    queueImport: assign(({ context, event }) => {
      if (event.type !== 'IMPORT') return {};
      let fresh: SavedWord[];
      try {
        fresh = wordsToMerge(context.words, importCsv(event.text, context.now()));
      } catch (error) {
        return { imported: importRefusal(error) };
      }
      const imported: ImportOutcome = { kind: 'added', count: fresh.length };
      if (fresh.length === 0) return { imported, problem: null };
      const job: WriteJob = { kind: 'add', words: fresh, imported: true };
      return { jobs: [...context.jobs, job], words: withJobs(context.words, [job]), imported, problem: null };
    }),
    /** The running job is done: an import says how many words the store really took. */
    finishAdd: assign(({ context, event }) => {
      const [job, ...rest] = context.jobs;
      const added = outputOf<string[]>(event);
      if (job?.kind !== 'add') return { jobs: rest };
      // Fewer, or other ids (a looked-up dictionary form): the list is read again.
      const missed = added.length < job.words.length || added.some((id) => !job.words.some((word) => word.id === id));
      return {
        jobs: rest,
        stale: context.stale || missed,
        imported: job.imported ? ({ kind: 'added', count: added.length } as const) : context.imported,
      };
    }),
    dropJob: assign({ jobs: ({ context }) => context.jobs.slice(1) }),
    /** The running job failed: the list shows the words as stored again, and a failed delete can no longer be undone. */
    revertJob: assign(({ context }) => {
      const [job, ...jobs] = context.jobs;
      if (job?.kind === 'add') return { jobs, words: context.words.filter((word) => !job.words.some((added) => added.id === word.id)) };
      const deleted = context.deleted.find((word) => word.id === job?.id);
      if (deleted === undefined) return { jobs };
      return { jobs, words: newestFirst([deleted, ...context.words]), deleted: context.deleted.filter((word) => word !== deleted) };
    }),
    markStale: assign({ stale: true }),
    clearStale: assign({ stale: false }),
    dropJobs: assign({ jobs: [] }),
    // Replaced by the app: the file download.
    exportCsv: () => {},
    exportAnki: () => {},
  },
  guards: {
    isNew: ({ context, event }) => event.type === 'SAVE' && !isSaved(context, event.source.lemma),
    isListed: ({ context, event }) => event.type === 'DELETE' && context.words.some((word) => word.id === event.id),
    canUndo: ({ context }) => context.deleted.length > 0,
    nextAdds: ({ context }) => context.jobs[0]?.kind === 'add',
    nextRemoves: ({ context }) => context.jobs[0]?.kind === 'remove',
    isStale: ({ context }) => context.stale,
    hasWords: ({ context }) => context.words.length > 0,
  },
});

// While a write runs, the learner's next writes wait in the queue instead of cutting it short.
const QUEUE_WHILE_BUSY = {
  SAVE: { guard: 'isNew', actions: 'queueSave' },
  DELETE: { guard: 'isListed', actions: 'queueDelete' },
  UNDO: { guard: 'canUndo', actions: 'queueUndo' },
  IMPORT: { actions: 'queueImport' },
  RESUME_WRITES: { actions: 'queueResumed' },
} as const;

export const savedWordsMachine = machineSetup.createMachine({
  id: 'savedWords',
  context: ({ input }) => ({
    words: [],
    query: '',
    deleted: [],
    setAside: 0,
    problem: null,
    imported: null,
    jobs: [],
    stale: false,
    saveTried: false,
    now: input.now ?? (() => new Date()),
  }),
  invoke: [
    { src: 'storeChanges' },
    { src: 'pendingWrites', input: ({ self }): PendingWritesInput => ({ pendingJobs: () => self.getSnapshot().context.jobs }) },
  ],
  initial: 'loading',
  states: {
    loading: {
      description: 'The saved words are being read from this browser; the page says so. A Save waits for them.',
      entry: 'clearStale',
      on: {
        SAVE: { guard: 'isNew', actions: 'queueSave' },
        RESUME_WRITES: { actions: 'queueResumed' },
        EXTERNAL_CHANGE: { actions: 'markStale' },
      },
      invoke: {
        id: LOAD_WORDS_ID,
        src: 'loadWords',
        onDone: { target: 'ready', actions: ['showContents', assign({ problem: null })] },
        onError: { target: 'failed', actions: ['recordProblem', 'dropJobs'] },
      },
    },
    failed: {
      description:
        'The saved words cannot be used (written by a newer version of the site, or no storage in this browser): a clear message, and the rest of the site works.',
      on: { RETRY: 'loading', EXTERNAL_CHANGE: 'loading', SAVE: { actions: 'noteSaveTried' } },
    },
    ready: {
      description: 'The words, newest first, filtered by the search; words already saved show as Saved.',
      initial: 'next',
      on: {
        SEARCH: { actions: 'setQuery' },
        EXTERNAL_CHANGE: { actions: 'markStale' },
        SAVE: { guard: 'isNew', target: '.next', actions: 'queueSave' },
        DELETE: { guard: 'isListed', target: '.next', actions: 'queueDelete' },
        UNDO: { guard: 'canUndo', target: '.next', actions: 'queueUndo' },
        IMPORT: { target: '.next', actions: 'queueImport' },
        RESUME_WRITES: { target: '.next', actions: 'queueResumed' },
        EXPORT_CSV: { guard: 'hasWords', actions: 'exportCsv' },
        EXPORT_ANKI: { guard: 'hasWords', actions: 'exportAnki' },
      },
      states: {
        // Transient: the one place that starts a write, so a running one is never cut short.
        next: {
          description: 'Never seen: runs the next queued write, or reads the words again if they may differ, or rests.',
          always: [
            { guard: 'nextAdds', target: 'writing' },
            { guard: 'nextRemoves', target: 'deleting' },
            { guard: 'isStale', target: 'refreshing' },
            { target: 'idle' },
          ],
        },
        idle: {
          description: 'Nothing is being written or read.',
          on: { EXTERNAL_CHANGE: 'refreshing' },
        },
        refreshing: {
          description: 'Words changed (here or in another tab); they are read again while the list stays as it was.',
          entry: 'clearStale',
          // A write does not wait for a read: the read is dropped and done again after it.
          on: {
            SAVE: { guard: 'isNew', target: 'next', actions: ['queueSave', 'markStale'] },
            DELETE: { guard: 'isListed', target: 'next', actions: ['queueDelete', 'markStale'] },
            UNDO: { guard: 'canUndo', target: 'next', actions: ['queueUndo', 'markStale'] },
            IMPORT: { target: 'next', actions: ['queueImport', 'markStale'] },
            RESUME_WRITES: { target: 'next', actions: ['queueResumed', 'markStale'] },
          },
          invoke: {
            id: LOAD_WORDS_ID,
            src: 'loadWords',
            onDone: { target: 'next', actions: 'showContents' },
            onError: { target: 'next', actions: 'recordProblem' },
          },
        },
        writing: {
          description: 'Saved, restored or imported words are being written; they already show in the list.',
          on: QUEUE_WHILE_BUSY,
          invoke: {
            id: ADD_WORDS_ID,
            src: 'addWords',
            input: ({ context }): AddWordsInput => {
              const job = context.jobs[0];
              return job?.kind === 'add' ? { words: job.words, lookUp: job.lookUp === true } : { words: [], lookUp: false };
            },
            onDone: { target: 'next', actions: 'finishAdd' },
            onError: { target: 'next', actions: ['recordProblem', 'revertJob', 'markStale'] },
          },
        },
        deleting: {
          description: 'A word is being deleted; it is gone from the list and "Deleted … Undo" shows.',
          on: QUEUE_WHILE_BUSY,
          invoke: {
            id: REMOVE_WORD_ID,
            src: 'removeWord',
            input: ({ context }) => ({ id: context.jobs[0]?.kind === 'remove' ? context.jobs[0].id : '' }),
            onDone: { target: 'next', actions: 'dropJob' },
            onError: { target: 'next', actions: ['recordProblem', 'revertJob', 'markStale'] },
          },
        },
      },
    },
  },
});
