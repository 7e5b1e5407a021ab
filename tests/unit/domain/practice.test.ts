import { describe, expect, it } from 'vitest';
import type { Exercise } from '../../../common/exercise-contract';
import { judge, normaliseTyped, practisedLemmas } from '../../../src/domain/practice';

const gap: Exercise = {
  kind: 'gap_fill',
  text: 'The orchard ___ early this year.',
  answer: 'blossomed',
  options: ['blossomed', 'argued', 'printed', 'rescued'],
  lemma: 'blossom',
  part_of_speech: 'verb',
  sentence: 'The orchard blossomed early this year.',
};
const heard: Exercise = {
  kind: 'listening',
  text: 'The climbers ___ down before the storm.',
  answer: 'went',
  lemma: 'go',
  forms: ['go', 'goes', 'going', 'gone'],
  sentence: 'The climbers went down before the storm.',
};
const order: Exercise = {
  kind: 'word_order',
  tiles: ['painted', 'The', 'red.', 'keeper', 'gate', 'the'],
  sentence: 'The keeper painted the gate red.',
};
const pairs: Exercise = {
  kind: 'match',
  pairs: [
    { lemma: 'glacier', part_of_speech: 'noun', gloss: '冰川' },
    { lemma: 'valley', part_of_speech: 'noun', gloss: '山谷' },
  ],
  gloss_order: [1, 0],
};

describe('judging a practice answer', () => {
  it('takes the option that is the answer, nothing else', () => {
    expect(judge(gap, { kind: 'choice', text: 'blossomed' })).toBe('right');
    expect(judge(gap, { kind: 'choice', text: 'argued' })).toBe('wrong');
  });

  it('ignores case and a trailing punctuation mark in a typed word, and tells a wrong form from a wrong word', () => {
    expect(normaliseTyped('  Went. ')).toBe('went');
    expect(judge(heard, { kind: 'typed', text: 'WENT!' })).toBe('right');
    expect(judge(heard, { kind: 'typed', text: 'go' })).toBe('wrong-form');
    expect(judge(heard, { kind: 'typed', text: 'Gone' })).toBe('wrong-form');
    expect(judge(heard, { kind: 'typed', text: 'walked' })).toBe('wrong');
    expect(judge(heard, { kind: 'typed', text: '' })).toBe('wrong');
  });

  it('takes tiles in the sentence’s order, even when two tiles read the same', () => {
    expect(judge(order, { kind: 'order', tiles: ['The', 'keeper', 'painted', 'the', 'gate', 'red.'] })).toBe('right');
    expect(judge(order, { kind: 'order', tiles: ['The', 'gate', 'painted', 'the', 'keeper', 'red.'] })).toBe('wrong');
  });

  it('takes a match only when every word has its own gloss', () => {
    expect(judge(pairs, { kind: 'pairs', glosses: [0, 1] })).toBe('right');
    expect(judge(pairs, { kind: 'pairs', glosses: [1, 0] })).toBe('wrong');
    expect(practisedLemmas(pairs)).toEqual(['glacier', 'valley']);
    expect(practisedLemmas(order)).toEqual([]);
  });
});
