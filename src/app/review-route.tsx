/**
 * The review route, loaded on demand (React.lazy): this module, the review machine, ts-fsrs and
 * the word store (IndexedDB, loaded on first use by word-store-factory.ts) form their own
 * chunks; nothing of them loads with the home or list pages.
 */
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { SavedWord } from '../domain/saved-words';
import { reviewMachine } from '../machines/review-machine';
import type { UpdateCardOutcome } from '../platform/word-store';
import { ReviewHead } from '../views/head/personal-page-heads';
import { ReviewActorContext } from '../views/review/review-context';
import { ReviewPage } from '../views/review/review-page';
import { useInspect } from './inspector';
import { useServices } from './services';
import { wordStore } from './word-store-factory';

const now = () => new Date();

export default function ReviewRoute() {
  const inspect = useInspect();
  const { wordStore: injectedStore } = useServices();
  const logic = useMemo(() => {
    const store = injectedStore ?? wordStore;
    return reviewMachine.provide({
      actors: {
        loadDueWords: fromPromise<readonly SavedWord[]>(async () => (await (await store()).load()).words),
        saveWord: fromPromise<UpdateCardOutcome, { word: SavedWord; expectedLastReview: string | null }>(async ({ input }) =>
          (await store()).updateCard(input.word.id, input.word.card, input.expectedLastReview),
        ),
      },
    });
  }, [injectedStore]);
  return (
    <ReviewActorContext.Provider logic={logic} options={{ input: { now }, inspect }}>
      <ReviewHead />
      <ReviewPage />
    </ReviewActorContext.Provider>
  );
}
