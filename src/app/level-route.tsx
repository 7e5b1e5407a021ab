/**
 * The placement route (/{lang}/level), loaded on demand: the placement machine with the lemma API
 * and the word store (idb imported on first use), and its page.
 */
import { useMemo } from 'react';
import { createLemmaClient } from '../api/lemma-client';
import { LevelHead } from '../views/head/personal-page-heads';
import { PlacementActorContext } from '../views/learner/placement-context';
import { PlacementPage } from '../views/learner/placement-page';
import { useInspect } from './inspector';
import { wiredPlacement } from './learner-wiring';
import { useServices } from './services';
import { statusStore as browserStatusStore } from './word-store-factory';

export default function LevelRoute() {
  const { statusStore, lemmas } = useServices();
  const inspect = useInspect();
  const logic = useMemo(() => wiredPlacement(lemmas ?? createLemmaClient(), statusStore ?? browserStatusStore), [lemmas, statusStore]);
  return (
    <PlacementActorContext.Provider logic={logic} options={{ inspect }}>
      <LevelHead />
      <PlacementPage />
    </PlacementActorContext.Provider>
  );
}
