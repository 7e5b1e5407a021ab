/**
 * Gives the browser its main thread back before the next step of a long start-up, so input and
 * painting can run in between and no single task holds the page for the whole start
 * (`scheduler.yield` where the browser has it, which keeps this task's place ahead of others; a
 * zero-delay timer elsewhere).
 */
interface YieldingScheduler {
  yield(): Promise<void>;
}

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
