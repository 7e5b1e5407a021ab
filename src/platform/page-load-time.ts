/**
 * How long ago the page's load event ended, in ms; 0 before it has, or where the browser does not
 * say: a wait measured "from the page's load" (the cookie banner's second) then runs in full.
 * Apart from main-thread.ts so that only the chunk that needs it (the consent machine's) carries it.
 */
export function msSincePageLoaded(): number {
  const [navigation] = performance.getEntriesByType?.('navigation') ?? [];
  const end = (navigation as PerformanceNavigationTiming | undefined)?.loadEventEnd;
  return end !== undefined && end > 0 ? Math.max(0, performance.now() - end) : 0;
}
