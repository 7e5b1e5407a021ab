import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createIndexedDbWordStore, DATABASE_NAME, DATABASE_VERSION } from '../../../src/platform/indexeddb-word-store';
import { countDue, learnerHasWords } from '../../../src/platform/due-count';

import { savedWord } from '../../support/saved-word-fixtures';

/** A database as version 1 of the site left it: the raw API, no idb, one saved word with a reviewed card. */
function writeVersionOne(words: readonly unknown[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE_NAME, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore('words', { keyPath: 'id' }).createIndex('due', 'card.due');
      db.createObjectStore('setAside', { autoIncrement: true });
    };
    request.onsuccess = () => {
      const tx = request.result.transaction('words', 'readwrite');
      for (const word of words) tx.objectStore('words').put(word);
      tx.oncomplete = () => {
        request.result.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
    request.onerror = () => reject(request.error);
  });
}

function diskVersion(): Promise<number | undefined> {
  return indexedDB.databases().then((list) => list.find((db) => db.name === DATABASE_NAME)?.version);
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});

describe('word statuses in the word store (database version 2 and on)', () => {
  it('migrates a version-1 database: every saved word and its review history stay, statuses start empty', async () => {
    const reviewed = savedWord({
      lemma: 'harbour',
      card: {
        due: '2026-04-20T10:00:00.000Z',
        stability: 30.5,
        difficulty: 4.2,
        elapsedDays: 12,
        scheduledDays: 30,
        learningSteps: 0,
        reps: 5,
        lapses: 1,
        state: 2,
        lastReview: '2026-03-21T10:00:00.000Z',
      },
    });
    const fresh = savedWord({ lemma: 'tide', savedAt: '2026-03-02T10:00:00.000Z' });
    await writeVersionOne([reviewed, fresh]);

    const store = createIndexedDbWordStore();
    const contents = await store.loadLearner();
    expect(await diskVersion()).toBe(DATABASE_VERSION);
    expect(contents.words).toHaveLength(2);
    expect(contents.words.find((word) => word.id === 'harbour')).toEqual(reviewed);
    expect(contents.words.find((word) => word.id === 'tide')).toEqual(fresh);
    expect(contents.statuses).toEqual([]);
    expect(contents.finished).toEqual([]);
    // The header's count still reads the migrated database.
    expect(await countDue(new Date('2026-03-03T00:00:00.000Z'))).toBe(1);
  });

  it('keeps statuses across instances, replaces by id and takes back one step by its batch only', async () => {
    const first = createIndexedDbWordStore();
    await first.putStatuses([
      { id: 'go', status: 'known', source: 'rest', setAt: '2026-03-01T10:00:00.000Z', batch: 'rest-1' },
      { id: 'river', status: 'known', source: 'rest', setAt: '2026-03-01T10:00:00.000Z', batch: 'rest-1' },
      { id: 'obama', status: 'ignored', source: 'hand', setAt: '2026-03-01T09:00:00.000Z' },
    ]);
    // Changed by hand after the step: Undo must leave it.
    await first.putStatuses([{ id: 'river', status: 'learning', source: 'hand', setAt: '2026-03-01T11:00:00.000Z' }]);

    const second = createIndexedDbWordStore();
    expect(await second.removeBatch('rest-1')).toBe(1);
    const { statuses } = await second.loadLearner();
    expect(statuses.map((record) => [record.id, record.status]).sort()).toEqual([
      ['obama', 'ignored'],
      ['river', 'learning'],
    ]);
  });

  it('counts an article finished once, keeping the first date', async () => {
    const store = createIndexedDbWordStore();
    await store.markFinished({ articleId: 'city-bikes', at: '2026-03-01T10:00:00.000Z' });
    await store.markFinished({ articleId: 'city-bikes', at: '2026-03-05T10:00:00.000Z' });
    expect((await store.loadLearner()).finished).toEqual([{ articleId: 'city-bikes', at: '2026-03-01T10:00:00.000Z' }]);
  });

  it('skips a status record that does not decode instead of failing the page', async () => {
    const store = createIndexedDbWordStore();
    await store.putStatuses([{ id: 'go', status: 'known', source: 'hand', setAt: '2026-03-01T10:00:00.000Z' }]);
    await store.putStatuses([{ id: 'bad', status: 'mastered', source: 'hand', setAt: 'yesterday' } as never]);
    expect((await store.loadLearner()).statuses.map((record) => record.id)).toEqual(['go']);
  });

  it('reads back every status of a large vocabulary once, in key order, skipping only the undecodable ones', async () => {
    const store = createIndexedDbWordStore();
    const at = '2026-03-01T10:00:00.000Z';
    // Over two of the store's reads (STATUS_BATCH, 1,000) and part of a third, with bad records on either side of a boundary.
    const ids = Array.from({ length: 2345 }, (_, i) => `w${String(i).padStart(5, '0')}`);
    await store.putStatuses(ids.map((id) => ({ id, status: 'known' as const, source: 'placement' as const, setAt: at })));
    const bad = ['w00999', 'w01000', 'w02344'];
    await store.putStatuses(bad.map((id) => ({ id, status: 'mastered', source: 'hand', setAt: at }) as never));
    const read = (await store.loadLearner()).statuses.map((record) => record.id);
    expect(read).toEqual(ids.filter((id) => !bad.includes(id)));
  });

  it('tells other tabs after a status write, on the saved words channel', async () => {
    const store = createIndexedDbWordStore();
    const otherTab = new BroadcastChannel('newsreader-words');
    const heard = new Promise((resolve) => (otherTab.onmessage = (event) => resolve(event.data)));
    await store.putStatuses([{ id: 'go', status: 'known', source: 'hand', setAt: '2026-03-01T10:00:00.000Z' }]);
    expect(await heard).toEqual({ type: 'changed' });
    otherTab.close();
  });

  it('says whether the learner has any word marked or saved, without creating a database', async () => {
    expect(await learnerHasWords()).toBe(false);
    expect(await indexedDB.databases()).toEqual([]);
    await writeVersionOne([savedWord({ lemma: 'harbour' })]);
    expect(await learnerHasWords()).toBe(true);

    vi.stubGlobal('indexedDB', new IDBFactory());
    const store = createIndexedDbWordStore();
    await store.putStatuses([{ id: 'go', status: 'known', source: 'placement', setAt: '2026-03-01T10:00:00.000Z' }]);
    expect(await learnerHasWords()).toBe(true);
  });
});

describe('a new placement', () => {
  it('replaces the last placement in one transaction and leaves hand-set statuses', async () => {
    const store = createIndexedDbWordStore();
    await store.putStatuses([
      { id: 'the', status: 'known', source: 'placement', setAt: '2026-03-01T10:00:00.000Z', batch: 'p-1' },
      { id: 'obscure', status: 'known', source: 'placement', setAt: '2026-03-01T10:00:00.000Z', batch: 'p-1' },
      { id: 'river', status: 'new', source: 'hand', setAt: '2026-03-01T09:00:00.000Z' },
    ]);
    await store.putStatuses(
      [{ id: 'the', status: 'known', source: 'placement', setAt: '2026-03-02T10:00:00.000Z', batch: 'p-2' }],
      'placement',
    );
    const { statuses } = await store.loadLearner();
    expect(statuses.map((record) => `${record.id}:${record.batch ?? 'hand'}`).sort()).toEqual(['river:hand', 'the:p-2']);
  });
});
