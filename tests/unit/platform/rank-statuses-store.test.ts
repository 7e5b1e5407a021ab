import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listCheck } from '../../../common/lemma-contract';
import { rankStatusesOf } from '../../../src/domain/rank-statuses';
import { statusMap, type StatusRecord } from '../../../src/domain/word-status';
import { createIndexedDbWordStore, DATABASE_NAME } from '../../../src/platform/indexeddb-word-store';
import { savedWord } from '../../support/saved-word-fixtures';

const at = '2026-03-01T10:00:00.000Z';
const known = (id: string): StatusRecord => ({ id, status: 'known', source: 'hand', setAt: at });
const list = ['the', 'be', 'go', 'harbour'];
const check = listCheck(list);

/** A database as version 2 of the site left it (raw API): a saved word with its card, a status, a goal. */
function writeVersionTwo(): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE_NAME, 2);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore('words', { keyPath: 'id' }).createIndex('due', 'card.due');
      db.createObjectStore('setAside', { autoIncrement: true });
      const statuses = db.createObjectStore('statuses', { keyPath: 'id' });
      statuses.createIndex('setAt', 'setAt');
      statuses.createIndex('batch', 'batch');
      db.createObjectStore('finished', { keyPath: 'articleId' });
      db.createObjectStore('settings', { keyPath: 'key' });
    };
    request.onsuccess = () => {
      const tx = request.result.transaction(['words', 'statuses', 'settings'], 'readwrite');
      tx.objectStore('words').put(savedWord({ lemma: 'harbour' }));
      tx.objectStore('statuses').put(known('go'));
      tx.objectStore('settings').put({ key: 'goal', value: { kind: 'articles', count: 1 } });
      tx.oncomplete = () => {
        request.result.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
    request.onerror = () => reject(request.error);
  });
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});

describe('statuses by rank in the word store (database version 3)', () => {
  it('migrates a version-2 database keeping its words, cards, statuses and goal, with no statuses by rank yet', async () => {
    await writeVersionTwo();
    const contents = await createIndexedDbWordStore().loadLearner();
    expect(contents.words).toEqual([savedWord({ lemma: 'harbour' })]);
    expect(contents.statuses).toEqual([known('go')]);
    expect(contents.goal).toEqual({ kind: 'articles', count: 1 });
    expect(contents.revision).toBe(0);
    expect(contents.byRank).toBeUndefined();
  });

  it('gives back the statuses by rank kept for the revision read, across instances (a later page)', async () => {
    const store = createIndexedDbWordStore();
    await store.putStatuses([known('go')]);
    const { statuses, words, revision } = await store.loadLearner();
    const byRank = rankStatusesOf(check, list, statusMap(statuses, words));
    expect(await store.keepRankStatuses(byRank, revision!)).toBe(true);
    const later = await createIndexedDbWordStore().loadLearner();
    expect(later.byRank?.check).toBe(check);
    expect([...later.byRank!.codes]).toEqual([0, 0, 2, 0]);
  });

  it('drops them at any write to statuses or words (here or in another tab), and refuses ones made before a write', async () => {
    const store = createIndexedDbWordStore();
    const other = createIndexedDbWordStore();
    const keepNow = async () => {
      const { statuses, words, revision } = await store.loadLearner();
      expect(await store.keepRankStatuses(rankStatusesOf(check, list, statusMap(statuses, words)), revision!)).toBe(true);
      expect((await store.loadLearner()).byRank).toBeDefined();
    };
    const writes: Array<() => Promise<unknown>> = [
      () => other.putStatuses([known('be')]),
      () => other.removeBatch('none'),
      () => other.putStatuses([{ ...known('the'), source: 'rest', batch: 'rest-1' }]),
      () => other.removeBatch('rest-1'),
      () => other.put([savedWord({ lemma: 'harbour' })]),
      () => other.addIfAbsent([savedWord({ lemma: 'tide' })]),
      () => other.updateCard('harbour', { ...savedWord({ lemma: 'harbour' }).card, scheduledDays: 40, lastReview: at }, null),
      () => other.remove('tide'),
      () => other.restore({ statuses: [known('go')], words: [], finished: [], goal: null }),
    ];
    for (const [k, write] of writes.entries()) {
      await keepNow();
      await write();
      // A write that changed nothing (removing an absent batch) may leave them; every other drops them.
      expect((await store.loadLearner()).byRank === undefined, `write ${k}`).toBe(k !== 1);
    }
    // Made from what was read before another tab's write: not kept.
    const before = await store.loadLearner();
    await other.putStatuses([known('harbour')]);
    const stale = rankStatusesOf(check, list, statusMap(before.statuses, before.words));
    expect(await store.keepRankStatuses(stale, before.revision!)).toBe(false);
    const after = await store.loadLearner();
    expect(after.byRank).toBeUndefined();
    // The list they were last kept for is still named, so a page can make them again.
    expect(after.rankCheck).toBe(check);
  });

  it('ignores a stored record that does not decode (a broken page never follows)', async () => {
    const store = createIndexedDbWordStore();
    const { revision } = await store.loadLearner();
    expect(await store.keepRankStatuses({ check, codes: new Uint8Array(3) }, revision!)).toBe(true);
    expect((await store.loadLearner()).byRank).toBeUndefined();
  });
});
