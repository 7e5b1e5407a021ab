/** A word store whose every load and put waits for the test to answer, for the review screen tests. */
import type { SavedWord } from '../../src/domain/saved-words';
import type { WordStore, WordStoreContents } from '../../src/platform/word-store';
import { deferred } from './fake-api';

export interface ControlledWordStore extends WordStore {
  readonly loads: Array<ReturnType<typeof deferred<WordStoreContents>>>;
  readonly puts: Array<{ words: readonly SavedWord[]; answer: ReturnType<typeof deferred<void>> }>;
}

export function controlledWordStore(): ControlledWordStore {
  const loads: ControlledWordStore['loads'] = [];
  const puts: ControlledWordStore['puts'] = [];
  return {
    loads,
    puts,
    load() {
      const answer = deferred<WordStoreContents>();
      loads.push(answer);
      return answer.promise;
    },
    put(words) {
      const answer = deferred<void>();
      puts.push({ words, answer });
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
    remove: async (id: string) => {
      store.words = store.words.filter((word) => word.id !== id);
    },
    subscribe: () => () => {},
  };
  return store;
}
