/**
 * The progress page (/{lang}/progress): loading -> ready (the figures) / failed (no storage in
 * this browser: said why). GOAL_SET keeps the daily goal (saving, then ready); another tab's change
 * reads the data again. EXPORT_BACKUP downloads one file of everything; IMPORT_BACKUP checks a file
 * whole and either restores it (restoring, then loading) or lists its problems and applies nothing.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { DEFAULT_GOAL, type DailyGoal } from '../domain/progress';
import { parseBackup, type Backup, type BackupProblem } from '../domain/backup';
import type { WordStoreProblem } from '../domain/saved-words';
import { WordStoreError, type LearnerContents } from '../platform/word-store';

export interface ProgressContext {
  contents: LearnerContents | null;
  goal: DailyGoal;
  problem: WordStoreProblem | null;
  /** What the last import did, until the next one. */
  imported: { readonly kind: 'restored' } | { readonly kind: 'refused'; readonly problems: readonly BackupProblem[] } | null;
  /** The checked backup being restored. */
  pending: Backup | null;
}

export type ProgressEvent =
  | { type: 'GOAL_SET'; goal: DailyGoal }
  | { type: 'EXPORT_BACKUP' }
  | { type: 'IMPORT_BACKUP'; text: string }
  | { type: 'EXTERNAL_CHANGE' }
  | { type: 'RETRY' };

export const LOAD_PROGRESS_ID = 'loadProgress';
export const SAVE_GOAL_ID = 'saveGoal';
export const RESTORE_BACKUP_ID = 'restoreBackup';

const problemOf = (error: unknown): WordStoreProblem => (error instanceof WordStoreError ? error.problem : 'failed');

export const progressMachine = setup({
  types: { context: {} as ProgressContext, events: {} as ProgressEvent },
  actors: {
    // Replaced by the app with the IndexedDB store; failing defaults keep a forgotten wiring visible.
    loadProgress: fromPromise<LearnerContents>(async () => {
      throw new WordStoreError('unavailable', 'loadProgress is not provided');
    }),
    saveGoal: fromPromise<void, DailyGoal>(async () => {
      throw new WordStoreError('unavailable', 'saveGoal is not provided');
    }),
    restoreBackup: fromPromise<void, Backup>(async () => {
      throw new WordStoreError('unavailable', 'restoreBackup is not provided');
    }),
    storeChanges: fromCallback(() => () => {}),
  },
  actions: {
    show: assign(({ event }) => {
      const contents = (event as unknown as { output: LearnerContents }).output;
      return { contents, goal: contents.goal ?? DEFAULT_GOAL, problem: null };
    }),
    recordProblem: assign({ problem: ({ event }) => problemOf((event as { error?: unknown }).error) }),
    setGoal: assign({ goal: ({ context, event }) => (event.type === 'GOAL_SET' ? event.goal : context.goal) }),
    checkBackup: assign(({ event }) => {
      if (event.type !== 'IMPORT_BACKUP') return {};
      const parsed = parseBackup(event.text);
      return 'backup' in parsed
        ? { pending: parsed.backup, imported: null }
        : { pending: null, imported: { kind: 'refused', problems: parsed.problems } as const };
    }),
    // Replaced by the app: the file download of everything kept.
    exportBackup: () => {},
  },
  guards: {
    hasBackup: ({ context }) => context.pending !== null,
  },
}).createMachine({
  id: 'progress',
  context: { contents: null, goal: DEFAULT_GOAL, problem: null, imported: null, pending: null },
  invoke: { src: 'storeChanges' },
  initial: 'loading',
  states: {
    loading: {
      description: "The learner's data is being read from this browser; the page says so.",
      invoke: {
        id: LOAD_PROGRESS_ID,
        src: 'loadProgress',
        onDone: { target: 'ready', actions: 'show' },
        onError: { target: 'failed', actions: 'recordProblem' },
      },
    },
    ready: {
      description:
        'Words known and the estimated vocabulary, a chart (and table) of words marked per day over 30 days, articles finished, the streak and the daily goal.',
      on: {
        GOAL_SET: { target: 'saving', actions: 'setGoal' },
        EXTERNAL_CHANGE: 'loading',
        EXPORT_BACKUP: { actions: 'exportBackup' },
        IMPORT_BACKUP: { target: 'checking', actions: 'checkBackup' },
      },
    },
    // Transient: a file with any problem applies nothing.
    checking: {
      description: 'Never seen: restores a backup that passed every check, or shows its problems.',
      always: [{ guard: 'hasBackup', target: 'restoring' }, { target: 'ready' }],
    },
    restoring: {
      description: 'The backup is being restored in one step; the page says so.',
      invoke: {
        id: RESTORE_BACKUP_ID,
        src: 'restoreBackup',
        input: ({ context }) => context.pending!,
        onDone: { target: 'loading', actions: assign({ pending: null, imported: { kind: 'restored' } }) },
        onError: { target: 'ready', actions: ['recordProblem', assign({ pending: null })] },
      },
    },
    saving: {
      description: 'The new goal shows at once and is being kept.',
      invoke: {
        id: SAVE_GOAL_ID,
        src: 'saveGoal',
        input: ({ context }) => context.goal,
        onDone: { target: 'ready' },
        onError: { target: 'ready', actions: 'recordProblem' },
      },
    },
    failed: {
      description: 'Progress cannot be shown (no storage in this browser, or a newer site wrote it): the page says why, with Try again.',
      on: { RETRY: 'loading', EXTERNAL_CHANGE: 'loading' },
    },
  },
});
