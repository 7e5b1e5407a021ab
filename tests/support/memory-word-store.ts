/** A WordStore in memory, shared by "tabs" (store instances) created from the same backing map. */
import type { SavedWord } from '../../src/domain/saved-words';
import { WordStoreError, type WordStore, type WordStoreProblem } from '../../src/platform/word-store';

export interface MemoryWordStore extends WordStore {
  readonly records: Map<string, SavedWord>;
  /** The next operations fail with this problem until it is set back to null. */
  failWith: WordStoreProblem | null;
  setAside: number;
  /** Another tab changed the words. */
  announceChange(): void;
}

export function memoryWordStore(initial: readonly SavedWord[] = []): MemoryWordStore {
  const listeners = new Set<() => void>();
  const store: MemoryWordStore = {
    records: new Map(initial.map((word) => [word.id, word])),
    failWith: null,
    setAside: 0,
    async load() {
      if (store.failWith) throw new WordStoreError(store.failWith, store.failWith);
      return { words: [...store.records.values()], setAside: store.setAside };
    },
    async put(words) {
      if (store.failWith) throw new WordStoreError(store.failWith, store.failWith);
      for (const word of words) store.records.set(word.id, word);
      store.announceChange();
    },
    async remove(id) {
      if (store.failWith) throw new WordStoreError(store.failWith, store.failWith);
      store.records.delete(id);
      store.announceChange();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    announceChange() {
      for (const listener of listeners) listener();
    },
  };
  return store;
}
