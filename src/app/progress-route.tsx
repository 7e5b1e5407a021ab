/** The progress route (/{lang}/progress), loaded on demand: the progress machine with the word store (idb on first use). */
import { useMemo } from 'react';
import { ProgressHead } from '../views/head/personal-page-heads';
import { ProgressActorContext } from '../views/learner/progress-context';
import { ProgressPage } from '../views/learner/progress-page';
import { useInspect } from './inspector';
import { wiredProgress } from './learner-wiring';
import { useServices } from './services';
import { statusStore as browserStatusStore } from './word-store-factory';

export default function ProgressRoute() {
  const { statusStore } = useServices();
  const inspect = useInspect();
  const logic = useMemo(() => wiredProgress(statusStore ?? browserStatusStore), [statusStore]);
  return (
    <ProgressActorContext.Provider logic={logic} options={{ inspect }}>
      <ProgressHead />
      <ProgressPage />
    </ProgressActorContext.Provider>
  );
}
