import { fromCallback } from 'xstate';

/**
 * The `storeChanges` actor of the machines that read the learner's IndexedDB store: EXTERNAL_CHANGE
 * whenever another tab (or another actor of this one) changes it, until the actor stops. The store
 * is opened on first use, so the subscription starts when it is there and never after a stop.
 */
export function storeChanges(getStore: () => Promise<{ subscribe(listener: () => void): () => void }>) {
  return fromCallback(({ sendBack }) => {
    let unsubscribe: (() => void) | null = null;
    let stopped = false;
    void getStore()
      .then((store) => {
        if (!stopped) unsubscribe = store.subscribe(() => sendBack({ type: 'EXTERNAL_CHANGE' }));
      })
      .catch(() => {
        // The load reports the problem; without a store there are no changes to hear.
      });
    return () => {
      stopped = true;
      unsubscribe?.();
    };
  });
}
