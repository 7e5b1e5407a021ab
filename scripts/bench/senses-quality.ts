/**
 * Issue 29's figures: phrase detection precision and recall on the labelled set
 * (scripts/bench/data/phrase-detection.tsv; separated phrasal verbs counted apart), the look-up
 * latency of phrases against words (in process, and over HTTP with a short bounded autocannon run),
 * the sizes of the dictionary data files, and the share of the labelled sense set
 * (scripts/bench/data/sense-labels.tsv, the development set, and sense-labels-heldout.tsv, never tuned
 * on) whose first Chinese and first Spanish gloss fit the sentence.
 * Run: npx tsx scripts/bench/senses-quality.ts [--http-seconds 5] [--senses-only]
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { PhraseFinder } from '../../server/content/phrase-finder';
import { openDictionary } from '../../server/dictionary/open-dictionary';
import type { Dictionary } from '../../server/dictionary/dictionary-types';
import { startServer } from '../../tests/support/server-process';
import { senseSets } from './sense-choice';

const ROOT = join(import.meta.dirname, '..', '..');
const DATA_DIR = join(ROOT, 'server', 'dictionary', 'data');

/** Look-ups of the latency comparison: common words, and phrases (some inflected) of the same frequency band. */
const WORDS = [
  'government',
  'harbour',
  'gave',
  'looked',
  'children',
  'election',
  'minister',
  'offer',
  'turned',
  'waiting',
  'carried',
  'climate',
];
const PHRASES = [
  'give up',
  'gave up',
  'look after',
  'looked after',
  'turn down',
  'waiting list',
  'carry out',
  'prime minister',
  'set up',
  'climate change',
  'find out',
  'take part',
];

interface Labelled {
  readonly sentence: string;
  readonly contiguous: ReadonlySet<string>;
  readonly separated: ReadonlySet<string>;
}

function readSet(file: string): Labelled[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [expected = '', sentence = ''] = line.split('\t');
      const phrases = expected === '-' ? [] : expected.split('|');
      return {
        sentence,
        contiguous: new Set(phrases.filter((p) => !p.endsWith('*'))),
        separated: new Set(phrases.filter((p) => p.endsWith('*')).map((p) => p.slice(0, -1))),
      };
    });
}

interface Counts {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

const ratio = (a: number, b: number): string => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)}%`);

function report(name: string, c: Counts): void {
  const precision = ratio(c.truePositives, c.truePositives + c.falsePositives);
  const recall = ratio(c.truePositives, c.truePositives + c.falseNegatives);
  console.log(
    `  ${name}: precision ${precision}, recall ${recall} (TP ${c.truePositives}, FP ${c.falsePositives}, FN ${c.falseNegatives})`,
  );
}

function detection(dictionary: Dictionary): void {
  const set = readSet(join(import.meta.dirname, 'data', 'phrase-detection.tsv'));
  const finder = new PhraseFinder(dictionary.phrases(), (form) => dictionary.lemmaOf(form));
  const contiguous: Counts = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };
  const separated: Counts = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };
  const notInDictionary = new Set<string>();
  const mistakes: string[] = [];
  for (const item of set) {
    const found = finder.find(item.sentence);
    const foundContiguous = new Set(found.filter((f) => !f.separated).map((f) => f.phrase));
    const foundSeparated = new Set(found.filter((f) => f.separated).map((f) => f.phrase));
    for (const [expected, got, counts, mark] of [
      [item.contiguous, foundContiguous, contiguous, ''],
      [item.separated, foundSeparated, separated, '*'],
    ] as const) {
      for (const phrase of got) {
        if (expected.has(phrase)) counts.truePositives += 1;
        else {
          counts.falsePositives += 1;
          mistakes.push(`FP ${phrase}${mark}: ${item.sentence}`);
        }
      }
      for (const phrase of expected) {
        if (got.has(phrase)) continue;
        counts.falseNegatives += 1;
        const known = dictionary.lookUp(phrase, 'en')?.lemma === phrase;
        if (!known) notInDictionary.add(phrase);
        mistakes.push(`FN ${phrase}${mark}${known ? '' : ' (not a dictionary phrase)'}: ${item.sentence}`);
      }
    }
  }
  console.log(`Phrase detection, ${set.length} labelled sentences:`);
  report('contiguous (inflected included)', contiguous);
  report('separated phrasal verbs', separated);
  report('all', {
    truePositives: contiguous.truePositives + separated.truePositives,
    falsePositives: contiguous.falsePositives + separated.falsePositives,
    falseNegatives: contiguous.falseNegatives + separated.falseNegatives,
  });
  console.log(`  expected phrases the dictionary does not hold: ${[...notInDictionary].join(', ') || 'none'}`);
  for (const mistake of mistakes) console.log(`    ${mistake}`);
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function inProcess(dictionary: Dictionary): void {
  for (const [name, queries, withContext] of [
    ['words', WORDS, false],
    ['phrases', PHRASES, false],
    // A tap: the word's sentence and the article's category, so the senses are ranked.
    ['words with a sentence and a category', WORDS, true],
  ] as const) {
    const times: number[] = [];
    for (let round = 0; round < 200; round++) {
      for (const query of queries) {
        for (const language of ['zh', 'es'] as const) {
          const context = withContext
            ? { sentence: `Officials said the ${query} was discussed again at the council meeting on Tuesday.`, category: 'politics' }
            : undefined;
          const started = performance.now();
          dictionary.lookUp(query, language, context);
          if (round >= 20) times.push((performance.now() - started) * 1000);
        }
      }
    }
    times.sort((a, b) => a - b);
    console.log(
      `  in process, ${name}: p50 ${percentile(times, 50).toFixed(0)} µs, p99 ${percentile(times, 99).toFixed(0)} µs (${times.length} calls)`,
    );
  }
}

async function overHttp(seconds: number): Promise<void> {
  // The API needs no built web app; an empty page stands in for it.
  const dist = mkdtempSync(join(tmpdir(), 'senses-bench-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>bench</title>');
  const server = await startServer({ distDir: dist, env: { LOAD_CORPUS: 'false', RATE_LIMIT_MAX: '1000000000' } });
  try {
    for (const [name, queries] of [
      ['words', WORDS],
      ['phrases', PHRASES],
    ] as const) {
      const paths = queries.flatMap((q) => ['zh', 'es'].map((language) => `/api/dictionary/${encodeURIComponent(q)}?language=${language}`));
      for (const path of paths) {
        const response = await fetch(`${server.origin}${path}`);
        if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
      }
      let next = 0;
      const result = await autocannon({
        url: server.origin,
        connections: 10,
        duration: seconds,
        requests: [{ setupRequest: (request: { path?: string }) => ({ ...request, path: paths[next++ % paths.length]! }) }],
      } as Parameters<typeof autocannon>[0]);
      console.log(
        `  HTTP, ${name} (${paths.length} URLs, 10 connections, ${seconds} s): ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
      );
    }
  } finally {
    await server.dispose();
    rmSync(dist, { recursive: true, force: true });
  }
}

function sizes(): void {
  const manifest = JSON.parse(readFileSync(join(DATA_DIR, 'manifest.json'), 'utf8')) as {
    files: Array<{ name: string; bytes: number; rows: number }>;
  };
  let total = 0;
  for (const file of manifest.files) {
    total += statSync(join(DATA_DIR, file.name)).size;
    console.log(`  ${file.name}: ${file.bytes} bytes, ${file.rows} rows`);
  }
  console.log(`  total: ${total} bytes`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'http-seconds': { type: 'string', default: '5' },
      'senses-only': { type: 'boolean', default: false },
      // A build's output folder (build-dictionary.ts --out) instead of the committed data.
      'data-dir': { type: 'string' },
    },
  });
  const dir = mkdtempSync(join(tmpdir(), 'senses-bench-'));
  const dataDir = values['data-dir'];
  const { dictionary } = openDictionary({ path: join(dir, 'dictionary.db'), ...(dataDir ? { dataDir } : {}) });
  if (values['senses-only']) {
    try {
      senseSets(dictionary);
    } finally {
      dictionary.close();
      rmSync(dir, { recursive: true, force: true });
    }
    return;
  }
  try {
    senseSets(dictionary);
    detection(dictionary);
    console.log(
      `Phrases in the dictionary: ${dictionary.phrases().length} (${dictionary.phrases().filter((p) => p.markable).length} marked in text)`,
    );
    console.log('Look-up latency:');
    inProcess(dictionary);
  } finally {
    dictionary.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const seconds = Number(values['http-seconds']);
  if (seconds > 0) await overHttp(Math.min(seconds, 30));
  console.log('Dictionary data files:');
  sizes();
}

await main();
