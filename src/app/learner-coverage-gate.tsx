/**
 * The coverage chunk's gate (loaded by learner-coverage-loader.tsx once the page has settled): the
 * header's raw IndexedDB reader (due-count.ts) says whether any word is saved or marked, and only
 * then is the coverage chunk fetched. Renders nothing of its own, on the server too.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { learnerHasWords } from '../platform/due-count';
import type { LearnerCoverageRuntimeProps } from './learner-coverage-runtime';

const Runtime = lazy(() => import('./learner-coverage-runtime').catch(() => ({ default: () => null })));

export default function LearnerCoverageGate(props: LearnerCoverageRuntimeProps): ReactNode {
  const [has, setHas] = useState(false);
  useEffect(() => {
    let live = true;
    learnerHasWords().then(
      (found) => live && setHas(found),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return has ? (
    <Suspense fallback={null}>
      <Runtime {...props} />
    </Suspense>
  ) : null;
}
