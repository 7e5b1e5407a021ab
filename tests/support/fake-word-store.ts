/** A word store whose every load and card update waits for the test to answer, for the review screen tests. */
import type { ReviewCard, SavedWord } from '../../src/domain/saved-words';
import type { UpdateCardOutcome, WordStore, WordStoreContents } from '../../src/platform/word-store';
import { deferred } from './fake-api';

export interface ControlledWordStore extends WordStore {
  readonly loads: Array<ReturnType<typeof deferred<WordStoreContents>>>;
  readonly updates: Array<{
    id: string;
    card: ReviewCard;
    expectedLastReview: string | null;
    answer: ReturnType<typeof deferred<UpdateCardOutcome>>;
  }>;
}

export function controlledWordStore(): ControlledWordStore {
  const loads: ControlledWordStore['loads'] = [];
  const updates: ControlledWordStore['updates'] = [];
  return {
    loads,
    updates,
    load() {
      const answer = deferred<WordStoreContents>();
      loads.push(answer);
      return answer.promise;
    },
    put: () => Promise.reject(new Error('The review writes cards with updateCard')),
    addIfAbsent: () => Promise.reject(new Error('The review adds no words')),
    updateCard(id, card, expectedLastReview) {
      const answer = deferred<UpdateCardOutcome>();
      updates.push({ id, card, expectedLastReview, answer });
      return answer.promise;
    },
    remove: () => Promise.resolve(),
    subscribe: () => () => {},
  };
}

/** A store over an array that answers at once. */
export function memoryWordStore(initial: readonly SavedWord[]): WordStore & { words: SavedWord[] } {
  const store = {
    words: [...initial],
    load: async () => ({ words: [...store.words], setAside: 0 }),
    put: async (words: readonly SavedWord[]) => {
      for (const word of words) store.words = [...store.words.filter((saved) => saved.id !== word.id), word];
    },
    addIfAbsent: async (words: readonly SavedWord[]) => {
      const added: string[] = [];
      for (const word of words) {
        if (store.words.some((saved) => saved.id === word.id)) continue;
        store.words = [...store.words, word];
        added.push(word.id);
      }
      return added;
    },
    updateCard: async (id: string, card: ReviewCard, expectedLastReview: string | null): Promise<UpdateCardOutcome> => {
      const saved = store.words.find((word) => word.id === id);
      if (saved === undefined) return 'gone';
      if (saved.card.lastReview !== expectedLastReview) return 'changed';
      store.words = store.words.map((word) => (word.id === id ? { ...word, card } : word));
      return 'updated';
    },
    remove: async (id: string) => {
      store.words = store.words.filter((word) => word.id !== id);
    },
    subscribe: () => () => {},
  };
  return store;
}
