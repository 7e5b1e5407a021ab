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

/** A sense's vector: the mean of its cue words' (definition, examples, hypernyms, compound modifiers). */
export function senseVector(sense: AlternativeSense, vectors: WordVectors, weightOf?: (word: string) => number): Float32Array | undefined {
  const cues = sense.cues
    .split(' ')
    .filter((cue) => cue !== '')
    .map((cue) => (cue.startsWith('=') ? cue.slice(1) : cue));
  return meanVector(cues, vectors, weightOf);
}
