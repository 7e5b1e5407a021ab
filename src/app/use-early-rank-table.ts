/**
 * A home or list page that names the cards' frequency list (decision 50) asks for its hash table while the learner's
 * statuses are still being read from IndexedDB, if no statuses by rank are kept for the current revision: reading
 * thousands of statuses takes longer than the cards' inventories on a fast network, and the table then arrives with
 * the statuses instead of after them. Only the table's request: the record is still made once the statuses are read
 * (use-sliced-coverage.ts), through the lemma client, which hands that same request to everyone asking for the list.
 * The coverage chunk loads only for a learner with a saved or marked word, so no one else fetches it.
 */
import { useEffect } from 'react';
import type { LemmaApi } from '../api/lemma-client';
import type { StatusStore } from '../platform/word-store';

export function useEarlyRankTable(check: string | null, getStore: () => Promise<StatusStore>, lemmas: LemmaApi): void {
  useEffect(() => {
    if (check === null) return;
    let live = true;
    getStore()
      .then((store) => store.hasCurrentRankStatuses())
      .then(
        (current) => {
          // No signal: the cards' own request for this table is this one, and must not be cut short.
          if (live && !current) lemmas.rankedHashes(check).catch(() => undefined);
        },
        // No store (private window): the coverage chunk says why; nothing to prepare.
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [check, getStore, lemmas]);
}
