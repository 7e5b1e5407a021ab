// @vitest-environment node
/**
 * A mark the learner made just before leaving the page (Known, "I know the rest") is not lost: the
 * word-status machine as the routes wire it keeps its unfinished writes when it stops, and the next
 * page's machine writes them.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { PENDING_STATUS_WRITES_KEY, wiredWordStatus } from '../../../src/app/learner-wiring';
import { decodeStatusJobs } from '../../../src/domain/word-status-writes';
import type { StatusRecord } from '../../../src/domain/word-status';
import { pendingWritesIn } from '../../../src/platform/pending-writes';
import { memoryStorage } from '../../../src/platform/storage';
import type { FinishedArticle, StatusStore } from '../../../src/platform/word-store';

/** The parts of the store the machine uses; `held` makes every write wait for ever (the page is left first). */
function fakeStore(held: boolean) {
  const statuses = new Map<string, StatusRecord>();
  const finished: FinishedArticle[] = [];
  const wait = <T>(write: () => T): Promise<T> => (held ? new Promise(() => {}) : Promise.resolve(write()));
  const store = {
    loadLearner: async () => ({ words: [], setAside: 0, statuses: [...statuses.values()], finished: [...finished] }),
    putStatuses: (records: readonly StatusRecord[]) => wait(() => void records.forEach((record) => statuses.set(record.id, record))),
    removeBatch: (batch: string) => wait(() => [...statuses.values()].filter((record) => record.batch === batch).length),
    markFinished: (article: FinishedArticle) => wait(() => void finished.push(article)),
    subscribe: () => () => {},
    keepRankStatuses: async () => {},
  };
  return { store: store as unknown as StatusStore, statuses, finished };
}

describe('marks made just before the page is left', () => {
  it('"I know the rest" left unfinished is written by the next page, words and finished article', async () => {
    const journal = pendingWritesIn(PENDING_STATUS_WRITES_KEY, decodeStatusJobs, memoryStorage());
    const left = fakeStore(true);
    const first = createActor(
      wiredWordStatus(() => Promise.resolve(left.store), journal),
      { input: {} },
    ).start();
    await waitFor(first, (snapshot) => snapshot.matches({ ready: 'idle' }));
    first.send({ type: 'REST_KNOWN', articleId: 'harbour-story', lemmas: ['harbour', 'tide'] });
    await waitFor(first, (snapshot) => snapshot.matches({ ready: 'writing' }));
    first.stop();
    expect(left.statuses.size).toBe(0);

    const next = fakeStore(false);
    const second = createActor(
      wiredWordStatus(() => Promise.resolve(next.store), journal),
      { input: {} },
    ).start();
    await waitFor(second, (snapshot) => snapshot.matches({ ready: 'idle' }) && snapshot.context.jobs.length === 0);
    expect([...next.statuses.values()].map((record) => [record.id, record.status, record.source])).toEqual([
      ['harbour', 'known', 'rest'],
      ['tide', 'known', 'rest'],
    ]);
    expect(next.finished.map((article) => article.articleId)).toEqual(['harbour-story']);
    second.stop();
    expect(journal.take(), 'nothing is left once written').toEqual([]);
  });
});
