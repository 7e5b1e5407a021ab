/**
 * Long work on the main thread cut into slices of at most SLICE_MS, the page getting its thread
 * back between two (issue 26: the cards' coverage and the learner's statuses by rank, on a slow
 * phone). Apart from main-thread.ts, which every page's first load carries, so that only the chunks
 * that slice work carry this.
 */
import { yieldToMain } from './main-thread';

/** How long one slice of work may hold the main thread before the page gets it back. */
export const SLICE_MS = 4;

/**
 * Runs `steps` to its end, each slice in a task of its own (yieldToMain before it), stepping until
 * a slice has taken SLICE_MS. Resolves with what `steps` returns, or undefined once `signal` has
 * aborted (looked at before every step).
 */
export async function fillInSlices<T>(steps: Iterator<unknown, T, undefined>, signal: AbortSignal): Promise<T | undefined> {
  for (;;) {
    await yieldToMain();
    const start = performance.now();
    do {
      if (signal.aborted) return undefined;
      const step = steps.next();
      if (step.done === true) return step.value;
    } while (performance.now() - start < SLICE_MS);
  }
}
