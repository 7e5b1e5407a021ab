/**
 * Home and the list show the learner's coverage only for a learner who has word statuses: the
 * header's raw IndexedDB reader (due-count.ts) says whether any word is saved or marked, and only
 * then is the coverage chunk (learner-coverage-runtime.tsx: the statuses store, idb, the coverage
 * rules and texts) fetched. A chunk that cannot be downloaded leaves the page as it was.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { afterPageSettles } from '../platform/main-thread';
import { CardFitContext, type CardFit } from '../views/common/card-fit-context';

const Runtime = lazy(() => import('./learner-coverage-runtime').catch(() => ({ default: () => null })));

export function LearnerCoverage({ page, children }: { page: 'home' | 'list'; children: ReactNode }) {
  const [has, setHas] = useState(false);
  const [fit, setFit] = useState<CardFit | null>(null);
  useEffect(() => {
    let live = true;
    // The check itself loads once the page has settled (with the header's due count): it is not in the first load.
    void afterPageSettles()
      .then(() => import('../platform/due-count'))
      .then(({ learnerHasWords }) => learnerHasWords())
      .then(
        (found) => live && setHas(found),
        () => {},
      );
    return () => {
      live = false;
    };
  }, []);
  return (
    <CardFitContext.Provider value={fit}>
      {children}
      {has ? (
        <Suspense fallback={null}>
          <Runtime page={page} onChange={setFit} />
        </Suspense>
      ) : null}
    </CardFitContext.Provider>
  );
}
