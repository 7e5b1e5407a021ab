/**
 * Home and the list show the learner's coverage only for a learner who has word statuses: a tiny
 * raw IndexedDB check (learner-presence.ts) decides, and only then is the coverage chunk
 * (learner-coverage-runtime.tsx: the statuses store, idb, the coverage rules and texts) fetched.
 * Everyone else downloads nothing more. A chunk that cannot be downloaded is logged; the page stays as it was.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { learnerHasWords } from '../platform/learner-presence';
import { consoleLogger } from '../platform/logger';
import { CardFitContext, type CardFit } from '../views/common/card-fit-context';
import type { LearnerCoverageRuntimeProps } from './learner-coverage-runtime';
import { useServices } from './services';

interface RuntimeModule {
  readonly LearnerCoverageRuntime: (props: LearnerCoverageRuntimeProps) => ReactNode;
}

export function LearnerCoverage({ page, children }: { page: 'home' | 'list'; children: ReactNode }) {
  const { logger = consoleLogger } = useServices();
  const [runtime, setRuntime] = useState<RuntimeModule | null>(null);
  const [fit, setFit] = useState<CardFit | null>(null);

  useEffect(() => {
    let live = true;
    void learnerHasWords()
      .then((has) => (has ? import('./learner-coverage-runtime') : null))
      .then(
        (module) => {
          if (live && module !== null) setRuntime(module);
        },
        (error: unknown) => logger.warn('The coverage could not be loaded; the page works the same', error),
      );
    return () => {
      live = false;
    };
  }, [logger]);

  return (
    <CardFitContext.Provider value={fit}>
      {children}
      {runtime !== null ? <runtime.LearnerCoverageRuntime page={page} onChange={setFit} /> : null}
    </CardFitContext.Provider>
  );
}
