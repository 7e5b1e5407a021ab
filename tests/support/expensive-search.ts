/** The costliest search the API accepts: 8 words (the limit), each in nearly every synthetic article. */
export const EXPENSIVE_SEARCH = 'the of to in and for with city';

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Clients that send the search back to back until `until`, and a prober timing /api/health meanwhile. */
export async function healthUnderSearchLoad(
  origin: string,
  options: { clients: number; durationMs: number; probeEveryMs: number },
): Promise<{ healthMs: number[]; healthFailures: number; searches: number; searchStatuses: Record<number, number> }> {
  const until = Date.now() + options.durationMs;
  const searchStatuses: Record<number, number> = {};
  let searches = 0;
  const path = `/api/articles/search?q=${encodeURIComponent(EXPENSIVE_SEARCH)}&limit=100`;
  const client = async () => {
    while (Date.now() < until) {
      const res = await fetch(`${origin}${path}`);
      await res.arrayBuffer();
      searchStatuses[res.status] = (searchStatuses[res.status] ?? 0) + 1;
      searches += 1;
    }
  };
  const healthMs: number[] = [];
  let healthFailures = 0;
  const prober = async () => {
    await new Promise((r) => setTimeout(r, 200));
    while (Date.now() < until) {
      const started = performance.now();
      const res = await fetch(`${origin}/api/health`);
      await res.arrayBuffer();
      healthMs.push(performance.now() - started);
      if (res.status !== 200) healthFailures += 1;
      await new Promise((r) => setTimeout(r, options.probeEveryMs));
    }
  };
  await Promise.all([...Array.from({ length: options.clients }, client), prober()]);
  return { healthMs, healthFailures, searches, searchStatuses };
}
