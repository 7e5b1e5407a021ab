import { describe, expect, it } from 'vitest';
import { keepOtherSections } from '../../../scripts/bench/sections';

describe('benchmark sections', () => {
  it('keeps the sections another script wrote and replaces its own', () => {
    const previous = '# Benchmarks\n\nold intro\n\n## Sizes\n\nold sizes\n\n## Hardening\n\nfuzz: 0 errors\n';
    const fresh = '# Benchmarks\n\nnew intro\n\n## Sizes\n\nnew sizes\n';
    expect(keepOtherSections(fresh, previous)).toBe(
      '# Benchmarks\n\nnew intro\n\n## Sizes\n\nnew sizes\n\n## Hardening\n\nfuzz: 0 errors\n',
    );
  });

  it('changes nothing when every old section is written again', () => {
    const text = '# B\n\n## A\n\na\n';
    expect(keepOtherSections(text, '# B\n\n## A\n\nold a\n')).toBe(text);
  });
});
