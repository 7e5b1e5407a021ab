/**
 * Whether the learner has any word marked or saved in this browser, for home and the list: only
 * then do they load the coverage code (its own chunk). Raw IndexedDB like the header's due count,
 * a few hundred bytes of first-load JS; any failure means "no" (the pages then show no coverage).
 */
import { DATABASE_NAME } from './word-store-names';

export function learnerHasWords(): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(DATABASE_NAME);
      // No database yet: abort, so looking never creates one.
      request.onupgradeneeded = () => request.transaction?.abort();
      request.onerror = () => resolve(false);
      request.onsuccess = () => {
        const db = request.result;
        try {
          const names = ['words', 'statuses'].filter((name) => db.objectStoreNames.contains(name));
          if (names.length === 0) {
            resolve(false);
          } else {
            const tx = db.transaction(names);
            let found = false;
            for (const name of names) {
              const count = tx.objectStore(name).count();
              count.onsuccess = () => {
                if (count.result > 0) found = true;
              };
            }
            tx.oncomplete = () => resolve(found);
            tx.onerror = () => resolve(false);
            tx.onabort = () => resolve(false);
          }
        } catch {
          resolve(false);
        }
        db.close();
      };
    } catch {
      resolve(false);
    }
  });
}
