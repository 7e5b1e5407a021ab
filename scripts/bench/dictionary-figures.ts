/**
 * What scripts/bench/dictionary-latency.ts measures and records: the look-up mix, the figures' shapes,
 * and the small helpers its parts share.
 */
import type { DictionaryLanguage } from '../../server/dictionary/dictionary-types';

export const LANGUAGES: readonly DictionaryLanguage[] = ['zh', 'es', 'en'];
export const UNLIMITED = { RATE_LIMIT_MAX: '1000000000', LOG_LEVEL: 'warn' };
export const CONNECTIONS = 10;
export const BEFORE_COMMIT_DEFAULT = 'ef39b05';

/**
 * The look-up mix: what a reader taps in a news article. Plain lemmas, inflected forms, British
 * spellings (resolved to the American headword or the other way round), hyphenated compounds,
 * capitalised and possessive forms, and words the dictionary does not know (404).
 */
// Formatting off: a word list reads best packed, several words a line (Prettier would put one a line).
// prettier-ignore
export const LOOKUP_WORDS = {
  lemma: [
    'the', 'house', 'government', 'people', 'city', 'water', 'school', 'money', 'health', 'climate', 'election',
    'economy', 'science', 'family', 'market', 'president', 'war', 'world', 'research', 'energy', 'policy', 'harbor',
    'library', 'negotiate', 'sustainable', 'drought', 'inflation', 'vaccine', 'parliament', 'ambiguous',
  ],
  inflected: [
    'running', 'ran', 'children', 'better', 'went', 'studies', 'studied', 'leaves', 'mice', 'women', 'taken', 'bigger',
    'happiest', 'countries', 'data', 'analyses', 'wolves', 'stopped', 'making', 'officials', 'voters', 'rising',
    'negotiations', 'says', 'hoped',
  ],
  spelling: [
    'colour', 'colours', 'favourite', 'organise', 'organisation', 'organised', 'analysed', 'centre', 'theatre',
    'catalogue', 'defence', 'licence', 'travelled', 'travelling', 'paediatric', 'honour', 'labour', 'realise',
    'recognised', 'neighbours', 'programme', 'behaviour',
  ],
  other: ['e-mail', 'low-income', 'well-known', 'decision-making', 'Government', "country's", "children's", 'Don’t'],
  miss: ['qwzx', 'blorptastic', 'xylotrombic', 'asdfgh', 'zzyzx', 'snorfle', 'glimbering', 'frobnicated', 'kwyjibo', 'vreptile'],
} as const;

export interface LatencyFigures {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p90Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly total: number;
  readonly errors: number;
  readonly statuses: Record<string, number>;
  /** From each response's own time (sub-millisecond), by status. */
  readonly exact: Record<string, { count: number; p50Ms: number; p99Ms: number }>;
}

export interface DictionaryBench {
  readonly date: string;
  readonly machine: { cpus: number; cpuModel: string; node: string; loadAverage: { start: number; end: number } };
  readonly command: string;
  readonly files?: { files: Array<{ name: string; bytes: number }>; totalBytes: number; gzDataBytes: number; databaseBytes: number | null };
  readonly open?: {
    firstStart: { runs: number[]; medianMs: number };
    laterStart: { runs: number[]; medianMs: number };
    headwords: number;
  };
  readonly server?: {
    firstStart: { healthyMs: number; dictionaryLine: string };
    laterStarts: Array<{ healthyMs: number; dictionaryLine: string }>;
    medianLaterHealthyMs: number;
  };
  readonly load?: {
    durationSeconds: number;
    connections: number;
    urls: number;
    distinctRequested: number;
    mix: { words: number; hits: number; misses: number; languages: readonly string[] };
    lookup: LatencyFigures;
    health: LatencyFigures;
    inProcess: { medianMicros: number; p99Micros: number; calls: number };
    rssBeforeMiB: number | null;
    rssAfterMiB: number | null;
    examples: string[];
  };
  /** before: the commit before the dictionary; commit: the dictionary's own commit without uncommitted work; after: the current tree. */
  readonly firstLoad?: { after: FirstLoad; before?: FirstLoad; commit?: FirstLoad };
}

export interface FirstLoad {
  readonly tree: string;
  readonly routes: Array<{
    route: string;
    jsGzip: number;
    jsRaw: number;
    cssGzip: number;
    files: string[];
    /** Bytes that source maps attribute to the look-up code (src files listed in LOOKUP_SOURCE). */
    lookupMinified: number;
    lookupGzipAlone: number;
    lookupFiles: string[];
    /** The DictionaryResponse io-ts codec (its name survives minification) is in this route's JS. */
    containsDictionaryCodec: boolean;
    /** Minified bytes per source file (home only), to say where a change on home comes from. */
    sources?: Record<string, number>;
  }>;
  /** JS loaded on detail but not on home: the detail chunk(s). */
  readonly detailOnly: { files: string[]; jsGzip: number; jsRaw: number };
}

export function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
