/**
 * The bundled dictionary's figures: look-up latency under load, the time openDictionary takes on
 * a first start (no dictionary.db) and on later starts, the data files' sizes, and what the
 * dictionary adds to each route's first-load JavaScript. Prints a Markdown table and writes the
 * "Dictionary" section of docs/benchmarks.md (the rest of the file is kept) and the `dictionary`
 * key of docs/benchmarks.json. Like run.ts it asserts nothing; it reports.
 *
 *   npx tsx scripts/bench/dictionary.ts                  # everything on the current tree
 *   npx tsx scripts/bench/dictionary.ts --before ef39b05 --commit bbdb457
 *       also builds those commits in temporary git worktrees for the "before" (and "as committed")
 *       first-load JS; later runs without the flags keep those recorded columns
 *   npx tsx scripts/bench/dictionary.ts --render-only     # rewrites the section from docs/benchmarks.json
 *
 * Environment: BENCH_DURATION_SECONDS (look-up load, default 10); DICTIONARY_BENCH_SKIP (comma list
 * of load, open, server, sizes, firstload); CHROME_PATH. `npm run bench` runs it too (BENCH_SKIP=dictionary leaves it out).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { openDictionary } from '../../server/dictionary/open-dictionary';
import type { DictionaryLanguage } from '../../server/dictionary/types';
import { buildWebApp } from '../../tests/e2e/support/build';
import { launchChrome } from '../../tests/e2e/support/chrome';
import { REPO_ROOT, startServer, temporaryDirectory } from '../../tests/support/server-process';
import { rssMiB } from './load';
import { measureRoutes, type RouteSizes } from './sizes';

type AutocannonResult = Awaited<ReturnType<typeof autocannon>>;

const THIS_FILE = fileURLToPath(import.meta.url);
const DATA_DIR = join(REPO_ROOT, 'server/dictionary/data');
const LANGUAGES: readonly DictionaryLanguage[] = ['zh', 'es', 'en'];
const UNLIMITED = { RATE_LIMIT_MAX: '1000000000', LOG_LEVEL: 'warn' };
const CONNECTIONS = 10;
export const BEFORE_COMMIT_DEFAULT = 'ef39b05';

/**
 * The look-up mix: what a reader taps in a news article. Plain lemmas, inflected forms, British
 * spellings (resolved to the American headword or the other way round), hyphenated compounds,
 * capitalised and possessive forms, and words the dictionary does not know (404).
 */
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

/** The web app's look-up code, added with the dictionary. */
const LOOKUP_SOURCE =
  /(?:^|\/)src\/(?:api\/dictionary-client|domain\/(?:word-lookup|word-lookup-texts|parts-of-speech)|machines\/word-lookup-machine|views\/detail\/(?:word-entry|article-reader|word-lookup-context|missing-help-notice))\.tsx?$/;

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const median = (values: readonly number[]) => percentile([...values].sort((a, b) => a - b), 50);

/** Every URL of the mix, in a fixed shuffled order so consecutive requests differ in word and language. */
export function lookupPaths(): string[] {
  const words = Object.values(LOOKUP_WORDS).flat();
  const paths = words.flatMap((word) => LANGUAGES.map((language) => `/api/dictionary/${encodeURIComponent(word)}?language=${language}`));
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = paths.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [paths[i], paths[j]] = [paths[j]!, paths[i]!];
  }
  return paths;
}

async function loadFigures(url: string, durationSeconds: number, paths?: readonly string[]): Promise<LatencyFigures & { requested: Set<string> }> {
  let next = 0;
  const requested = new Set<string>();
  const times = new Map<string, number[]>();
  const options = {
    url,
    connections: CONNECTIONS,
    duration: durationSeconds,
    timeout: 10,
    ...(paths?.length
      ? {
          requests: [
            {
              setupRequest: (request: { path?: string }) => {
                const path = paths[next++ % paths.length]!;
                requested.add(path);
                request.path = path;
                return request;
              },
            },
          ],
        }
      : {}),
  };
  const instance = autocannon(options) as unknown as Promise<AutocannonResult> & {
    on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  };
  instance.on('response', (_client, status, _bytes, ms) => {
    const list = times.get(String(status)) ?? [];
    list.push(ms);
    times.set(String(status), list);
  });
  const result = await instance;
  const exact: LatencyFigures['exact'] = {};
  let all: number[] = [];
  for (const [status, list] of times) {
    list.sort((a, b) => a - b);
    // concat, not push(...list): a fast run has more responses than a call has room for arguments.
    all = all.concat(list);
    exact[status] = { count: list.length, p50Ms: round(percentile(list, 50), 2), p99Ms: round(percentile(list, 99), 2) };
  }
  all.sort((a, b) => a - b);
  exact.all = { count: all.length, p50Ms: round(percentile(all, 50), 2), p99Ms: round(percentile(all, 99), 2) };
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    statuses: Object.fromEntries([...times].map(([s, l]) => [s, l.length])),
    exact,
    requested,
  };
}

async function measureLoad(distDir: string, durationSeconds: number): Promise<NonNullable<DictionaryBench['load']>> {
  const paths = lookupPaths();
  const server = await startServer({ distDir, env: { ...UNLIMITED, LOAD_CORPUS: 'false' } });
  try {
    let hits = 0;
    let misses = 0;
    const examples: string[] = [];
    for (const path of paths) {
      const response = await fetch(`${server.origin}${path}`);
      const body = await response.text();
      if (response.status === 200) hits += 1;
      else if (response.status === 404) misses += 1;
      else throw new Error(`GET ${path} answered ${response.status}: ${body.slice(0, 200)}`);
      if (path.endsWith('language=zh') && examples.length < 8 && /colours|travelled|children|low-income|better|qwzx/.test(path)) {
        const lemma = (JSON.parse(body) as { lemma?: string }).lemma;
        examples.push(`${decodeURIComponent(path.split('/')[3]!.split('?')[0]!)} → ${response.status === 200 ? lemma : '404'}`);
      }
    }
    log(`  ${paths.length} URLs: ${hits} answer 200, ${misses} answer 404`);
    const rssBefore = rssMiB(server.pid());
    // Each request's path is replaced by the next of the mix; the URL only gives the origin.
    await loadFigures(`${server.origin}${paths[0]}`, 2, paths); // warm-up with the mix
    const lookup = await loadFigures(`${server.origin}${paths[0]}`, durationSeconds, paths);
    const rssAfter = rssMiB(server.pid());
    log(`  look-up: ${lookup.requestsPerSecond} req/s, p50 ${lookup.p50Ms} ms, p99 ${lookup.p99Ms} ms (exact p99 ${lookup.exact.all?.p99Ms} ms), ${lookup.requested.size} distinct URLs, statuses ${JSON.stringify(lookup.statuses)}`);
    const health = await loadFigures(`${server.origin}/api/health`, Math.max(3, Math.round(durationSeconds / 2)));
    log(`  /api/health (reference): ${health.requestsPerSecond} req/s, p50 ${health.p50Ms} ms, p99 ${health.p99Ms} ms`);
    const { requested, ...lookupFigures } = lookup;
    const { requested: _unused, ...healthFigures } = health;
    return {
      durationSeconds,
      connections: CONNECTIONS,
      urls: paths.length,
      distinctRequested: requested.size,
      mix: { words: Object.values(LOOKUP_WORDS).flat().length, hits, misses, languages: LANGUAGES },
      lookup: lookupFigures,
      health: healthFigures,
      inProcess: measureInProcess(join(dirname(server.databasePath), 'dictionary.db')),
      rssBeforeMiB: rssBefore,
      rssAfterMiB: rssAfter,
      examples,
    };
  } finally {
    await server.dispose();
  }
}

/** Dictionary.lookUp itself, without HTTP: each word of the mix in each language, many rounds. */
function measureInProcess(path: string): { medianMicros: number; p99Micros: number; calls: number } {
  const { dictionary } = openDictionary({ path });
  try {
    const words = Object.values(LOOKUP_WORDS).flat();
    const times: number[] = [];
    for (let round = 0; round < 60; round++) {
      for (const word of words) {
        for (const language of LANGUAGES) {
          const started = performance.now();
          dictionary.lookUp(word, language);
          if (round >= 10) times.push((performance.now() - started) * 1000);
        }
      }
    }
    times.sort((a, b) => a - b);
    return { medianMicros: Math.round(percentile(times, 50)), p99Micros: Math.round(percentile(times, 99)), calls: times.length };
  } finally {
    dictionary.close();
  }
}

/** One openDictionary in a fresh process (as a server start is), timed inside it. */
function openOnce(path: string): { ms: number; built: boolean; headwords: number } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', THIS_FILE, '--open-once', path], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`--open-once failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop()!) as { ms: number; built: boolean; headwords: number };
}

function measureOpen(workDir: string): NonNullable<DictionaryBench['open']> & { databaseBytes: number } {
  const first: number[] = [];
  const later: number[] = [];
  let path = '';
  let headwords = 0;
  for (let run = 0; run < 3; run++) {
    path = join(workDir, `open-${run}`, 'dictionary.db');
    rmSync(dirname(path), { recursive: true, force: true });
    const opened = openOnce(path);
    if (!opened.built) throw new Error('expected a build on first start');
    first.push(opened.ms);
    headwords = opened.headwords;
    log(`  first start (no dictionary.db): ${opened.ms} ms`);
  }
  for (let run = 0; run < 7; run++) {
    const opened = openOnce(path);
    if (opened.built) throw new Error('expected no build on a later start');
    later.push(opened.ms);
  }
  log(`  later starts (dictionary.db exists): ${later.join(', ')} ms`);
  return {
    firstStart: { runs: first, medianMs: median(first) },
    laterStart: { runs: later, medianMs: median(later) },
    headwords,
    databaseBytes: statSync(path).size,
  };
}

async function measureServerStart(distDir: string): Promise<NonNullable<DictionaryBench['server']>> {
  const line = (output: string) => [...output.matchAll(/^dictionary: .*$/gm)].pop()?.[0] ?? '(no dictionary line)';
  let started = Date.now();
  const server = await startServer({ distDir, env: { ...UNLIMITED, LOAD_CORPUS: 'false' } });
  try {
    const firstStart = { healthyMs: Date.now() - started, dictionaryLine: line(server.output()) };
    log(`  server, first start: healthy after ${firstStart.healthyMs} ms; ${firstStart.dictionaryLine}`);
    const laterStarts: Array<{ healthyMs: number; dictionaryLine: string }> = [];
    for (let run = 0; run < 3; run++) {
      await server.stop();
      started = Date.now();
      await server.start();
      laterStarts.push({ healthyMs: Date.now() - started, dictionaryLine: line(server.output()) });
      log(`  server, later start: healthy after ${laterStarts.at(-1)!.healthyMs} ms; ${laterStarts.at(-1)!.dictionaryLine}`);
    }
    return { firstStart, laterStarts, medianLaterHealthyMs: median(laterStarts.map((s) => s.healthyMs)) };
  } finally {
    await server.dispose();
  }
}

function measureFiles(databaseBytes: number | null): NonNullable<DictionaryBench['files']> {
  const files = readdirSync(DATA_DIR)
    .sort()
    .map((name) => ({ name, bytes: statSync(join(DATA_DIR, name)).size }));
  return {
    files,
    totalBytes: files.reduce((n, f) => n + f.bytes, 0),
    gzDataBytes: files.filter((f) => f.name.endsWith('.gz')).reduce((n, f) => n + f.bytes, 0),
    databaseBytes,
  };
}

/** The generated code of a .js file attributed to source files through its source map. */
export function codeBySource(jsPath: string): Map<string, string> {
  const code = readFileSync(jsPath, 'utf8');
  const out = new Map<string, string>();
  const mapPath = `${jsPath}.map`;
  if (!existsSync(mapPath)) return out;
  const lines = code.split('\n');
  const mappings: Array<{ line: number; column: number; source: string | null }> = [];
  new SourceMapConsumer(JSON.parse(readFileSync(mapPath, 'utf8')) as RawSourceMap).eachMapping((m) =>
    mappings.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source ?? null }),
  );
  mappings.sort((a, b) => a.line - b.line || a.column - b.column);
  const add = (source: string | null, text: string) => {
    if (source !== null && text !== '') out.set(source, (out.get(source) ?? '') + text);
  };
  for (let i = 0; i < mappings.length; i++) {
    const m = mappings[i]!;
    const end = mappings[i + 1];
    if (end && end.line === m.line) add(m.source, (lines[m.line - 1] ?? '').slice(m.column, end.column));
    else add(m.source, (lines[m.line - 1] ?? '').slice(m.column));
  }
  return out;
}

async function measureFirstLoad(distDir: string, tree: string): Promise<FirstLoad> {
  const server = await startServer({ distDir, env: UNLIMITED });
  let routeSizes: RouteSizes[];
  try {
    const latest = (await (await fetch(`${server.origin}/api/articles/latest?language=zh&limit=1`)).json()) as { articles: Array<{ article_id: string }> };
    const id = latest.articles[0]!.article_id;
    const browser = await launchChrome();
    try {
      routeSizes = await measureRoutes(browser, server.origin, distDir, [
        { route: 'home', path: '/zh' },
        { route: 'list', path: '/zh/articles' },
        { route: 'detail', path: `/zh/articles/${encodeURIComponent(id)}` },
      ]);
    } finally {
      await browser.close();
    }
  } finally {
    await server.dispose();
  }
  const jsOf = (r: RouteSizes) => r.files.filter((f) => f.file.endsWith('.js'));
  const routes = routeSizes.map((r) => {
    let lookupText = '';
    const lookupFiles = new Set<string>();
    const sources: Record<string, number> = {};
    let containsDictionaryCodec = false;
    for (const f of jsOf(r)) {
      const jsPath = join(distDir, decodeURIComponent(f.file));
      if (readFileSync(jsPath, 'utf8').includes('`DictionaryResponse`') || readFileSync(jsPath, 'utf8').includes('"DictionaryResponse"')) containsDictionaryCodec = true;
      for (const [source, text] of codeBySource(jsPath)) {
        const name = source.replace(/^.*node_modules\//, '').replace(/^.*?\/?(src\/)/, '$1');
        sources[name] = (sources[name] ?? 0) + Buffer.byteLength(text);
        if (LOOKUP_SOURCE.test(source)) {
          lookupText += text;
          lookupFiles.add(f.file);
        }
      }
    }
    return {
      route: r.route,
      jsGzip: r.js.gzip,
      jsRaw: r.js.raw,
      cssGzip: r.css.gzip,
      files: r.files.map((f) => f.file),
      lookupMinified: Buffer.byteLength(lookupText),
      lookupGzipAlone: lookupText === '' ? 0 : gzipSync(Buffer.from(lookupText), { level: 9 }).length,
      lookupFiles: [...lookupFiles],
      containsDictionaryCodec,
      ...(r.route === 'home' ? { sources } : {}),
    };
  });
  const home = routeSizes.find((r) => r.route === 'home')!;
  const detail = routeSizes.find((r) => r.route === 'detail')!;
  const homeFiles = new Set(home.files.map((f) => f.file));
  const detailOnly = jsOf(detail).filter((f) => !homeFiles.has(f.file));
  return {
    tree,
    routes,
    detailOnly: {
      files: detailOnly.map((f) => f.file),
      jsGzip: detailOnly.reduce((n, f) => n + f.gzip, 0),
      jsRaw: detailOnly.reduce((n, f) => n + f.raw, 0),
    },
  };
}

/** Builds `commit` in a temporary git worktree (node_modules linked from here) and measures it with today's server. */
async function measureFirstLoadAt(commit: string, workDir: string, label: string): Promise<FirstLoad> {
  const tree = join(workDir, `tree-${commit}`);
  const outDir = join(workDir, `dist-${commit}`);
  execFileSync('git', ['worktree', 'add', '--detach', tree, commit], { cwd: REPO_ROOT, stdio: 'ignore' });
  try {
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(tree, 'node_modules'), 'dir');
    execFileSync(process.execPath, [join(tree, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: tree,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: REPO_ROOT, stdio: 'ignore' });
  }
  const full = execFileSync('git', ['rev-parse', '--short', commit], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  return measureFirstLoad(outDir, `${full} (${label})`);
}

function currentTree(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src', 'index.html', 'vite.config.ts'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    return `${head}${dirty ? ' + uncommitted src changes' : ''} (current tree)`;
  } catch {
    return 'current tree';
  }
}

function recorded(key: 'before' | 'commit'): FirstLoad | undefined {
  try {
    const json = JSON.parse(readFileSync(join(REPO_ROOT, 'docs/benchmarks.json'), 'utf8')) as { dictionary?: DictionaryBench };
    return json.dictionary?.firstLoad?.[key];
  } catch {
    return undefined;
  }
}

export interface MeasureOptions {
  /** A built web app to serve; built here when missing. */
  readonly distDir?: string;
  readonly workDir: string;
  readonly durationSeconds: number;
  readonly skip?: ReadonlySet<string>;
  /** Also measure this commit's first-load JS (a temporary git worktree). */
  readonly beforeCommit?: string;
  /** Also measure this commit as committed (without uncommitted work in the tree). */
  readonly commit?: string;
  readonly command: string;
}

export async function measureDictionary(options: MeasureOptions): Promise<DictionaryBench> {
  const skip = options.skip ?? new Set<string>();
  const loadStart = round(loadavg()[0]!, 2);
  let distDir = options.distDir;
  if (!distDir) {
    distDir = join(options.workDir, 'dist');
    log('Building the web app (production settings)');
    buildWebApp(distDir);
  }
  let open: (NonNullable<DictionaryBench['open']> & { databaseBytes: number }) | undefined;
  if (!skip.has('open')) {
    log('Dictionary: openDictionary in a fresh process, 3 first starts and 7 later starts');
    open = measureOpen(options.workDir);
  }
  const server = skip.has('server') ? undefined : (log('Dictionary: server start-up'), await measureServerStart(distDir));
  const files = skip.has('sizes') ? undefined : measureFiles(open?.databaseBytes ?? null);
  let load: DictionaryBench['load'];
  if (!skip.has('load')) {
    log(`Dictionary: GET /api/dictionary/{word} under load, ${CONNECTIONS} connections, ${options.durationSeconds} s`);
    load = await measureLoad(distDir, options.durationSeconds);
  }
  let firstLoad: DictionaryBench['firstLoad'];
  if (!skip.has('firstload')) {
    log('Dictionary: first-load JS per route and the look-up code in it');
    const after = await measureFirstLoad(distDir, currentTree());
    const at = async (commit: string, label: string) => {
      log(`  building ${commit} in a temporary git worktree`);
      return measureFirstLoadAt(commit, options.workDir, label);
    };
    // Figures of other commits do not change; a run without --before/--commit keeps the recorded ones.
    const before = options.beforeCommit ? await at(options.beforeCommit, 'before the dictionary') : recorded('before');
    const commit = options.commit ? await at(options.commit, 'the dictionary commit, as committed') : recorded('commit');
    firstLoad = { after, ...(before ? { before } : {}), ...(commit ? { commit } : {}) };
  }
  const list = cpus();
  const { databaseBytes: _db, ...openFigures } = open ?? { databaseBytes: 0 };
  return {
    date: new Date().toISOString(),
    machine: { cpus: list.length, cpuModel: list[0]?.model ?? 'unknown', node: process.version, loadAverage: { start: loadStart, end: round(loadavg()[0]!, 2) } },
    command: options.command,
    ...(files ? { files } : {}),
    ...(open ? { open: openFigures as NonNullable<DictionaryBench['open']> } : {}),
    ...(server ? { server } : {}),
    ...(load ? { load } : {}),
    ...(firstLoad ? { firstLoad } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Markdown

const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(2)} MiB`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const num = (n: number) => n.toLocaleString('en-US');
const signed = (n: number | undefined) => (n === undefined ? '–' : `${n >= 0 ? '+' : ''}${num(n)}`);

function table(header: string[], rows: Array<Array<string | number>>): string {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

export function renderDictionarySection(d: DictionaryBench): string {
  const out: string[] = ['## Dictionary', ''];
  out.push(
    `\`${d.command}\` on ${d.date.slice(0, 16).replace('T', ' ')} UTC (${d.machine.cpus} × ${d.machine.cpuModel}, Node ${d.machine.node}; ` +
      `1-minute load average ${d.machine.loadAverage.start} at the start and ${d.machine.loadAverage.end} at the end). ` +
      'Also run by `npm run bench` (`BENCH_SKIP=dictionary` leaves it out). Targets: look-up p99 ≤ 5 ms at 10 connections; ' +
      'first start well under a minute; later starts add under a second.',
  );
  out.push('');
  const summary: Array<Array<string | number>> = [];
  if (d.load) {
    const l = d.load;
    summary.push([
      `GET /api/dictionary/{word}, ${l.connections} connections, ${l.durationSeconds} s`,
      `p50 ${l.lookup.p50Ms} ms, p99 **${l.lookup.p99Ms} ms**, ${num(l.lookup.requestsPerSecond)} req/s`,
      'p99 ≤ 5 ms',
      l.lookup.p99Ms <= 5 ? 'met' : '**not met**',
    ]);
  }
  if (d.open) {
    summary.push(['openDictionary, first start (builds dictionary.db), median of ' + d.open.firstStart.runs.length, `${num(d.open.firstStart.medianMs)} ms`, 'well under 60 s', d.open.firstStart.medianMs < 60_000 ? 'met' : '**not met**']);
    summary.push(['openDictionary, later start (verifies and opens it), median of ' + d.open.laterStart.runs.length, `${num(d.open.laterStart.medianMs)} ms`, 'under 1 s', d.open.laterStart.medianMs < 1000 ? 'met' : '**not met**']);
  }
  if (d.files) {
    summary.push(['Data files (server/dictionary/data, all)', `${num(d.files.totalBytes)} B (${mib(d.files.totalBytes)})`, '', '']);
    if (d.files.databaseBytes !== null) summary.push(['Built dictionary.db', `${num(d.files.databaseBytes)} B (${mib(d.files.databaseBytes)})`, '', '']);
  }
  if (d.firstLoad) {
    const { after, before } = d.firstLoad;
    for (const route of ['home', 'list', 'detail']) {
      const a = after.routes.find((r) => r.route === route);
      const b = before?.routes.find((r) => r.route === route);
      if (!a) continue;
      const delta = b ? a.jsGzip - b.jsGzip : undefined;
      let verdict: string;
      if (route === 'detail') verdict = a.lookupMinified > 0 ? 'met' : '**not met**';
      else if (a.lookupMinified > 0) verdict = '**not met** (look-up code on this route)';
      else if (a.containsDictionaryCodec) {
        const c = d.firstLoad.commit?.routes.find((r) => r.route === route);
        const own = c && b ? `; ${d.firstLoad.commit!.tree.split(' ')[0]} as committed: ${signed(c.jsGzip - b.jsGzip)} B` : '';
        verdict = `**not met**: no look-up code, but the DictionaryResponse codec is here (${signed(delta)} B in all${own})`;
      }
      else verdict = delta === undefined || delta <= 0 ? 'met' : `no look-up code; ${signed(delta)} B from other changes`;
      summary.push([
        `First-load JS, ${route} (gzip)`,
        b ? `${num(b.jsGzip)} B → ${num(a.jsGzip)} B (${signed(delta)} B)` : `${num(a.jsGzip)} B`,
        route === 'detail' ? 'look-up code comes with the detail chunk' : 'nothing added',
        verdict,
      ]);
    }
  }
  out.push(table(['Figure', 'Measured', 'Target', ''], summary));
  out.push('');

  if (d.load) {
    const l = d.load;
    out.push('### Look-up latency');
    out.push('');
    out.push(
      `The real server (\`server/main.ts\`, a fresh temporary database and dictionary.db, corpus off, rate limit lifted) on a free loopback port; ` +
        `autocannon with ${l.connections} connections for ${l.durationSeconds} s after a 2 s warm-up. Every request takes the next of ${l.urls} URLs ` +
        `(${l.mix.words} words × ${l.mix.languages.join('/')}, shuffled; ${l.distinctRequested} distinct URLs were requested): plain lemmas, inflected forms, ` +
        `British spellings, hyphenated, capitalised and possessive forms, and ${LOOKUP_WORDS.miss.length} non-words; ${l.mix.hits} URLs answer 200 and ${l.mix.misses} answer 404. ` +
        `For example ${l.examples.join(', ')}. Latencies in ms (autocannon's histogram, whole ms) and, from each response's own time, to 0.01 ms. ` +
        '`/api/health` (Fastify and one SQLite `count`) under the same load is the reference for what any request costs on this machine.',
    );
    out.push('');
    const row = (name: string, f: LatencyFigures) => [
      name,
      num(f.requestsPerSecond),
      f.p50Ms,
      f.p90Ms,
      f.p99Ms,
      f.maxMs,
      `${f.exact.all?.p50Ms ?? '–'} / ${f.exact.all?.p99Ms ?? '–'}`,
      Object.entries(f.exact).filter(([s]) => s !== 'all').map(([s, e]) => `${s}: ${num(e.count)}, p99 ${e.p99Ms}`).join('; '),
      f.errors,
    ];
    out.push(table(['Case', 'req/s', 'p50', 'p90', 'p99', 'max', 'exact p50 / p99', 'responses by status', 'socket errors'], [row('GET /api/dictionary/{word} (mix)', l.lookup), row('GET /api/health (reference)', l.health)]));
    out.push('');
    out.push(
      `- \`Dictionary.lookUp\` alone (in process, no HTTP; the same mix, ${num(l.inProcess.calls)} calls): median ${l.inProcess.medianMicros} µs, p99 ${l.inProcess.p99Micros} µs. ` +
        `Server RSS ${l.rssBeforeMiB ?? '–'} MiB before the load and ${l.rssAfterMiB ?? '–'} MiB after.`,
    );
    if (l.lookup.p99Ms > 5) {
      out.push(
        `- The p99 target is not met in this run. \`lookUp\` itself takes ${l.inProcess.medianMicros} µs at the median; the tail is waiting for CPU: ${l.connections} connections ` +
          `on ${d.machine.cpus} cores that autocannon and, in this run, other work share (load average ${d.machine.loadAverage.start} at the start), ` +
          `so even \`/api/health\` under the same load has a p99 of ${l.health.p99Ms} ms. A look-up request costs the server about ` +
          `${Math.round(1e6 / l.lookup.requestsPerSecond)} µs of wall time per request at this concurrency against ${Math.round(1e6 / l.health.requestsPerSecond)} µs for \`/api/health\`.`,
      );
    }
    out.push('');
  }

  if (d.open || d.server) {
    out.push('### Load time');
    out.push('');
    if (d.open) {
      out.push(
        `\`openDictionary({ path })\` timed inside a fresh Node process per run (as a server start is; module loading not counted), ${d.open.headwords.toLocaleString('en-US')} headwords. ` +
          'A first start verifies the three data files, parses them, writes dictionary.db in one transaction, fsyncs and renames it; a later start verifies the files (size and sha256) and opens the database read-only.',
      );
      out.push('');
      out.push(
        table(
          ['Start', 'runs (ms)', 'median'],
          [
            ['first (no dictionary.db)', d.open.firstStart.runs.join(', '), `${num(d.open.firstStart.medianMs)} ms`],
            ['later (dictionary.db exists)', d.open.laterStart.runs.join(', '), `${num(d.open.laterStart.medianMs)} ms`],
          ],
        ),
      );
      out.push('');
    }
    if (d.server) {
      out.push(
        'The whole server (`node --import tsx server/main.ts`, corpus off) with a fresh database directory, then restarted three times on it: ' +
          'time from spawning the process until `/api/health` answers 200 (includes Node and tsx start-up), and the line the server prints.',
      );
      out.push('');
      out.push(
        table(
          ['Start', 'healthy after', 'server log'],
          [
            ['first', `${num(d.server.firstStart.healthyMs)} ms`, `\`${d.server.firstStart.dictionaryLine}\``],
            ...d.server.laterStarts.map((s, i) => [`later ${i + 1}`, `${num(s.healthyMs)} ms`, `\`${s.dictionaryLine}\``]),
          ],
        ),
      );
      out.push('');
    }
  }

  if (d.files) {
    out.push('### Data sizes');
    out.push('');
    out.push(
      table(
        ['File', 'bytes', 'MiB'],
        [
          ...d.files.files.map((f) => [`\`server/dictionary/data/${f.name}\``, num(f.bytes), (f.bytes / 1024 ** 2).toFixed(3)]),
          ['**total, server/dictionary/data**', `**${num(d.files.totalBytes)}**`, `**${(d.files.totalBytes / 1024 ** 2).toFixed(3)}**`],
          ['of which the three `.tsv.gz`', num(d.files.gzDataBytes), (d.files.gzDataBytes / 1024 ** 2).toFixed(3)],
          ...(d.files.databaseBytes !== null ? [['built `dictionary.db` (not committed)', num(d.files.databaseBytes), (d.files.databaseBytes / 1024 ** 2).toFixed(3)]] : []),
        ],
      ),
    );
    out.push('');
  }

  if (d.firstLoad) {
    const { after, before, commit } = d.firstLoad;
    const trees = [before, commit, after].filter((t): t is FirstLoad => t !== undefined);
    out.push('### First-load JavaScript');
    out.push('');
    out.push(
      'Measured as in `scripts/bench/sizes.ts`: the same-origin `.js` Chromium loads when the route is opened in a fresh tab, gzip level 9, in bytes. ' +
        '"Look-up code" is what the build\'s source maps attribute to the web app\'s look-up files (`src/api/dictionary-client.ts`, ' +
        '`src/domain/word-lookup*.ts`, `src/domain/parts-of-speech.ts`, `src/machines/word-lookup-machine.ts`, `src/views/detail/{word-entry,article-reader,word-lookup-context,missing-help-notice}.tsx`), minified, and gzipped by itself. ' +
        'Other commits are built with Vite in a temporary git worktree (`node_modules` linked from this one) and served by the current server; ' +
        `trees: ${trees.map((t) => t.tree).join('; ')}. ` +
        (before || commit
          ? `The other commits' columns come from \`npx tsx scripts/bench/dictionary.ts${before ? ` --before ${before.tree.split(' ')[0]}` : ''}${commit ? ` --commit ${commit.tree.split(' ')[0]}` : ''}\` and are kept by later runs without those flags.`
          : ''),
    );
    out.push('');
    const header = ['Route', ...trees.map((t) => t.tree.split(' ')[0]! + (t === after ? ' + working tree' : '')), ...(before ? ['change vs before'] : []), 'CSS gzip', 'look-up code in it', 'DictionaryResponse codec'];
    const rows: Array<Array<string | number>> = [];
    for (const route of ['home', 'list', 'detail']) {
      const a = after.routes.find((r) => r.route === route)!;
      const b = before?.routes.find((r) => r.route === route);
      rows.push([
        route,
        ...trees.map((t) => num(t.routes.find((r) => r.route === route)?.jsGzip ?? 0)),
        ...(before ? [trees.slice(1).map((t) => signed((t.routes.find((r) => r.route === route)?.jsGzip ?? 0) - (b?.jsGzip ?? 0))).join(' / ')] : []),
        trees.map((t) => num(t.routes.find((r) => r.route === route)?.cssGzip ?? 0)).join(' → '),
        a.lookupMinified === 0 ? 'none' : `${num(a.lookupMinified)} B minified, ${num(a.lookupGzipAlone)} B gzip alone (${a.lookupFiles.join(', ')})`,
        a.containsDictionaryCodec ? 'yes' : 'no',
      ]);
    }
    rows.push([
      'detail chunk (JS on detail, not on home)',
      ...trees.map((t) => num(t.detailOnly.jsGzip)),
      ...(before ? [trees.slice(1).map((t) => signed(t.detailOnly.jsGzip - before.detailOnly.jsGzip)).join(' / ')] : []),
      '',
      after.detailOnly.files.join(', '),
      '',
    ]);
    out.push(table(header, rows));
    out.push('');
    const homeBefore = before?.routes.find((r) => r.route === 'home')?.sources;
    for (const t of trees.slice(1)) {
      const home = t.routes.find((r) => r.route === 'home')?.sources;
      if (!homeBefore || !home) continue;
      const changes = [...new Set([...Object.keys(homeBefore), ...Object.keys(home)])]
        .map((source) => [source, (home[source] ?? 0) - (homeBefore[source] ?? 0)] as const)
        .filter(([, change]) => change !== 0)
        .sort((x, y) => Math.abs(y[1]) - Math.abs(x[1]));
      out.push(`- Home's JS, ${t.tree} against ${before!.tree}, minified bytes by source: ${changes.map(([source, change]) => `\`${source}\` ${signed(change)}`).join(', ') || 'no change'}.`);
    }
    if (after.routes.some((r) => r.route !== 'detail' && r.containsDictionaryCodec)) {
      out.push(
        '- `DictionaryResponseCodec` and `DictionaryEntryCodec` live in `src/api/contract.ts`, a module of the main chunk, and io-ts codecs are calls the bundler cannot prove pure, ' +
          'so they ship on every route although only the detail chunk\'s `dictionary-client.ts` uses them. Moving them next to the dictionary client (or marking the calls `/*#__PURE__*/`) would take them off home and list.',
      );
    }
    out.push('');
  }

  return `${out.join('\n').trimEnd()}\n`;
}

/** Replaces the "## Dictionary" section of a Markdown document (up to the next "## " heading), or appends it. */
export function withDictionarySection(markdown: string, section: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trim() === '## Dictionary');
  if (start === -1) return `${markdown.trimEnd()}\n\n${section}`;
  let end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  if (end === -1) end = lines.length;
  const rest = lines.slice(end).join('\n');
  return `${[...lines.slice(0, start)].join('\n').trimEnd()}\n\n${section}${rest ? `\n${rest}` : ''}`;
}

export function writeDictionaryDocs(d: DictionaryBench, options: { json: boolean }): void {
  const mdPath = join(REPO_ROOT, 'docs/benchmarks.md');
  const markdown = existsSync(mdPath) ? readFileSync(mdPath, 'utf8') : '# Benchmarks\n';
  writeFileSync(mdPath, withDictionarySection(markdown, renderDictionarySection(d)));
  if (options.json) {
    const jsonPath = join(REPO_ROOT, 'docs/benchmarks.json');
    const json = existsSync(jsonPath) ? (JSON.parse(readFileSync(jsonPath, 'utf8')) as Record<string, unknown>) : {};
    json.dictionary = d;
    writeFileSync(jsonPath, `${JSON.stringify(json, null, 2)}\n`);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--render-only') {
    const json = JSON.parse(readFileSync(join(REPO_ROOT, 'docs/benchmarks.json'), 'utf8')) as { dictionary?: DictionaryBench };
    if (!json.dictionary) throw new Error('docs/benchmarks.json has no dictionary figures yet.');
    writeDictionaryDocs(json.dictionary, { json: false });
    log('Rewrote the Dictionary section of docs/benchmarks.md from docs/benchmarks.json.');
    return;
  }
  if (args[0] === '--open-once') {
    const started = performance.now();
    const { dictionary, report } = openDictionary({ path: args[1]! });
    const ms = Math.round(performance.now() - started);
    dictionary.close();
    process.stdout.write(`${JSON.stringify({ ms, built: report.built, headwords: report.headwords })}\n`);
    return;
  }
  const beforeAt = args.indexOf('--before');
  const beforeCommit = beforeAt === -1 ? undefined : (args[beforeAt + 1] ?? BEFORE_COMMIT_DEFAULT);
  const commitAt = args.indexOf('--commit');
  const commit = commitAt === -1 ? undefined : args[commitAt + 1];
  const durationSeconds = Number(process.env.BENCH_DURATION_SECONDS ?? '10');
  const skip = new Set((process.env.DICTIONARY_BENCH_SKIP ?? '').split(',').filter(Boolean));
  const workDir = temporaryDirectory('bench-dictionary');
  mkdirSync(workDir, { recursive: true });
  try {
    const result = await measureDictionary({
      workDir,
      durationSeconds,
      skip,
      beforeCommit,
      ...(commit ? { commit } : {}),
      command: `npx tsx scripts/bench/dictionary.ts${beforeCommit ? ` --before ${beforeCommit}` : ''}${commit ? ` --commit ${commit}` : ''}`,
    });
    const section = renderDictionarySection(result);
    log('');
    log(section);
    if (!args.includes('--no-write')) {
      writeDictionaryDocs(result, { json: true });
      log('Wrote the Dictionary section of docs/benchmarks.md and the dictionary key of docs/benchmarks.json.');
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
