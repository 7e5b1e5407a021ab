/**
 * Saved words written into and read from the page's IndexedDB with the raw API, following the
 * shared schema (database `newsreader` version 1 or later, `words` keyed by `id` with the `due` index on
 * `card.due`, `setAside` autoIncrement), so the browser tests depend on the schema, not on the
 * app's store code. The page must already be on the site's origin.
 */
import type { Page } from 'playwright-core';
import type { SavedWord } from '../../../src/domain/saved-words';

/** Runs in the page: replaces every saved word with `records` (when given) and returns what is stored. */
async function inPage(records: SavedWord[] | null): Promise<SavedWord[]> {
  const database = await new Promise<IDBDatabase>((resolve, reject) => {
    // The version on disk (the app may have migrated it to 2); created at version 1 with the shared
    // stores when this test is the first to open it, as version 1 of the site left it (the app migrates it).
    const request = indexedDB.open('newsreader');
    request.onupgradeneeded = () => {
      const created = request.result;
      if (!created.objectStoreNames.contains('words')) created.createObjectStore('words', { keyPath: 'id' }).createIndex('due', 'card.due');
      if (!created.objectStoreNames.contains('setAside')) created.createObjectStore('setAside', { autoIncrement: true });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    if (records !== null) {
      await new Promise<void>((resolve, reject) => {
        const transaction = database.transaction('words', 'readwrite');
        const store = transaction.objectStore('words');
        store.clear();
        for (const record of records) store.put(record);
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
      });
    }
    return await new Promise<SavedWord[]>((resolve, reject) => {
      const request = database.transaction('words').objectStore('words').getAll();
      request.onsuccess = () => resolve(request.result as SavedWord[]);
      request.onerror = () => reject(request.error);
    });
  } finally {
    database.close();
  }
}

export async function seedWords(page: Page, words: readonly SavedWord[]): Promise<void> {
  await page.evaluate(inPage, [...words]);
}

export async function storedWords(page: Page): Promise<SavedWord[]> {
  return page.evaluate(inPage, null);
}
