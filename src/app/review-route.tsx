/**
 * The review route, loaded on demand (React.lazy): this module, the review machine, ts-fsrs and
 * the word store (IndexedDB, loaded on first use by word-store-factory.ts) form their own
 * chunks; nothing of them loads with the home or list pages.
 */
import { useMemo } from 'react';
import { ReviewHead } from '../views/head/personal-page-heads';
import { ReviewActorContext } from '../views/review/review-context';
import { ReviewPage } from '../views/review/review-page';
import { useInspect } from './inspector';
import { wiredReview } from './review-wiring';
import { useServices } from './services';
import { wordStore } from './word-store-factory';

const now = () => new Date();

export default function ReviewRoute() {
  const inspect = useInspect();
  const { wordStore: injectedStore } = useServices();
  const logic = useMemo(() => wiredReview(injectedStore ?? wordStore), [injectedStore]);
  return (
    <ReviewActorContext.Provider logic={logic} options={{ input: { now }, inspect }}>
      <ReviewHead />
      <ReviewPage />
    </ReviewActorContext.Provider>
  );
}
