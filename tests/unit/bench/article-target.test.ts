import { describe, expect, it } from 'vitest';
import { articleTargetLine } from '../../../scripts/bench/report';

const js = (gzip: number) => ({ raw: gzip * 3, gzip, brotli: gzip });
const file = (gzip: number) => ({ file: '/assets/early-lookup-x.js', raw: gzip * 3, gzip, brotli: gzip });

describe("issue 33's article target in the benchmark report", () => {
  it('holds without the preloaded early look-up and not with it when only the first load is 30% lighter', () => {
    const line = articleTargetLine({ js: js(108_956), early: [file(1_204), file(7_125)] });
    expect(line).toContain('108,956 B, 31.1% lighter — holds');
    expect(line).toContain('117,285 B, 25.8% lighter — **does not hold**');
  });

  it('holds under both readings at 30% lighter exactly, and not one byte over', () => {
    expect(articleTargetLine({ js: js(100_000), early: [file(10_654)] })).toContain('110,654 B, 30.0% lighter — holds.');
    expect(articleTargetLine({ js: js(100_000), early: [file(10_655)] })).toContain('110,655 B, 30.0% lighter — **does not hold**.');
  });

  it('counts a page without an early look-up by its first load alone', () => {
    expect(articleTargetLine({ js: js(109_000) })).toContain('counted with the early look-up it preloads (decision 49), 109,000 B');
  });
});
