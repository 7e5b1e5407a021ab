/**
 * Where saved words are kept: IndexedDB in this browser (indexeddb-word-store.ts), nothing on a
 * server. Every failure is a WordStoreError with a problem the interface can name in the
 * learner's language; none of them may break a page.
 */
import type { SavedWord } from '../domain/saved-words';

export type WordStoreProblem =
  /** No IndexedDB (some private modes, old browsers) or it refused to open. */
  | 'unavailable'
  /** The database was written by a newer version of the site; we do not touch it. */
  | 'newerVersion'
  /** The browser's storage quota is full. */
  | 'quotaFull'
  /** Anything else. */
  | 'failed';

export class WordStoreError extends Error {
  constructor(
    readonly problem: WordStoreProblem,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'WordStoreError';
  }
}

export interface WordStoreContents {
  readonly words: readonly SavedWord[];
  /** Records that could not be read; they are kept aside in their own object store, never deleted. */
  readonly setAside: number;
}

export interface WordStore {
  /** Every readable word; unreadable records are moved aside and counted. */
  load(): Promise<WordStoreContents>;
  /** Inserts or replaces words by id, in one transaction. */
  put(words: readonly SavedWord[]): Promise<void>;
  remove(id: string): Promise<void>;
  /** Calls the listener when another tab (or this one) changed the words; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}
