import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { UNDO_WINDOW_MS, wordStatusMachine, type StatusJob } from '../../../src/machines/word-status-machine';
import { WordStoreError, type LearnerContents } from '../../../src/platform/word-store';
import { statusOf } from '../../../src/domain/word-status';
import type { RankStatuses } from '../../../src/domain/rank-statuses';

const EMPTY: LearnerContents = { words: [], setAside: 0, statuses: [], finished: [] };

function machine(
  options: { load?: () => Promise<LearnerContents>; write?: (job: StatusJob) => Promise<void>; keep?: (byRank: RankStatuses) => void } = {},
) {
  return wordStatusMachine.provide({
    actions: {
      keepRankStatuses: ({ event }) => {
        if (event.type === 'RANK_STATUSES_BUILT') options.keep?.(event.byRank);
      },
    },
    actors: {
      loadLearner: fromPromise(options.load ?? (async () => EMPTY)),
      writeStatuses: fromPromise<void, StatusJob>(({ input }) => (options.write ?? (async () => {}))(input)),
    },
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('word status machine', () => {
  it('shows a mark at once and writes marks made during a write afterwards, in order', async () => {
    const written: StatusJob[] = [];
    let release!: () => void;
    const first = new Promise<void>((resolve) => (release = resolve));
    const actor = createActor(machine({ write: (job) => (written.push(job), written.length === 1 ? first : Promise.resolve()) }), {
      input: {},
    }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'STATUS_SET', lemma: 'Harbour', status: 'known' });
    actor.send({ type: 'STATUS_SET', lemma: 'tide', status: 'ignored' });
    expect(statusOf(actor.getSnapshot().context.statuses, 'harbour')).toBe('known');
    expect(statusOf(actor.getSnapshot().context.statuses, 'tide')).toBe('ignored');
    expect(written).toHaveLength(1);
    release();
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    expect(written.map((job) => (job.kind === 'put' ? job.records[0]!.id : job.kind))).toEqual(['harbour', 'tide']);
  });

  it('offers Undo of "I know the rest" for UNDO_WINDOW_MS, then no more', async () => {
    vi.useFakeTimers();
    const actor = createActor(machine(), { input: {} }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'REST_KNOWN', articleId: 'a', lemmas: ['the', 'go'] });
    expect(actor.getSnapshot().context.undo).toMatchObject({ articleId: 'a', count: 2 });
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS - 1000);
    expect(actor.getSnapshot().context.undo).not.toBeNull();
    await vi.advanceTimersByTimeAsync(2000);
    expect(actor.getSnapshot().context.undo).toBeNull();
  });

  it('names why statuses are off when the store cannot be opened, and a failed write reads the store again', async () => {
    const off = createActor(machine({ load: () => Promise.reject(new WordStoreError('unavailable', 'no IndexedDB')) }), {
      input: {},
    }).start();
    await waitFor(off, (snapshot) => snapshot.matches('failed'));
    expect(off.getSnapshot().context.problem).toBe('unavailable');

    let loads = 0;
    const full = createActor(
      machine({
        load: async () => ((loads += 1), EMPTY),
        write: () => Promise.reject(new WordStoreError('quotaFull', 'full')),
      }),
      { input: {} },
    ).start();
    await waitFor(full, (snapshot) => snapshot.matches('ready'));
    full.send({ type: 'STATUS_SET', lemma: 'go', status: 'known' });
    await waitFor(full, (snapshot) => snapshot.matches({ ready: 'idle' }) && loads === 2);
    expect(full.getSnapshot().context.problem).toBe('quotaFull');
    expect(statusOf(full.getSnapshot().context.statuses, 'go')).toBe('new');
  });

  it('uses the stored statuses by rank only for the statuses they were made from, and keeps new ones only for the revision shown', async () => {
    const stored: RankStatuses = { check: '4-abc', codes: Uint8Array.from([2, 0, 0, 0]) };
    const kept: RankStatuses[] = [];
    let release!: () => void;
    const writing = new Promise<void>((resolve) => (release = resolve));
    const actor = createActor(
      machine({ load: async () => ({ ...EMPTY, revision: 7, byRank: stored }), write: () => writing, keep: (byRank) => kept.push(byRank) }),
      { input: {} },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.byRank).toBe(stored);
    // Built from an older read (another revision): neither shown nor kept.
    const built: RankStatuses = { check: '4-abc', codes: Uint8Array.from([2, 2, 0, 0]) };
    actor.send({ type: 'RANK_STATUSES_BUILT', byRank: built, revision: 6 });
    expect(kept).toEqual([]);
    actor.send({ type: 'RANK_STATUSES_BUILT', byRank: built, revision: 7 });
    expect(actor.getSnapshot().context.byRank).toBe(built);
    expect(kept).toEqual([built]);
    // A mark shown before it is stored: the statuses by rank are not these any more.
    actor.send({ type: 'STATUS_SET', lemma: 'be', status: 'known' });
    expect(actor.getSnapshot().context.byRank).toBeNull();
    expect(actor.getSnapshot().context.revision).toBeNull();
    actor.send({ type: 'RANK_STATUSES_BUILT', byRank: built, revision: 7 });
    expect(kept).toHaveLength(1);
    release();
  });
});

describe('marks an earlier page left unfinished', () => {
  it('are queued while the statuses load, show once read, and are written in order after the running write', async () => {
    const written: StatusJob[] = [];
    let load!: (contents: LearnerContents) => void;
    const actor = createActor(
      machine({ load: () => new Promise((resolve) => (load = resolve)), write: async (job) => void written.push(job) }),
      { input: {} },
    ).start();
    const at = '2026-03-01T10:00:00.000Z';
    actor.send({
      type: 'RESUME_WRITES',
      jobs: [
        { kind: 'put', records: [{ id: 'harbour', status: 'known', source: 'hand', setAt: at }] },
        { kind: 'finish', article: { articleId: 'a', at } },
      ],
    });
    load(EMPTY);
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    expect(statusOf(actor.getSnapshot().context.statuses, 'harbour')).toBe('known');
    expect(written.map((job) => job.kind)).toEqual(['put', 'finish']);
  });
});
