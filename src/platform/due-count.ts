/**
 * What every page's header and home or list need from the saved words: the number due for review,
 * and whether the learner has any word saved or marked (only then do home and the list load the
 * coverage chunk, docs/learner-model.md). Raw IndexedDB and no codecs on purpose: this is in the
 * first-load JS of home and list, so it must stay a few hundred bytes; the words page and the
 * review session use the full store (indexeddb-word-store.ts). Any failure, or a newer site's
 * database for the count, answers 0 or "no": the header never shows an error, the words page explains it.
 */
import { CHANGES_CHANNEL, DATABASE_NAME, DATABASE_VERSION } from './word-store-names';

/** Opens the database as it is on disk (never creating or upgrading it) and reads; the fallback on any failure. */
function readExisting<T>(fallback: T, read: (db: IDBDatabase, done: (value: T) => void) => void): Promise<T> {
  return new Promise((resolve) => {
    try {
      // No version: opens whatever version is on disk, so a newer site's database is never refused.
      const request = indexedDB.open(DATABASE_NAME);
      // The database does not exist yet: abort, so looking at the header never creates one.
      request.onupgradeneeded = () => request.transaction?.abort();
      request.onerror = () => resolve(fallback);
      request.onsuccess = () => {
        const db = request.result;
        try {
          read(db, resolve);
        } catch {
          resolve(fallback);
        }
        db.close();
      };
    } catch {
      resolve(fallback);
    }
  });
}

export function countDue(now: Date = new Date()): Promise<number> {
  return readExisting(0, (db, done) => {
    // A newer site's database: the words page cannot read it either, so the header counts nothing.
    if (db.version > DATABASE_VERSION) return done(0);
    const count = db.transaction('words').objectStore('words').index('due').count(IDBKeyRange.upperBound(now.toISOString()));
    count.onsuccess = () => done(count.result);
    count.onerror = () => done(0);
  });
}

/** Whether any word is saved or has a status. */
export function learnerHasWords(): Promise<boolean> {
  return readExisting(false, (db, done) => {
    // No store at all makes transaction() throw: "no".
    const tx = db.transaction(['words', 'statuses'].filter((name) => db.objectStoreNames.contains(name)));
    let found = false;
    for (const name of tx.objectStoreNames) {
      const count = tx.objectStore(name).count();
      count.onsuccess = () => (found ||= count.result > 0);
    }
    tx.oncomplete = () => done(found);
    tx.onabort = () => done(false);
  });
}

/** Calls back when saved words change in any tab; returns the unsubscribe. */
export function onWordsChanged(listener: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANGES_CHANNEL);
  channel.onmessage = listener;
  return () => channel.close();
}
