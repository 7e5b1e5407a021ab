// @vitest-environment node
/**
 * The word store the review route opens keeps to the shared IndexedDB schema and the WordStore
 * interface (fake-indexeddb stands in for the browser's): what the review saves is what the next
 * load returns, and the database it creates is the one every branch of the app expects.
 */
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { gradeCard } from '../../../src/domain/scheduling';
import { createIndexedDbWordStore } from '../../../src/platform/indexeddb-word-store';
import { REVIEW_NOW, savedWord } from '../../support/review-words';

afterEach(async () => {
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase('newsreader');
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
});

describe('the review route’s word store', () => {
  it('creates newsreader v3 with words (keyPath id, index due on card.due), setAside (autoIncrement), the statuses of v2 and the derived records of v3', async () => {
    const store = createIndexedDbWordStore();
    await store.load();
    const database = await openDB('newsreader');
    expect(database.version).toBe(3);
    expect([...database.objectStoreNames].sort()).toEqual(['derived', 'finished', 'setAside', 'settings', 'statuses', 'words']);
    const transaction = database.transaction(['words', 'setAside']);
    const words = transaction.objectStore('words');
    expect(words.keyPath).toBe('id');
    expect(words.index('due').keyPath).toBe('card.due');
    expect(transaction.objectStore('setAside').autoIncrement).toBe(true);
    expect(transaction.objectStore('setAside').keyPath).toBeNull();
    database.close();
  });

  it('returns on load what a review put, and tells subscribers', async () => {
    const store = createIndexedDbWordStore();
    const word = savedWord('harbour');
    let changes = 0;
    const unsubscribe = store.subscribe(() => (changes += 1));
    await store.put([word]);
    const graded = { ...word, card: gradeCard(word.card, 'good', REVIEW_NOW) };
    await store.put([graded]);
    unsubscribe();
    expect((await store.load()).words).toEqual([graded]);
    expect(changes).toBeGreaterThanOrEqual(2);
  });

  it('moves a record it cannot read aside and loads the rest', async () => {
    const store = createIndexedDbWordStore();
    await store.put([savedWord('harbour')]);
    const database = await openDB('newsreader', 3);
    await database.put('words', { id: 'broken', card: 'not a card' });
    database.close();
    const contents = await store.load();
    expect(contents.words.map((word) => word.id)).toEqual(['harbour']);
    expect(contents.setAside).toBe(1);
  });
});
