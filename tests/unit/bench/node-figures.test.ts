import { describe, expect, it } from 'vitest';
import type { LoadFigures } from '../../../scripts/bench/load';
import { combinedNodeFigures, markdownTable, scaling } from '../../../scripts/bench/node-figures';

const node = (requestsPerSecond: number, p50Ms: number, p99Ms: number, errors = 0, non2xx = 0): LoadFigures => ({
  requestsPerSecond,
  p50Ms,
  p99Ms,
  errors,
  non2xx,
  total: requestsPerSecond * 10,
});

describe('two nodes measured together', () => {
  it('sums throughput, errors and requests, and keeps the slower node’s percentiles', () => {
    expect(combinedNodeFigures([node(1200, 3, 40, 1, 0), node(900, 5, 25, 0, 2)])).toEqual({
      requestsPerSecond: 2100,
      p50Ms: 5,
      p99Ms: 40,
      errors: 1,
      non2xx: 2,
      total: 21_000,
    });
  });

  it('is the node itself when there is one', () => {
    expect(combinedNodeFigures([node(700, 2, 9)])).toEqual(node(700, 2, 9));
  });

  it('refuses to invent figures from no node', () => {
    expect(() => combinedNodeFigures([])).toThrow(/no node/);
  });

  it('states the scaling against one node, and none when one node served nothing', () => {
    expect(scaling(node(1000, 1, 5), node(1500, 1, 9))).toBe('1.50×');
    expect(scaling(node(0, 0, 0), node(10, 1, 1))).toBe('–');
  });

  it('writes one table row per case with the load average beside the figures', () => {
    const table = markdownTable([{ endpoint: 'search', cache: 'off', nodes: 2, figures: node(1234, 8, 61), load: 3.456 }]);
    expect(table.split('\n')).toHaveLength(3);
    expect(table).toContain('| search | off | 2 | 1,234 | 8 | 61 | 0 | 0 | 3.46 |');
  });
});
