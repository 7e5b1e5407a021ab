/**
 * The names shared by the word store and the header's due count. Kept apart from
 * indexeddb-word-store.ts so the due count (on every page) does not load idb.
 */
export const DATABASE_NAME = 'newsreader';
export const DATABASE_VERSION = 1;
export const CHANGES_CHANNEL = 'newsreader-words';
