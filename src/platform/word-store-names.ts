/**
 * The names shared by the word store and the header's due count. Kept apart from
 * indexeddb-word-store.ts so the due count (on every page) does not load idb.
 */
export const DATABASE_NAME = 'newsreader';
/**
 * 1: saved words; 2: word statuses, finished articles and the learner's settings; 3: records derived
 * from them (the statuses by rank, and the revision that tells whether they are current) (docs/learner-model.md).
 */
export const DATABASE_VERSION = 3;
export const CHANGES_CHANNEL = 'newsreader-words';
