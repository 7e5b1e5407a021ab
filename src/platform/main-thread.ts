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

/** How long after the page's load event work that the first screen does not need waits. */
const SETTLE_MS = 1000;

let settled: Promise<void> | undefined;

/**
 * Resolves once the page has loaded and then had a second to itself (as the first visit's cookie
 * banner waits): code the first screen does not need (head tags the server already wrote) loads
 * then, not while the page hydrates. On the server, or long after the load, it resolves at once.
 */
export function afterPageSettles(): Promise<void> {
  if (settled !== undefined) return settled;
  if (typeof window === 'undefined' || typeof document === 'undefined') return Promise.resolve();
  settled = new Promise((resolve) => {
    const wait = () => setTimeout(resolve, Math.max(0, SETTLE_MS - (performance.now() - loadedAt())));
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true });
  });
  return settled;
}

/** When the load event ended (ms since navigation start), or now where the browser does not say. */
function loadedAt(): number {
  const [navigation] = performance.getEntriesByType?.('navigation') ?? [];
  const end = (navigation as PerformanceNavigationTiming | undefined)?.loadEventEnd;
  return end !== undefined && end > 0 ? end : performance.now();
}

/**
 * Resolves once the page settles (`afterPageSettles`) or the reader first presses or focuses
 * anything on it, whichever comes first: code the first screen does not need but a press may (the
 * article route's, issue 33) waits for it.
 */
export function afterPageSettlesOrInteraction(): Promise<void> {
  return new Promise((resolve) => {
    for (const type of ['pointerdown', 'click', 'focusin'])
      addEventListener(type, () => resolve(), { capture: true, passive: true, once: true });
    void afterPageSettles().then(resolve);
  });
}
