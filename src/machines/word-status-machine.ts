/**
 * The learner's word statuses in this browser (docs/learner-model.md): loading -> ready / failed (no IndexedDB, a newer
 * site's database). Marks (Known, Ignore, New from the word entry; "I know the rest" at the end of an article) show at
 * once and are written one at a time in a queue; "I know the rest" can be undone for UNDO_WINDOW_MS. Another tab's
 * change reads the store again. The marking switch (new and learning words marked in the body) lives here too, and the
 * learner's statuses by rank (decision 34): read with the statuses, dropped while a write is pending, and kept again
 * (RANK_STATUSES_BUILT) only for the revision the statuses were read at.
 */
import { assign, fromCallback, fromPromise, raise, setup } from 'xstate';
import type { CoverageBand } from '../domain/coverage';
import type { SavedWord, WordStoreProblem } from '../domain/saved-words';
import { handRecord, restAsKnown, statusMap, withRecords, type StatusRecord, type WordStatus } from '../domain/word-status';
import type { RankStatuses } from '../domain/rank-statuses';
import type { StatusJob } from '../domain/word-status-writes';
import type { PendingWritesInput, ResumeWrites } from '../domain/write-queue';
import { WordStoreError, type FinishedArticle, type LearnerContents } from '../platform/word-store';

/** How long "I know the rest" can be undone. */
export const UNDO_WINDOW_MS = 120_000;

export type { StatusJob };

export interface RestUndo {
  readonly batch: string;
  readonly articleId: string;
  /** How many words "I know the rest" marked known. */
  readonly count: number;
}

export interface WordStatusContext {
  records: StatusRecord[];
  saved: SavedWord[];
  finished: FinishedArticle[];
  /** Every status by lemma, from records and saved words (derived; kept for the views' selectors). */
  statuses: ReadonlyMap<string, WordStatus>;
  /** The statuses by rank in the cards' frequency list, when stored for exactly these statuses (no write pending). */
  byRank: RankStatuses | null;
  /** The list the last statuses by rank were kept for (current or not), so a page can make them again after a change. */
  rankCheck: string | null;
  /** The store's revision the statuses were read at (null until read, from a store without one, or once a mark is queued: until read again). */
  revision: number | null;
  jobs: StatusJob[];
  stale: boolean;
  problem: WordStoreProblem | null;
  undo: RestUndo | null;
  /** New and learning words marked in the article body. */
  marking: boolean;
  /** The list's order: newest first, or the best fit for this learner first. */
  order: FitOrder;
  /** The list's fit filter: every card, or only those of one coverage band. */
  fitShown: FitShown;
  now: () => Date;
}

export type FitOrder = 'newest' | 'fit';
export type FitShown = 'all' | CoverageBand;

export type WordStatusInput = { now?: () => Date; marking?: boolean };

export type WordStatusEvent =
  | { type: 'STATUS_SET'; lemma: string; status: WordStatus }
  | { type: 'REST_KNOWN'; articleId: string; lemmas: readonly string[] }
  | { type: 'REST_UNDONE' }
  | { type: 'UNDO_EXPIRED'; batch: string }
  | { type: 'MARKING_TOGGLED' }
  | { type: 'ORDER_CHANGED'; order: FitOrder }
  | { type: 'FIT_SHOWN_CHANGED'; shown: FitShown }
  | { type: 'EXTERNAL_CHANGE' }
  | { type: 'RANK_STATUSES_BUILT'; byRank: RankStatuses; revision: number }
  | { type: 'RETRY' }
  | ResumeWrites<StatusJob>;

export const LOAD_LEARNER_ID = 'loadLearner';
export const WRITE_STATUSES_ID = 'writeStatuses';

const problemOf = (error: unknown): WordStoreProblem => (error instanceof WordStoreError ? error.problem : 'failed');

function pending(jobs: readonly StatusJob[]): { put: StatusRecord[]; removed: string[] } {
  const put: StatusRecord[] = [];
  const removed: string[] = [];
  for (const job of jobs) {
    if (job.kind === 'put') put.push(...job.records);
    if (job.kind === 'removeBatch') removed.push(job.batch);
  }
  return { put, removed };
}

/** The context after the store's contents (or the queue) changed: records with pending writes, and the status map. */
function seen(
  records: readonly StatusRecord[],
  saved: readonly SavedWord[],
  jobs: readonly StatusJob[],
  byRank: RankStatuses | null = null,
) {
  const { put, removed } = pending(jobs);
  const shown = withRecords(records, put, removed);
  // Statuses by rank are made from the stored statuses: with a write pending they are not these.
  // Nor is there a revision they were read at until the store is read again.
  return { records: shown, statuses: statusMap(shown, saved), ...(jobs.length === 0 ? { byRank } : { byRank: null, revision: null }) };
}

export const wordStatusMachine = setup({
  types: {
    context: {} as WordStatusContext,
    events: {} as WordStatusEvent,
    input: {} as WordStatusInput,
  },
  actors: {
    // Replaced by the app with the IndexedDB store; failing defaults keep a forgotten wiring visible.
    loadLearner: fromPromise<LearnerContents>(async () => {
      throw new WordStoreError('unavailable', 'loadLearner is not provided');
    }),
    writeStatuses: fromPromise<void, StatusJob>(async () => {
      throw new WordStoreError('unavailable', 'writeStatuses is not provided');
    }),
    storeChanges: fromCallback(() => () => {}),
    /** Replaced by the app: RESUME_WRITES with an earlier page's unfinished marks; keeps this page's when it is left. */
    pendingWrites: fromCallback<ResumeWrites<StatusJob>, PendingWritesInput<StatusJob>>(() => () => {}),
  },
  delays: { UNDO_WINDOW: UNDO_WINDOW_MS },
  actions: {
    showContents: assign(({ context, event }) => {
      const { words, statuses, finished, byRank, revision, rankCheck } = (event as unknown as { output: LearnerContents }).output;
      return {
        saved: [...words],
        finished: [...finished],
        revision: revision ?? null,
        rankCheck: rankCheck ?? null,
        ...seen(statuses, words, context.jobs, byRank),
      };
    }),
    showRankStatuses: assign(({ context, event }) =>
      event.type === 'RANK_STATUSES_BUILT' ? { byRank: event.byRank, rankCheck: event.byRank.check } : { byRank: context.byRank },
    ),
    // Replaced by the app with the store's keepRankStatuses (it keeps them only if nothing was written since).
    keepRankStatuses: () => {},
    recordProblem: assign({ problem: ({ event }) => problemOf((event as { error?: unknown }).error) }),
    queueStatus: assign(({ context, event }) => {
      if (event.type !== 'STATUS_SET') return {};
      const job: StatusJob = { kind: 'put', records: [handRecord(event.lemma, event.status, context.now())] };
      const jobs = [...context.jobs, job];
      return { jobs, ...seen(context.records, context.saved, jobs) };
    }),
    queueRest: assign(({ context, event }) => {
      if (event.type !== 'REST_KNOWN') return {};
      const now = context.now();
      const batch = `rest-${event.articleId}-${now.getTime()}`;
      const records = restAsKnown(event.lemmas, context.records, context.saved, batch, now);
      const finish: StatusJob = { kind: 'finish', article: { articleId: event.articleId, at: now.toISOString() } };
      const jobs: StatusJob[] = [...context.jobs, ...(records.length > 0 ? [{ kind: 'put', records } as const] : []), finish];
      const finished = context.finished.some((each) => each.articleId === event.articleId)
        ? context.finished
        : [...context.finished, finish.article];
      return {
        jobs,
        finished,
        undo: { batch, articleId: event.articleId, count: records.length },
        ...seen(context.records, context.saved, jobs),
      };
    }),
    scheduleUndoExpiry: raise(({ context }) => ({ type: 'UNDO_EXPIRED' as const, batch: context.undo?.batch ?? '' }), {
      delay: 'UNDO_WINDOW',
      id: 'undoExpiry',
    }),
    queueUndo: assign(({ context }) => {
      if (context.undo === null) return {};
      const jobs: StatusJob[] = [...context.jobs, { kind: 'removeBatch', batch: context.undo.batch }];
      return { jobs, undo: null, ...seen(context.records, context.saved, jobs) };
    }),
    expireUndo: assign({
      undo: ({ context, event }) => (event.type === 'UNDO_EXPIRED' && context.undo?.batch === event.batch ? null : context.undo),
    }),
    toggleMarking: assign({ marking: ({ context }) => !context.marking }),
    setOrder: assign({ order: ({ context, event }) => (event.type === 'ORDER_CHANGED' ? event.order : context.order) }),
    setFitShown: assign({ fitShown: ({ context, event }) => (event.type === 'FIT_SHOWN_CHANGED' ? event.shown : context.fitShown) }),
    queueResumed: assign(({ context, event }) => {
      if (event.type !== 'RESUME_WRITES' || event.jobs.length === 0) return {};
      const jobs = [...context.jobs, ...event.jobs];
      return { jobs, ...seen(context.records, context.saved, jobs) };
    }),
    dropJob: assign({ jobs: ({ context }) => context.jobs.slice(1) }),
    /** A write failed: the marks show as stored again, read from the store. */
    dropJobs: assign({ jobs: [] }),
    markStale: assign({ stale: true }),
    clearStale: assign({ stale: false }),
  },
  guards: {
    hasJobs: ({ context }) => context.jobs.length > 0,
    isStale: ({ context }) => context.stale,
    canUndo: ({ context }) => context.undo !== null,
    /** Made from the statuses shown now: the revision they were read at, and no write pending. */
    isCurrentRank: ({ context, event }) =>
      event.type === 'RANK_STATUSES_BUILT' && context.revision !== null && event.revision === context.revision && context.jobs.length === 0,
  },
}).createMachine({
  id: 'wordStatus',
  context: ({ input }) => ({
    records: [],
    saved: [],
    finished: [],
    statuses: new Map(),
    byRank: null,
    rankCheck: null,
    revision: null,
    jobs: [],
    stale: false,
    problem: null,
    undo: null,
    marking: input.marking ?? true,
    order: 'newest',
    fitShown: 'all',
    now: input.now ?? (() => new Date()),
  }),
  invoke: [
    { src: 'storeChanges' },
    { src: 'pendingWrites', input: ({ self }) => ({ pendingJobs: () => self.getSnapshot().context.jobs }) },
  ],
  on: {
    MARKING_TOGGLED: { actions: 'toggleMarking' },
    ORDER_CHANGED: { actions: 'setOrder' },
    FIT_SHOWN_CHANGED: { actions: 'setFitShown' },
  },
  initial: 'loading',
  states: {
    loading: {
      description: "The learner's word statuses are being read from this browser; no coverage or marks show yet.",
      entry: 'clearStale',
      on: { EXTERNAL_CHANGE: { actions: 'markStale' }, RESUME_WRITES: { actions: 'queueResumed' } },
      invoke: {
        id: LOAD_LEARNER_ID,
        src: 'loadLearner',
        onDone: { target: 'ready', actions: ['showContents', assign({ problem: null })] },
        onError: { target: 'failed', actions: 'recordProblem' },
      },
    },
    failed: {
      description:
        'Statuses cannot be used (no storage in this browser, or a newer site wrote it): the page says why in its language, shows no coverage, and works otherwise.',
      on: { RETRY: 'loading', EXTERNAL_CHANGE: 'loading' },
    },
    ready: {
      description: 'Statuses are known: coverage, the entry status and the body marks show them.',
      initial: 'next',
      on: {
        STATUS_SET: { target: '.next', actions: 'queueStatus' },
        REST_KNOWN: { target: '.next', actions: ['queueRest', 'scheduleUndoExpiry'] },
        REST_UNDONE: { guard: 'canUndo', target: '.next', actions: 'queueUndo' },
        RESUME_WRITES: { target: '.next', actions: 'queueResumed' },
        UNDO_EXPIRED: { actions: 'expireUndo' },
        EXTERNAL_CHANGE: { actions: 'markStale' },
        RANK_STATUSES_BUILT: { guard: 'isCurrentRank', actions: ['showRankStatuses', 'keepRankStatuses'] },
      },
      states: {
        // Transient: the one place that starts a write, so a running one is never cut short.
        next: {
          description: 'Never seen: runs the next queued write, or reads the store again if it may differ, or rests.',
          always: [{ guard: 'hasJobs', target: 'writing' }, { guard: 'isStale', target: 'refreshing' }, { target: 'idle' }],
        },
        idle: {
          description: 'Nothing is being written or read.',
          on: { EXTERNAL_CHANGE: 'refreshing' },
        },
        refreshing: {
          description: 'Statuses changed (here or in another tab); they are read again while the page shows the ones it had.',
          entry: 'clearStale',
          // A mark does not wait for a read: the read is dropped and done again after the write.
          on: {
            STATUS_SET: { target: 'next', actions: ['queueStatus', 'markStale'] },
            REST_KNOWN: { target: 'next', actions: ['queueRest', 'scheduleUndoExpiry', 'markStale'] },
            REST_UNDONE: { guard: 'canUndo', target: 'next', actions: ['queueUndo', 'markStale'] },
            RESUME_WRITES: { target: 'next', actions: ['queueResumed', 'markStale'] },
          },
          invoke: {
            id: LOAD_LEARNER_ID,
            src: 'loadLearner',
            onDone: { target: 'next', actions: 'showContents' },
            onError: { target: 'next', actions: 'recordProblem' },
          },
        },
        writing: {
          description: 'A mark is being written; it already shows. Further marks wait their turn.',
          // Queued, never cutting the running write short.
          on: {
            STATUS_SET: { actions: 'queueStatus' },
            REST_KNOWN: { actions: ['queueRest', 'scheduleUndoExpiry'] },
            REST_UNDONE: { guard: 'canUndo', actions: 'queueUndo' },
            RESUME_WRITES: { actions: 'queueResumed' },
          },
          invoke: {
            id: WRITE_STATUSES_ID,
            src: 'writeStatuses',
            input: ({ context }) => context.jobs[0]!,
            onDone: { target: 'next', actions: 'dropJob' },
            onError: { target: 'next', actions: ['recordProblem', 'dropJobs', 'markStale'] },
          },
        },
      },
    },
  },
});
