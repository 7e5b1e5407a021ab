/**
 * Figures of several server nodes loaded at the same time, each by its own autocannon, as one row.
 * autocannon hands back percentiles, not its histogram, so the nodes' latencies cannot be merged
 * exactly: the row takes the worse node's p50 and p99, which is never better than the merged
 * percentile would be (a client behind a balancer meets the slower node on some of its requests).
 */
import type { LoadFigures } from './load';

export function combinedNodeFigures(nodes: readonly LoadFigures[]): LoadFigures {
  if (nodes.length === 0) throw new Error('no node figures to combine');
  return {
    requestsPerSecond: nodes.reduce((sum, node) => sum + node.requestsPerSecond, 0),
    p50Ms: Math.max(...nodes.map((node) => node.p50Ms)),
    p99Ms: Math.max(...nodes.map((node) => node.p99Ms)),
    errors: nodes.reduce((sum, node) => sum + node.errors, 0),
    non2xx: nodes.reduce((sum, node) => sum + node.non2xx, 0),
    total: nodes.reduce((sum, node) => sum + node.total, 0),
  };
}

/** Two nodes' throughput against one node's, e.g. "1.42×"; "–" when one node served nothing. */
export function scaling(oneNode: LoadFigures, severalNodes: LoadFigures): string {
  if (oneNode.requestsPerSecond <= 0) return '–';
  return `${(severalNodes.requestsPerSecond / oneNode.requestsPerSecond).toFixed(2)}×`;
}

export interface FigureRow {
  readonly endpoint: string;
  readonly cache: string;
  readonly nodes: number;
  readonly figures: LoadFigures;
  /** The 1-minute load average when the case ended. */
  readonly load: number;
}

export function markdownTable(rows: readonly FigureRow[]): string {
  return [
    '| Endpoint | Answer cache | Nodes | req/s | p50 ms | p99 ms | errors | non-2xx | load (1 min) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${row.endpoint} | ${row.cache} | ${row.nodes} | ${row.figures.requestsPerSecond.toLocaleString('en-US')} | ${row.figures.p50Ms} | ${row.figures.p99Ms} | ${row.figures.errors} | ${row.figures.non2xx} | ${row.load.toFixed(2)} |`,
    ),
  ].join('\n');
}
