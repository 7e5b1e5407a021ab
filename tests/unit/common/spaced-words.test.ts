import { describe, expect, it } from 'vitest';
import { InventoryFormatError, listCheck, SpacedWords, spacedRankedListOf } from '../../../common/lemma-contract';

describe('a frequency list left in its one string', () => {
  it('reads every rank as the split list does, and nothing past either end', () => {
    for (const words of [['the', 'be', 'go', "o'clock", 'tide'], ['only'], ['a', 'b'], []]) {
      const spaced = new SpacedWords(words.join(' '));
      expect(spaced.length).toBe(words.length);
      expect(new SpacedWords(words.join(' '), words.length).at(words.length - 1)).toBe(words.at(-1));
      expect(Array.from({ length: words.length }, (_, rank) => spaced.at(rank))).toEqual(words);
      expect(spaced.at(words.length)).toBeUndefined();
      expect(spaced.at(-1)).toBeUndefined();
      expect(spaced.at(1.5)).toBeUndefined();
    }
  });

  it('is taken from an answer that states the check asked for, refused for another, and not made for an answer without one', () => {
    const words = ['the', 'be', 'go'];
    const check = listCheck(words);
    const spaced = spacedRankedListOf({ level: 'top10000', words: words.join(' '), check }, check);
    expect(spaced?.at(2)).toBe('go');
    expect(() => spacedRankedListOf({ level: 'top10000', words: words.join(' '), check: listCheck(['x']) }, check)).toThrow(
      InventoryFormatError,
    );
    expect(spacedRankedListOf({ level: 'top10000', words: words.join(' ') }, check)).toBeNull();
    // An answer whose words are not as many as its check names (a damaged or mixed-up list).
    for (const text of ['the be', 'the be go tide', '']) {
      expect(() => spacedRankedListOf({ level: 'top10000', words: text, check }, check)).toThrow(InventoryFormatError);
    }
  });
});
