/**
 * Home and the list show the learner's coverage only for a learner who has word statuses. The first
 * load carries only this slot: once the page has settled, the gate's chunk (learner-coverage-gate.tsx)
 * asks IndexedDB whether any word is saved or marked, and only then fetches the coverage chunk
 * (learner-coverage-runtime.tsx: the statuses store, idb, the coverage rules and texts). A chunk
 * that cannot be downloaded leaves the page as it was.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { afterPageSettles } from '../platform/main-thread';
import { CardFitContext, type CardFit } from '../views/common/card-fit-context';

const Gate = lazy(() =>
  afterPageSettles()
    .then(() => import('./learner-coverage-gate'))
    .catch(() => ({ default: () => null })),
);

export function LearnerCoverage({ page, children }: { page: 'home' | 'list'; children: ReactNode }) {
  const [fit, setFit] = useState<CardFit | null>(null);
  return (
    <CardFitContext.Provider value={fit}>
      {children}
      <Suspense fallback={null}>
        <Gate page={page} onChange={setFit} />
      </Suspense>
    </CardFitContext.Provider>
  );
}
