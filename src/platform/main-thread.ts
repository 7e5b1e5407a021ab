/**
 * Gives the browser its main thread back before the next step of a long start-up, so input and
 * painting can run in between and no single task holds the page for the whole start
 * (`scheduler.yield` where the browser has it, which keeps this task's place ahead of others). Elsewhere
 * a message to itself: unlike a zero-delay timer, it is not held back to once a second in a tab
 * opened in the background, which boot.ts starts all the same.
 */
interface YieldingScheduler {
  yield(): Promise<void>;
}

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
