/**
 * The word store, loaded with the route that asks for it: IndexedDB code (idb) never reaches
 * the home or list chunk. One store per page load, shared by the routes that use it.
 */
import type { WordStore } from '../platform/word-store';

let store: Promise<WordStore> | undefined;

export function wordStore(): Promise<WordStore> {
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
