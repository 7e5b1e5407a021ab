/**
 * The word store, loaded with the route that asks for it: IndexedDB code (idb) never reaches
 * the home or list chunk. One store per page load, shared by the routes that use it; it keeps the
 * saved words and the word statuses (the same database), so both views of it hear each other's writes.
 */
import type { StatusStore, WordStore } from '../platform/word-store';

let store: Promise<WordStore & StatusStore> | undefined;

function browserStore(): Promise<WordStore & StatusStore> {
  // A chunk that failed to load (offline) is asked for again next time rather than remembered.
  store ??= import('../platform/indexeddb-word-store').then(
    ({ createIndexedDbWordStore }) => createIndexedDbWordStore(),
    (error: unknown) => {
      store = undefined;
      throw error;
    },
  );
  return store;
}

export function wordStore(): Promise<WordStore> {
  return browserStore();
}

export function statusStore(): Promise<StatusStore> {
  return browserStore();
}
