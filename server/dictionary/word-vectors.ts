/**
 * Dense context for sense ranking: word vectors (GloVe-style, reduced and quantised at build time)
 * let a sentence that shares no word with a sense's definition still be near it ("the chair of the
 * committee" is near "presides at the meetings of an organization").
 */
import type { AlternativeSense } from './data-format';

export interface WordVectors {
  /** The word's vector, unit length; undefined when the word has none. */
  vectorOf(word: string): Float32Array | undefined;
}

/** A stored (quantised) vector as a unit-length float vector; null for an all-zero one. */
export function unitVector(stored: Int8Array): Float32Array | null {
  const vector = Float32Array.from(stored);
  const norm = Math.hypot(...vector);
  if (norm === 0) return null;
  for (let i = 0; i < vector.length; i += 1) vector[i]! /= norm;
  return vector;
}

/** Weighted mean of the words' vectors, unit length; undefined when none of the words has one. */
export function meanVector(
  words: Iterable<string>,
  vectors: WordVectors,
  weightOf: (word: string) => number = () => 1,
  minimumWords = 1,
): Float32Array | undefined {
  let sum: Float32Array | undefined;
  let count = 0;
  for (const word of words) {
    const vector = vectors.vectorOf(word);
    if (!vector) continue;
    count += 1;
    sum ??= new Float32Array(vector.length);
    const weight = weightOf(word);
    for (let i = 0; i < vector.length; i += 1) sum[i]! += weight * vector[i]!;
  }
  if (!sum || count < minimumWords) return undefined;
  const norm = Math.hypot(...sum);
  if (norm === 0) return undefined;
  for (let i = 0; i < sum.length; i += 1) sum[i]! /= norm;
  return sum;
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i += 1) dot += a[i]! * b[i]!;
  return dot;
}

/** A sense's vector: the mean of its cue words' (definition, examples, hypernyms, compound modifiers, related words). */
export function senseVector(sense: AlternativeSense, vectors: WordVectors, weightOf?: (word: string) => number): Float32Array | undefined {
  const cues = sense.cues
    .split(' ')
    .filter((cue) => cue !== '')
    .map((cue) => (cue.startsWith('=') || cue.startsWith('~') ? cue.slice(1) : cue));
  return meanVector(cues, vectors, weightOf);
}

/** Word vectors read from the dictionary's store (int8 rows), decoded once each (20,000 × 400 bytes at most). */
export function storedWordVectors(read: (word: string) => Buffer | undefined): WordVectors {
  const decoded = new Map<string, Float32Array | null>();
  return {
    vectorOf: (word) => {
      let vector = decoded.get(word);
      if (vector === undefined) {
        const stored = read(word);
        vector = stored ? unitVector(new Int8Array(stored.buffer, stored.byteOffset, stored.byteLength)) : null;
        decoded.set(word, vector);
      }
      return vector ?? undefined;
    },
  };
}

/** Sense vectors kept in memory: 20,000 × 400 bytes at most, then started afresh. */
const SENSE_VECTORS_KEPT = 20_000;

/** How near each sense is to a sentence: the cosine of their mean vectors. */
export class SenseSimilarity {
  private readonly senseVectors = new Map<string, Float32Array | null>();

  constructor(private readonly vectors: WordVectors) {}

  /**
   * The similarity function for a sentence's content words and the article's category, or
   * undefined when fewer than two of them have a vector (one word, often a common one such as
   * "nothing", is too thin a context to move a sense). The category's own name ("sports",
   * "politics") joins the sentence's words as one word of weight 1.
   */
  toContext(
    words: ReadonlySet<string>,
    category: string | undefined,
    weightOf: (word: string) => number,
  ): ((sense: AlternativeSense) => number | undefined) | undefined {
    const withCategory = category && !words.has(category);
    const context = meanVector(
      withCategory ? [...words, category] : words,
      this.vectors,
      (word) => (withCategory && word === category ? 1 : weightOf(word)),
      2,
    );
    if (!context) return undefined;
    return (sense) => {
      const vector = this.senseVectorOf(sense, weightOf);
      return vector ? cosine(context, vector) : undefined;
    };
  }

  /** A sense's vector, kept by its cue words: a hundred or so look-ups a sense otherwise. */
  private senseVectorOf(sense: AlternativeSense, weightOf: (word: string) => number): Float32Array | undefined {
    let vector = this.senseVectors.get(sense.cues);
    if (vector === undefined) {
      if (this.senseVectors.size >= SENSE_VECTORS_KEPT) this.senseVectors.clear();
      vector = senseVector(sense, this.vectors, weightOf) ?? null;
      this.senseVectors.set(sense.cues, vector);
    }
    return vector ?? undefined;
  }
}
