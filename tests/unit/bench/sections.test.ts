import { describe, expect, it } from 'vitest';
import { keepOtherSections, replaceSection } from '../../../scripts/bench/sections';

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

describe('replaceSection', () => {
  const doc = '# Benchmarks\n\n## One\n\nold one\n\n## Two\n\ntwo\n';

  it('replaces the named section and keeps the ones after it', () => {
    expect(replaceSection(doc, '## One', '## One\n\nnew one\n')).toBe('# Benchmarks\n\n## One\n\nnew one\n\n## Two\n\ntwo\n');
  });

  it('replaces the last section up to the end', () => {
    expect(replaceSection(doc, '## Two', '## Two\n\nnew two\n')).toBe('# Benchmarks\n\n## One\n\nold one\n\n## Two\n\nnew two\n');
  });

  it('adds a section that is not there yet at the end', () => {
    expect(replaceSection(doc, '## Three', '## Three\n\nthree')).toBe(`${doc}\n## Three\n\nthree\n`);
  });
});
