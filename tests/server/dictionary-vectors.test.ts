// @vitest-environment node
/** Word vectors for sense ranking (issue 29): the data row, quantising, the context vector and the ranking with vectors. */
import { describe, expect, it } from 'vitest';
import { formatVector, parseVector, RowFormatError, VECTOR_DIMENSIONS } from '../../server/dictionary/data-format';
import { rankSenses } from '../../server/dictionary/sense-ranking';
import { cosine, meanVector, senseVector, unitVector, type WordVectors } from '../../server/dictionary/word-vectors';
import { cognatesFirst, isCognate } from '../../scripts/dictionary/sense-alignment';
import { quantise } from '../../scripts/dictionary/word-vectors-source';

/** Three made-up directions: money words, water words, and a word near both. */
function toyVectors(): WordVectors {
  const axis = (i: number, j?: number): number[] =>
    Array.from({ length: VECTOR_DIMENSIONS }, (_, k) => (k === i ? 1 : k === j ? 0.8 : 0.01 * ((k % 7) - 3)));
  const raw: Record<string, number[]> = {
    profits: axis(0),
    money: axis(0, 5),
    lending: axis(0, 6),
    river: axis(1),
    water: axis(1, 7),
    flood: axis(1, 8),
  };
  const stored = new Map(Object.entries(raw).map(([word, values]) => [word, unitVector(quantise(values))!]));
  return { vectorOf: (word) => stored.get(word) };
}

describe('word vectors for sense ranking', () => {
  it('keeps a vector through quantising, the data row and back (cosine with the original above 0.99)', () => {
    const original = Array.from({ length: VECTOR_DIMENSIONS }, (_, i) => Math.sin(i * 1.7) * (i % 3 === 0 ? 2.5 : 0.4));
    const row = formatVector({ word: 'harbour', vector: quantise(original) });
    const parsed = parseVector(row);
    expect(parsed.word).toBe('harbour');
    const norm = Math.hypot(...original);
    const back = unitVector(parsed.vector)!;
    expect(
      cosine(
        back,
        Float32Array.from(original, (v) => v / norm),
      ),
    ).toBeGreaterThan(0.99);
  });

  it('refuses a vector row of the wrong length', () => {
    expect(() => parseVector(`word\t${Buffer.from([1, 2, 3]).toString('base64')}`)).toThrow(RowFormatError);
  });

  it('has no context vector for fewer known words than asked, and ignores unknown words', () => {
    const vectors = toyVectors();
    expect(meanVector(['profits', 'zzz'], vectors, undefined, 2)).toBeUndefined();
    expect(meanVector(['profits', 'money', 'zzz'], vectors, undefined, 2)).toBeDefined();
  });

  it('ranks a sense first when the sentence is near its cues in meaning though it shares no word', () => {
    const vectors = toyVectors();
    const river = { en: '', zh: '岸', es: 'orilla', cues: 'river water' };
    const money = { en: 'a financial institution', zh: '银行', es: 'banco', cues: 'money lending' };
    const context = (words: string[]) => {
      const vector = meanVector(words, vectors, undefined, 2)!;
      return {
        words: new Set(words),
        similarity: (sense: typeof river) => {
          const own = senseVector(sense, vectors);
          return own ? cosine(vector, own) : undefined;
        },
      };
    };
    // No shared word: without vectors the first sense stays.
    expect(rankSenses([river, money], { words: new Set(['profits', 'doubled']) })).toBe(0);
    expect(rankSenses([river, money], context(['profits', 'doubled', 'profits']))).toBe(1);
    expect(rankSenses([river, money], context(['flood', 'water']))).toBe(0);
  });
});

describe("a synset's Spanish lemmas: the English word's cognates first", () => {
  it('puts the cognate of the word first and keeps the rest in order', () => {
    // Made-up synsets: MCR's members translate the whole synset, not the word looked up.
    expect(cognatesFirst(['ferrocarril', 'locomotora', 'tren'], 'train')).toEqual(['tren', 'ferrocarril', 'locomotora']);
    expect(cognatesFirst(['lugar', 'cargo', 'puesto'], 'post')).toEqual(['puesto', 'lugar', 'cargo']);
    expect(cognatesFirst(['genio', 'asistente', 'estrella'], 'star')[0]).toBe('estrella');
    expect(cognatesFirst(['festejar', 'galantear', 'cortejar'], 'court')[0]).toBe('cortejar');
  });

  it('leaves a synset without a cognate, and multi-word lemmas, as they are', () => {
    expect(cognatesFirst(['director', 'gerente', 'entrenador'], 'coach')).toEqual(['director', 'gerente', 'entrenador']);
    expect(isCognate('tren de carga', 'train')).toBe(false);
    expect(isCognate('orilla', 'bank')).toBe(false);
    expect(isCognate('sentenciar', 'sentence')).toBe(true);
  });
});
