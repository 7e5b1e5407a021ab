/**
 * XState aborts an invoked promise actor's `signal` when it stops the actor; a request that then
 * fails only because of that abort must report nothing. Normally a stopped actor's result is
 * dropped anyway, but React StrictMode makes @xstate/react stop the root actor and restore it
 * from its snapshot, after which the first, aborted request's rejection would arrive at the
 * restored actor as a real error. So an aborted request never settles.
 */
export function settleUnlessAborted<T>(signal: AbortSignal, work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    if (signal.aborted) return new Promise<T>(() => {});
    throw error;
  });
}
