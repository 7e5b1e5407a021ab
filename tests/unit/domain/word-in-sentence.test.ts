// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { escapeRegExp, wordInSentence } from '../../../src/domain/word-in-sentence';

describe('the word in its sentence', () => {
  it('marks the word as written, in any case, as a whole word', () => {
    expect(wordInSentence('Ships left the Harbours early; harbours fill.', 'harbours', 'harbour')).toEqual({
      before: 'Ships left the ',
      word: 'Harbours',
      after: ' early; harbours fill.',
    });
    expect(wordInSentence('The cat sat on the category.', 'cat', 'cat')?.before).toBe('The ');
    expect(wordInSentence('A category of things.', 'cat', 'cat')).toBeNull();
  });

  it('never marks the word inside another word', () => {
    expect(wordInSentence('He is within reach in time.', 'in', 'in')).toEqual({
      before: 'He is within reach ',
      word: 'in',
      after: ' time.',
    });
    expect(wordInSentence('IN time, within reach.', 'in', 'in')?.word).toBe('IN');
  });

  it('finds an inflected form as written, and falls back to the lemma when the sentence holds another form', () => {
    expect(wordInSentence('She went home and goes out.', 'went', 'go')?.word).toBe('went');
    expect(wordInSentence('We ran home.', 'running', 'ran')?.word).toBe('ran');
    expect(wordInSentence('Running late, they Run.', 'runs', 'run')).toEqual({ before: 'Running late, they ', word: 'Run', after: '.' });
  });

  it('treats the word as text, not a pattern', () => {
    expect(wordInSentence('Costs rose (a lot).', '(a', '(a')?.word).toBe('(a');
    expect(wordInSentence('Cost: 3x5 or 315?', '3.5', '3.5')).toBeNull();
    expect(wordInSentence('', 'x', 'x')).toBeNull();
    expect(new RegExp(escapeRegExp('a+b (c)?')).test('x a+b (c)? y')).toBe(true);
  });
});
