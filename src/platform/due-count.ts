/**
 * The number of saved words due for review, for the header on every page. Raw IndexedDB and no
 * codecs on purpose: this is in the first-load JS of home and list, so it must stay a few hundred
 * bytes; the words page and the review session use the full store (indexeddb-word-store.ts).
 * Any failure, or a newer site's database, counts as 0: the header never shows an error, the words page explains it.
 */
import { CHANGES_CHANNEL, DATABASE_NAME, DATABASE_VERSION } from './word-store-names';

export function countDue(now: Date = new Date()): Promise<number> {
  return new Promise((resolve) => {
    try {
      // No version: opens whatever version is on disk, so a newer site's database is never refused.
      const request = indexedDB.open(DATABASE_NAME);
      // The database does not exist yet: abort, so looking at the header never creates one.
      request.onupgradeneeded = () => request.transaction?.abort();
      request.onerror = () => resolve(0);
      request.onsuccess = () => {
        const db = request.result;
        // A newer site's database: the words page cannot read it either, so the header counts nothing.
        if (db.version > DATABASE_VERSION) {
          db.close();
          resolve(0);
          return;
        }
        try {
          const count = db.transaction('words').objectStore('words').index('due').count(IDBKeyRange.upperBound(now.toISOString()));
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => resolve(0);
        } catch {
          resolve(0);
        }
        db.close();
      };
    } catch {
      resolve(0);
    }
  });
}

/** Calls back when saved words change in any tab; returns the unsubscribe. */
export function onWordsChanged(listener: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANGES_CHANNEL);
  channel.onmessage = listener;
  return () => channel.close();
}
