/** A WordStore in memory, shared by "tabs" (store instances) created from the same backing map. */
import type { SavedWord } from '../../src/domain/saved-words';
import { WordStoreError, type UpdateCardOutcome, type WordStore, type WordStoreProblem } from '../../src/platform/word-store';

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
    async addIfAbsent(words) {
      if (store.failWith) throw new WordStoreError(store.failWith, store.failWith);
      const added = words.filter((word, index) => !store.records.has(word.id) && words.findIndex((each) => each.id === word.id) === index);
      for (const word of added) store.records.set(word.id, word);
      if (added.length > 0) store.announceChange();
      return added.map((word) => word.id);
    },
    async updateCard(id, card, expectedLastReview): Promise<UpdateCardOutcome> {
      if (store.failWith) throw new WordStoreError(store.failWith, store.failWith);
      const saved = store.records.get(id);
      if (saved === undefined) return 'gone';
      if (saved.card.lastReview !== expectedLastReview) return 'changed';
      store.records.set(id, { ...saved, card });
      store.announceChange();
      return 'updated';
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
