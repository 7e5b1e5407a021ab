import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createIndexedDbWordStore, DATABASE_NAME } from '../../../src/platform/indexeddb-word-store';
import { countDue } from '../../../src/platform/due-count';
import { WordStoreError } from '../../../src/platform/word-store';
import { readSavedWordsCount, SAVED_WORDS_SUMMARY_KEY } from '../../../src/platform/saved-words-summary';
import { savedWord } from '../../support/saved-word-fixtures';

function rawPut(value: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE_NAME);
    request.onsuccess = () => {
      const tx = request.result.transaction('words', 'readwrite');
      tx.objectStore('words').put(value);
      tx.oncomplete = () => {
        request.result.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

function rawSetAside(): Promise<unknown[]> {
  return new Promise((resolve) => {
    const request = indexedDB.open(DATABASE_NAME);
    request.onsuccess = () => {
      const all = request.result.transaction('setAside').objectStore('setAside').getAll();
      all.onsuccess = () => {
        request.result.close();
        resolve(all.result);
      };
    };
  });
}

function openAt(version: number): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.open(DATABASE_NAME, version);
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
  });
}

function databaseNames(): Promise<string[]> {
  return indexedDB.databases().then((list) => list.map((each) => each.name ?? ''));
}

beforeEach(() => {
  // A fresh, empty IndexedDB for every test.
  vi.stubGlobal('indexedDB', new IDBFactory());
});

describe('IndexedDB word store', () => {
  it('keeps words across store instances (a reload) and replaces a word by id', async () => {
    const first = createIndexedDbWordStore();
    await first.put([savedWord({ lemma: 'harbour' }), savedWord({ lemma: 'tide', savedAt: '2026-03-02T10:00:00.000Z' })]);
    await first.put([savedWord({ lemma: 'harbour', gloss: '海港' })]);
    await first.remove('tide');

    const { words, setAside } = await createIndexedDbWordStore().load();
    expect(words).toEqual([savedWord({ lemma: 'harbour', gloss: '海港' })]);
    expect(setAside).toBe(0);
  });

  it('leaves the number of saved words in localStorage at every read, for the words page to show at its next start', async () => {
    localStorage.removeItem(SAVED_WORDS_SUMMARY_KEY);
    const store = createIndexedDbWordStore();
    await store.put([savedWord({ lemma: 'harbour' }), savedWord({ lemma: 'tide' })]);
    expect(readSavedWordsCount()).toBeNull();
    await store.load();
    expect(readSavedWordsCount()).toBe(2);
    await store.remove('tide');
    await store.load();
    expect(readSavedWordsCount()).toBe(1);
    // A value another program left there is no count.
    localStorage.setItem(SAVED_WORDS_SUMMARY_KEY, 'many');
    expect(readSavedWordsCount()).toBeNull();
  });

  it('moves a record that does not decode aside (kept, not deleted) and counts it', async () => {
    const store = createIndexedDbWordStore();
    await store.put([savedWord({ lemma: 'harbour' })]);
    await rawPut({ id: 'broken', word: 42 });

    const first = await store.load();
    expect(first.words.map((word) => word.id)).toEqual(['harbour']);
    expect(first.setAside).toBe(1);
    const kept = await rawSetAside();
    expect(kept).toEqual([expect.objectContaining({ record: { id: 'broken', word: 42 }, reason: expect.stringContaining('word') })]);

    // Loading again finds nothing new to set aside, and the count stays.
    expect((await store.load()).setAside).toBe(1);
  });

  it('refuses a database written by a newer version with newerVersion, leaving it as it was', async () => {
    await openAt(99);
    const error = await createIndexedDbWordStore()
      .load()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WordStoreError);
    expect((error as WordStoreError).problem).toBe('newerVersion');
    const list = await indexedDB.databases();
    expect(list).toEqual([{ name: DATABASE_NAME, version: 99 }]);
  });

  it('is unavailable where the browser has no IndexedDB', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const error = await createIndexedDbWordStore()
      .load()
      .catch((caught: unknown) => caught);
    expect((error as WordStoreError).problem).toBe('unavailable');
  });

  it('names a full quota on a write, and the words kept before stay', async () => {
    const store = createIndexedDbWordStore();
    await store.put([savedWord({ lemma: 'harbour' })]);
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const error = await store.put([savedWord({ lemma: 'tide' })]).catch((caught: unknown) => caught);
    put.mockRestore();
    expect((error as WordStoreError).problem).toBe('quotaFull');
    expect((await store.load()).words.map((word) => word.id)).toEqual(['harbour']);
  });

  it('tells its own listeners and other tabs (BroadcastChannel) after every write', async () => {
    const store = createIndexedDbWordStore();
    const here = vi.fn();
    const otherTab = new BroadcastChannel('newsreader-words');
    const messages: unknown[] = [];
    const heard = new Promise<void>((resolve) => {
      otherTab.onmessage = (event) => {
        messages.push(event.data);
        resolve();
      };
    });
    const unsubscribe = store.subscribe(here);
    await store.put([savedWord({ lemma: 'harbour' })]);
    await heard;
    expect(here).toHaveBeenCalledTimes(1);
    expect(messages).toEqual([{ type: 'changed' }]);
    unsubscribe();
    otherTab.close();
  });

  it('tells the header and other tabs about a write even when it never subscribed (the review session)', async () => {
    const store = createIndexedDbWordStore();
    const header = new BroadcastChannel('newsreader-words');
    const heard = new Promise<unknown>((resolve) => {
      header.onmessage = (event) => resolve(event.data);
    });
    await store.remove('harbour');
    await expect(heard).resolves.toEqual({ type: 'changed' });
    header.close();
  });

  it('hears a change announced by another tab', async () => {
    const store = createIndexedDbWordStore();
    const heard = new Promise<void>((resolve) => store.subscribe(resolve));
    const otherTab = new BroadcastChannel('newsreader-words');
    otherTab.postMessage({ type: 'changed' });
    await expect(heard).resolves.toBeUndefined();
    otherTab.close();
  });
});

describe('IndexedDB word store: a corrupt record with a full quota', () => {
  it('still reads the other words, counting the unreadable record and leaving it in place', async () => {
    const store = createIndexedDbWordStore();
    await store.put([savedWord({ lemma: 'harbour' })]);
    await rawPut({ id: 'broken', word: 42 });
    const add = vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const contents = await store.load();
    add.mockRestore();
    expect(contents.words.map((word) => word.id)).toEqual(['harbour']);
    expect(contents.setAside).toBe(1);
    expect(await rawSetAside()).toEqual([]);
    // With space again, the next load moves it aside as usual.
    expect((await store.load()).setAside).toBe(1);
    expect(await rawSetAside()).toEqual([expect.objectContaining({ record: { id: 'broken', word: 42 } })]);
  });
});

describe('IndexedDB word store: writes decided inside one transaction', () => {
  it('adds only the words not stored yet and says which; a stored word keeps its card', async () => {
    const reviewed = { ...savedWord({ lemma: 'harbour' }), card: { ...savedWord({ lemma: 'harbour' }).card, reps: 3 } };
    const otherTab = createIndexedDbWordStore();
    await otherTab.put([reviewed]);
    const store = createIndexedDbWordStore();
    const added = await store.addIfAbsent([savedWord({ lemma: 'harbour' }), savedWord({ lemma: 'tide' }), savedWord({ lemma: 'tide' })]);
    expect(added).toEqual(['tide']);
    const { words } = await store.load();
    expect(words.find((word) => word.id === 'harbour')).toEqual(reviewed);
    expect(words.map((word) => word.id).sort()).toEqual(['harbour', 'tide']);
    expect(await store.addIfAbsent([savedWord({ lemma: 'tide' })])).toEqual([]);
  });

  it('leaves an unreadable record under the id alone', async () => {
    const store = createIndexedDbWordStore();
    await store.load();
    await rawPut({ id: 'broken', word: 42 });
    expect(await store.addIfAbsent([savedWord({ lemma: 'broken' })])).toEqual([]);
    expect((await store.load()).setAside).toBe(1);
  });

  it('updates a card only while it is the one read: not a deleted word, not one graded elsewhere', async () => {
    const harbour = savedWord({ lemma: 'harbour' });
    const store = createIndexedDbWordStore();
    await store.put([harbour]);
    const graded = { ...harbour.card, reps: 1, lastReview: '2026-03-05T10:00:00.000Z', due: '2026-03-06T10:00:00.000Z' };

    expect(await store.updateCard('harbour', graded, harbour.card.lastReview)).toBe('updated');
    expect((await store.load()).words).toEqual([{ ...harbour, card: graded }]);
    // A second session still holding the card from before that grade.
    const stale = { ...graded, reps: 9 };
    expect(await store.updateCard('harbour', stale, harbour.card.lastReview)).toBe('changed');
    expect((await store.load()).words).toEqual([{ ...harbour, card: graded }]);

    await store.remove('harbour');
    expect(await store.updateCard('harbour', graded, graded.lastReview)).toBe('gone');
    expect((await store.load()).words).toEqual([]);
  });

  it('names a full quota as quotaFull', async () => {
    const store = createIndexedDbWordStore();
    await store.load();
    const add = vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await expect(store.addIfAbsent([savedWord({ lemma: 'tide' })])).rejects.toMatchObject({ problem: 'quotaFull' });
    add.mockRestore();
  });
});

describe('due count for the header', () => {
  it('counts the words due now and creates no database when there is none', async () => {
    expect(await countDue(new Date('2026-03-05T00:00:00.000Z'))).toBe(0);
    expect(await databaseNames()).toEqual([]);

    await createIndexedDbWordStore().put([
      savedWord({ lemma: 'harbour' }),
      savedWord({ lemma: 'tide', card: { ...savedWord({ lemma: 'tide' }).card, due: '2026-04-01T00:00:00.000Z' } }),
    ]);
    expect(await countDue(new Date('2026-03-05T00:00:00.000Z'))).toBe(1);
  });

  it('counts nothing in a database a newer version of the site wrote, which the words page cannot read either', async () => {
    await createIndexedDbWordStore().put([savedWord({ lemma: 'harbour' })]);
    expect(await countDue(new Date('2026-03-05T00:00:00.000Z'))).toBe(1);
    await openAt(99);
    expect(await countDue(new Date('2026-03-05T00:00:00.000Z'))).toBe(0);
  });
});
