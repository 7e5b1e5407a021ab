import { describe, expect, it } from 'vitest';
import { wordProblem, type WordSense } from '../../../common/dictionary';
import { entryLayout, levelTagNames, lookupWordFrom } from '../../../src/domain/word-lookup';

const sense = (headword: string, partOfSpeech: string, extra: Partial<WordSense> = {}): WordSense => ({
  headword,
  partOfSpeech,
  ipa: '',
  definition: `${headword} as a ${partOfSpeech}`,
  tags: [],
  frequencyRank: null,
  ...extra,
});

describe('what is worth looking up', () => {
  it.each([
    ['“Harbours,”', 'Harbours'],
    ['council’s', 'council'],
    ["council's", 'council'],
    ['by-election', 'by-election'],
    ['(café)', 'café'],
    ['  gave   up ', 'gave up'],
  ])('looks %s up as %s', (text, word) => {
    expect(lookupWordFrom(text)).toBe(word);
  });

  it.each(['2024', '3rd', 'https://example.org', 'www.example.org', 'name@example.org', '—', '', 'five words in a row', 'a'.repeat(65)])(
    'never sends %j',
    (text) => {
      expect(lookupWordFrom(text)).toBeNull();
    },
  );

  it('names why the server refuses a word', () => {
    expect(wordProblem(' ')).toBe('empty');
    expect(wordProblem('x'.repeat(65))).toBe('too_long');
    expect(wordProblem('<b>')).toBe('markup');
    expect(wordProblem('ab\u0000c')).toBe('markup');
    expect(wordProblem('42')).toBe('no_letters');
    expect(wordProblem('harbour')).toBeUndefined();
  });
});

describe('level tags', () => {
  it('names Chinese exams for Chinese learners only, in a fixed order', () => {
    const tags = ['ielts', 'cet4', 'collins3', 'oxford3000', 'unknown'];
    expect(levelTagNames(tags, 'zh')).toEqual(['牛津 3000 核心词', 'Collins ★★★', '四级', '雅思']);
    expect(levelTagNames(tags, 'es')).toEqual(['Oxford 3000', 'Collins ★★★', 'IELTS']);
  });
});

describe('entry layout', () => {
  it('puts the lemma first, then the asked form as a word of its own, and says it is a form', () => {
    const layout = entryLayout({
      query: 'better',
      lemma: 'good',
      senses: [
        sense('good', 'adjective', { ipa: 'ɡʊd', frequencyRank: 60 }),
        sense('good', 'noun'),
        sense('better', 'verb', { ipa: 'ˈbetə' }),
      ],
    });
    expect(layout.isForm).toBe(true);
    expect(layout.ipa).toBe('ɡʊd');
    expect(layout.frequencyRank).toBe(60);
    expect(layout.senses.map((s) => s.partOfSpeech)).toEqual(['adjective', 'noun']);
    expect(layout.alsoHeadwords).toEqual([{ headword: 'better', senses: [expect.objectContaining({ partOfSpeech: 'verb' })] }]);
  });

  it('is no form when the word asked is the lemma, whatever its case', () => {
    expect(entryLayout({ query: 'Harbour', lemma: 'harbour', senses: [sense('harbour', 'noun')] }).isForm).toBe(false);
  });
});
