/**
 * A few bytes in localStorage that say how many words this browser has saved, written whenever
 * the word store is read (every page that shows the words reads it again after each change) and
 * read synchronously when a page starts. The words page shows that count at once, in the place the
 * store's answer will take, instead of a loading line until IndexedDB answers (issue 33). Only a
 * hint: the store's answer always replaces it. Never throws (storage.ts).
 */
import { browserLocalStorage, type KeyValueStorage } from './storage';

export const SAVED_WORDS_SUMMARY_KEY = 'newsreader-saved-words-summary';

const listeners = new Set<() => void>();

/** The count last written, or null when none was (a first visit, or storage refused). */
export function readSavedWordsCount(storage: KeyValueStorage = browserLocalStorage()): number | null {
  const raw = storage.get(SAVED_WORDS_SUMMARY_KEY);
  if (raw === null) return null;
  const count = Number(raw);
  return Number.isSafeInteger(count) && count >= 0 ? count : null;
}

export function writeSavedWordsCount(count: number, storage: KeyValueStorage = browserLocalStorage()): void {
  if (readSavedWordsCount(storage) === count) return;
  storage.set(SAVED_WORDS_SUMMARY_KEY, String(count));
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: this tab's writes (another tab's are read at the next start). */
export function subscribeSavedWordsCount(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
