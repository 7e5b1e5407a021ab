// @vitest-environment node
/**
 * WordNet's neighbourhood of a sense as words for its vector (issue 29): reading a synset's words and
 * topic domains, choosing the related words, and keeping them out of the shared-word count.
 */
import { describe, expect, it } from 'vitest';
import { VECTOR_DIMENSIONS } from '../../server/dictionary/data-format';
import { senseScore } from '../../server/dictionary/sense-ranking';
import { cosine, senseVector, type WordVectors } from '../../server/dictionary/word-vectors';
import { parseGloss, type Sense } from '../../server/dictionary/wordnet';
import { relatedWords } from '../../scripts/dictionary/sense-cues';

const LINE =
  '10683297 18 n 02 striker 1 naval_cadet 0 003 @ 09880801 n 0000 ;c 08215965 n 0000 ~ 10000001 n 0000 | someone receiving intensive training; "the striker passed"  ';

function synset(words: string[], definition: string, extra: Partial<Sense> = {}): Sense {
  return { pos: 'noun', properNames: [], definition, examples: [], lexFile: 18, hypernyms: [], hyponyms: [], words, topics: [], ...extra };
}

describe('related words of a sense', () => {
  it('reads a synset line’s words (underscores as spaces) and its topic domains apart from its hypernyms and kinds', () => {
    const sense = parseGloss(LINE, 'noun')!;
    expect(sense.words).toEqual(['striker', 'naval cadet']);
    expect(sense.topics).toEqual([8215965]);
    expect(sense.hypernyms).toEqual([9880801]);
    expect(sense.hyponyms).toEqual([10000001]);
    expect(sense.examples).toEqual(['the striker passed']);
  });

  it('lists synonyms, topic, hypernym and kind names, then kinds’ definitions, without the headword or cue words', () => {
    const synsets = new Map<number, Sense>([
      [1, synset(['navy', 'naval forces'], 'an organization of sailors')],
      [2, synset(['trainee'], 'someone being trained')],
      [3, synset(['midshipman'], 'a cadet at a naval academy')],
    ]);
    // navy and trainee have one sense each; midshipman two (made up for the test).
    const senseCounts: Record<string, number> = { navy: 1, trainee: 1, midshipman: 2 };
    const wordNet = {
      synset: (_pos: string, offset: number) => synsets.get(offset),
      senseOffsets: (word: string, pos: string) => (pos === 'noun' ? Array.from({ length: senseCounts[word] ?? 0 }, (_, i) => i) : []),
    };
    const sense = synset(['striker', 'naval cadet'], 'someone receiving training', { topics: [1], hyponyms: [3] });
    const related = (limit: number, monosemousOnly = false) =>
      relatedWords(wordNet, 'noun', sense, [2], 'striker', ['training'], { limit, monosemousOnly });
    expect(related(24)).toEqual(['naval', 'cadet', 'navy', 'forces', 'trainee', 'midshipman', 'academy']);
    expect(related(3)).toEqual(['naval', 'cadet', 'navy']);
    expect(related(0)).toEqual([]);
    // Only whole one-word names with a single sense: not "naval cadet", not midshipman.
    expect(related(24, true)).toEqual(['navy', 'trainee']);
  });

  it('moves a sense’s vector with its related words but never counts them as words the sentence shares', () => {
    const sense = { en: '', zh: '前锋', es: 'delantero', cues: 'forward team ~football ~goal' };
    expect(senseScore(sense, { words: new Set(['football', 'goal']) })).toBe(0);
    expect(senseScore(sense, { words: new Set(['team']) })).toBe(1);
    const axis = (i: number): Float32Array => Float32Array.from({ length: VECTOR_DIMENSIONS }, (_, k) => (k === i ? 1 : 0));
    const table: Record<string, Float32Array> = { forward: axis(0), team: axis(0), football: axis(1), goal: axis(1) };
    const vectors: WordVectors = { vectorOf: (word) => table[word] };
    const withRelated = senseVector(sense, vectors)!;
    const without = senseVector({ ...sense, cues: 'forward team' }, vectors)!;
    expect(cosine(withRelated, axis(1))).toBeGreaterThan(0.5);
    expect(cosine(without, axis(1))).toBe(0);
  });
});
