/**
 * The word store, loaded with the route that asks for it: IndexedDB code (idb) never reaches
 * the home or list chunk. One store per page load, shared by the routes that use it; it keeps the
 * saved words and the word statuses (the same database), so both views of it hear each other's writes.
 */
import { yieldToMain } from '../platform/main-thread';
import type { StatusStore, WordStore } from '../platform/word-store';

let store: Promise<WordStore & StatusStore> | undefined;

function browserStore(): Promise<WordStore & StatusStore> {
  // Asked for as a route's actors start, in its hydration's commit: the chunk's import (the preload helper appending its
  // files' links, then the request) waits for a task of its own, or it was part of that commit's long task (the article's
  // route at settling, 95–126 ms at 4× CPU with the article's inventory request; issue 33, decision 62). A chunk that
  // failed to load (offline) is asked for again next time rather than remembered.
  store ??= yieldToMain()
    .then(() => import('../platform/indexeddb-word-store'))
    .then(
      // The store's code is evaluated in one task and the database opened by its first reader in the next: in one, they
      // were a long task as a page hydrated (practice 99 ms at 4× CPU, the article's route at settling; issue 33).
      async ({ createIndexedDbWordStore }) => {
        await yieldToMain();
        return createIndexedDbWordStore();
      },
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
