/**
 * The word store in this browser's IndexedDB, following the shared schema: database
 * `newsreader` version 1, store `words` (keyPath `id`, index `due` on `card.due`) and store
 * `setAside` (autoIncrement) for records that cannot be read, which are moved there rather than
 * deleted. Changes are announced to other tabs on the BroadcastChannel `newsreader-words`.
 *
 * The review branch's minimal version: the saved-words branch brings the fuller one (a real
 * decoder of records); both export `openWordStore` and keep to the same schema.
 */
import { openDB, type IDBPDatabase } from 'idb';
import type { SavedWord } from '../domain/saved-words';
import { WordStoreError, type WordStore, type WordStoreContents, type WordStoreProblem } from './word-store';

export const DATABASE_NAME = 'newsreader';
export const DATABASE_VERSION = 1;
export const CHANGES_CHANNEL = 'newsreader-words';

function problemOf(error: unknown): WordStoreProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'VersionError') return 'newerVersion';
  if (name === 'QuotaExceededError') return 'quotaFull';
  if (name === 'InvalidStateError' || name === 'SecurityError' || name === 'UnknownError') return 'unavailable';
  return 'failed';
}

function storeError(error: unknown): WordStoreError {
  if (error instanceof WordStoreError) return error;
  return new WordStoreError(problemOf(error), error instanceof Error ? error.message : String(error), { cause: error });
}

/** Enough of a SavedWord to review and list it; anything else is set aside. */
function isReadable(record: unknown): record is SavedWord {
  if (typeof record !== 'object' || record === null) return false;
  const word = record as Partial<SavedWord>;
  const card = word.card as Partial<SavedWord['card']> | undefined;
  return (
    typeof word.id === 'string' &&
    typeof word.word === 'string' &&
    typeof word.lemma === 'string' &&
    typeof word.sentence === 'string' &&
    typeof card === 'object' &&
    card !== null &&
    typeof card.due === 'string' &&
    !Number.isNaN(Date.parse(card.due)) &&
    typeof card.stability === 'number' &&
    typeof card.difficulty === 'number' &&
    typeof card.state === 'number'
  );
}

/** `onGone` runs when the connection closes so that another tab's upgrade or deletion is never blocked by this one. */
function open(onGone: () => void): Promise<IDBPDatabase> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new WordStoreError('unavailable', 'IndexedDB is not available'));
  return openDB(DATABASE_NAME, DATABASE_VERSION, {
    upgrade(database) {
      if (!database.objectStoreNames.contains('words')) {
        database.createObjectStore('words', { keyPath: 'id' }).createIndex('due', 'card.due');
      }
      if (!database.objectStoreNames.contains('setAside')) database.createObjectStore('setAside', { autoIncrement: true });
    },
    blocking() {
      onGone();
    },
    terminated: onGone,
  });
}

export function openWordStore(): WordStore {
  let database: Promise<IDBPDatabase> | undefined;
  const connection = (): Promise<IDBPDatabase> => {
    if (database !== undefined) return database;
    const opening: Promise<IDBPDatabase> = open(() => {
      // Closed for another tab's upgrade or deletion: the next call opens a fresh connection.
      if (database === opening) database = undefined;
      void opening.then(
        (db) => db.close(),
        () => {},
      );
    }).catch((error: unknown) => {
      if (database === opening) database = undefined;
      throw storeError(error);
    });
    database = opening;
    return opening;
  };
  const listeners = new Set<() => void>();
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANGES_CHANNEL);
  channel?.addEventListener('message', (message: MessageEvent<{ type?: string }>) => {
    if (message.data?.type === 'changed') for (const listener of listeners) listener();
  });
  const changed = () => {
    channel?.postMessage({ type: 'changed' });
    // BroadcastChannel does not deliver to its own sender: tell this tab's listeners directly.
    for (const listener of listeners) listener();
  };

  return {
    async load(): Promise<WordStoreContents> {
      try {
        const db = await connection();
        const records: unknown[] = await db.getAll('words');
        const words = records.filter(isReadable);
        const unreadable = records.filter((record) => !isReadable(record));
        if (unreadable.length > 0) {
          const transaction = db.transaction(['words', 'setAside'], 'readwrite');
          const at = new Date().toISOString();
          for (const record of unreadable) {
            void transaction.objectStore('setAside').add({ record, reason: 'not a saved word', at });
            const id = (record as { id?: unknown } | null)?.id;
            if (typeof id === 'string') void transaction.objectStore('words').delete(id);
          }
          await transaction.done;
        }
        return { words, setAside: await db.count('setAside') };
      } catch (error) {
        throw storeError(error);
      }
    },
    async put(words) {
      try {
        const db = await connection();
        const transaction = db.transaction('words', 'readwrite');
        for (const word of words) void transaction.store.put(word);
        await transaction.done;
      } catch (error) {
        throw storeError(error);
      }
      changed();
    },
    async remove(id) {
      try {
        await (await connection()).delete('words', id);
      } catch (error) {
        throw storeError(error);
      }
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
