/**
 * The review machine with the learner's word store (IndexedDB, loaded on first use by
 * word-store-factory.ts): the due words come from the store, and a graded card is written only if
 * it is still the one graded.
 */
import { fromPromise } from 'xstate';
import type { SavedWord } from '../domain/saved-words';
import { reviewMachine } from '../machines/review-machine';
import type { UpdateCardOutcome, WordStore } from '../platform/word-store';

export function wiredReview(store: () => Promise<WordStore>) {
  return reviewMachine.provide({
    actors: {
      loadDueWords: fromPromise<readonly SavedWord[]>(async () => (await (await store()).load()).words),
      saveWord: fromPromise<UpdateCardOutcome, { word: SavedWord; expectedLastReview: string | null }>(async ({ input }) =>
        (await store()).updateCard(input.word.id, input.word.card, input.expectedLastReview),
      ),
    },
  });
}
