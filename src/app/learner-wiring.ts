/**
 * The word-status and lemma-inventory machines with their real services: the IndexedDB store
 * (statusStore() of word-store-factory.ts, imported on first use) and the lemma API client.
 */
import { fromPromise } from 'xstate';
import { yieldToMain } from '../platform/main-thread';
import { storeChanges } from './store-changes';
import type { LemmaApi } from '../api/lemma-client';
import { lemmaInventoryMachine, type InventoryAnswer, type InventoryRequest } from '../machines/lemma-inventory-machine';
import { wordStatusMachine, type StatusJob } from '../machines/word-status-machine';
import { decodeStatusJobs } from '../domain/word-status-writes';
import { pendingWritesIn, type PendingWrites } from '../platform/pending-writes';
import { pendingWritesActor } from './pending-writes-actor';

export const PENDING_STATUS_WRITES_KEY = 'newsreader-pending-status-writes';
import type { LearnerContents, StatusStore } from '../platform/word-store';
import { placementMachine } from '../machines/placement-machine';
import { progressMachine } from '../machines/progress-machine';
import type { DailyGoal } from '../domain/progress';
import { exportBackup, type Backup } from '../domain/backup';
import { localDayStamp } from '../domain/local-dates';
import { downloadText } from '../platform/file-transfer';
import { placementAsKnown } from '../domain/word-status';
import type { PlacementLevel } from '../../common/placement-levels';
import type { RankStatuses } from '../domain/rank-statuses';

/** Where the coverage runtime lets the cards' decode read the record its word-status actor holds (set once that actor runs). */
export class HeldRankStatuses {
  private read: () => RankStatuses | null = () => null;
  readFrom(read: () => RankStatuses | null): void {
    this.read = read;
  }
  current(): RankStatuses | null {
    return this.read();
  }
}

function stored(byRank: RankStatuses | null): RankStatuses | null {
  return byRank !== null && byRank.list === undefined ? byRank : null;
}

export function wiredWordStatus(
  getStore: () => Promise<StatusStore>,
  pendingWrites: PendingWrites<StatusJob> = pendingWritesIn(PENDING_STATUS_WRITES_KEY, decodeStatusJobs),
) {
  return wordStatusMachine.provide({
    actions: {
      // Kept for the next cold page; a failure (full storage) only means that page downloads the list again.
      keepRankStatuses: ({ event }) => {
        if (event.type !== 'RANK_STATUSES_BUILT') return;
        void getStore()
          .then((store) => store.keepRankStatuses(event.byRank, event.revision))
          .catch(() => {});
      },
    },
    actors: {
      loadLearner: fromPromise<LearnerContents>(async () => (await getStore()).loadLearner()),
      writeStatuses: fromPromise<void, StatusJob>(async ({ input }) => {
        const store = await getStore();
        if (input.kind === 'put') await store.putStatuses(input.records);
        else if (input.kind === 'removeBatch') await store.removeBatch(input.batch);
        else await store.markFinished(input.article);
      }),
      storeChanges: storeChanges(getStore),
      pendingWrites: pendingWritesActor(pendingWrites),
    },
  });
}

/**
 * `held`: the learner's statuses by rank the page holds (home and list: the word-status machine's
 * `byRank`), given to the cards' decode so it tallies each card for it (decision 57).
 */
export function wiredLemmaInventory(api: LemmaApi, held?: () => RankStatuses | null) {
  return lemmaInventoryMachine.provide({
    actors: {
      fetchInventories: fromPromise<InventoryAnswer, InventoryRequest>(async ({ input, signal }) => {
        // The request starts in a task of its own: the actor starts in a route's hydration commit, whose task the
        // request's start (at 4× CPU 9–17 ms in `fetch` alone on the article page) made a long one (issue 33).
        await yieldToMain();
        if (input.withForms && input.ids.length === 1) {
          const { inventory, forms } = await api.articleLemmas(input.ids[0]!, signal);
          return { inventories: [inventory], forms: Object.fromEntries(forms) };
        }
        // Only a stored record (no list to fill it from): one being filled may still change its bytes.
        const record = held === undefined ? undefined : () => stored(held());
        return { inventories: await api.inventories(input.ids, signal, record) };
      }),
    },
  });
}

/**
 * The placement with the lemma API (the level's words) and the store: in one transaction an
 * earlier placement's marks are taken back and the level's words marked known, never over a word
 * set by hand or saved.
 */
export function wiredPlacement(api: LemmaApi, getStore: () => Promise<StatusStore>, now: () => Date = () => new Date()) {
  return placementMachine.provide({
    actors: {
      fetchLevelWords: fromPromise<string[], { level: PlacementLevel }>(({ input, signal }) => api.levelWords(input.level, signal)),
      applyPlacement: fromPromise<number, { level: PlacementLevel; words: readonly string[] }>(async ({ input }) => {
        const store = await getStore();
        const { statuses, words } = await store.loadLearner();
        const at = now();
        const batch = `placement-${input.level}-${at.getTime()}`;
        const records = placementAsKnown(input.words, statuses, words, batch, at);
        await store.putStatuses(records, 'placement');
        return records.length;
      }),
    },
  });
}

/** The progress page with the store and the backup download. */
export function wiredProgress(getStore: () => Promise<StatusStore>, now: () => Date = () => new Date()) {
  return progressMachine.provide({
    actions: {
      exportBackup: ({ context }) => {
        const contents = context.contents;
        if (contents === null) return;
        const backup = { statuses: contents.statuses, words: contents.words, finished: contents.finished, goal: context.goal };
        downloadText(`newsreader-backup-${localDayStamp(now())}.json`, exportBackup(backup, now()), 'application/json;charset=utf-8');
      },
    },
    actors: {
      restoreBackup: fromPromise<void, Backup>(async ({ input }) => (await getStore()).restore(input)),
      loadProgress: fromPromise<LearnerContents>(async () => (await getStore()).loadLearner()),
      saveGoal: fromPromise<void, DailyGoal>(async ({ input }) => (await getStore()).setGoal(input)),
      storeChanges: storeChanges(getStore),
    },
  });
}
