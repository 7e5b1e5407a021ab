/**
 * `npm run bench`: one measured run on this machine, printed and written to docs/benchmarks.md
 * and docs/benchmarks.json. It asserts nothing about time; it reports.
 *
 * Environment: CHROME_PATH (default /usr/bin/chromium); BENCH_SIZES (default "10000,100000");
 * BENCH_DURATION_SECONDS (default 5); BENCH_LIGHTHOUSE_RUNS (default 3); BENCH_SKIP (comma list of
 * sizes, lighthouse, load, dictionary) to leave parts out while working on one. The dictionary part is
 * scripts/bench/dictionary.ts (its own section of docs/benchmarks.md).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpus, loadavg, totalmem, release } from 'node:os';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSyntheticArticles, SEARCH_TERMS } from '../../tests/support/synthetic-articles';
import { buildWebApp } from '../../tests/e2e/support/build';
import { findChrome, launchChrome } from '../../tests/e2e/support/chrome';
import { freePort, REPO_ROOT, startServer, temporaryDirectory, type RunningServer } from '../../tests/support/server-process';
import { runLighthouse, type LighthouseRoute } from './lighthouse-runs';
import { rssMiB, runLoad, type LoadFigures } from './load';
import { composition, type Composition } from './composition';
import { measureFloor, measureRoutes, type FileSize, type RouteSizes, type SizeTotals } from './sizes';
import { renderMarkdown } from './report';
import { measureDictionary, withDictionarySection, renderDictionarySection, type DictionaryBench } from './dictionary';
import { keepOtherSections } from './sections';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number).filter((n) => n > 0);
const DURATION = Number(process.env.BENCH_DURATION_SECONDS ?? '5');
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? '3');
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const HOME_BUDGET_FACTOR = 1.15;
const UNLIMITED = { RATE_LIMIT_MAX: '1000000000', LOG_LEVEL: 'warn' };

export interface EndpointLoad {
  readonly endpoint: 'latest' | 'detail' | 'detail-first-view' | 'search';
  readonly path: string;
  readonly server: LoadFigures;
  readonly floor: LoadFigures;
  readonly responseBytes: number;
}

export interface SizeRun {
  readonly articles: number;
  readonly generateSeconds: number;
  readonly rssBeforeMiB: number | null;
  readonly rssAfterMiB: number | null;
  readonly floorRssBeforeMiB: number | null;
  readonly floorRssAfterMiB: number | null;
  readonly endpoints: EndpointLoad[];
  readonly search: Array<{ kind: string; term: string; matches: number; figures: LoadFigures }>;
}

export interface BenchResult {
  readonly date: string;
  readonly machine: {
    cpus: number;
    cpuModel: string;
    memoryGiB: number;
    node: string;
    kernel: string;
    chromium: string;
    /** 1-minute load average at the start and at the end: other work on the machine skews the figures. */
    loadAverage: { start: number; end: number };
  };
  readonly settings: { durationSeconds: number; connections: number; lighthouseRuns: number };
  readonly sizes?: {
    readonly routes: RouteSizes[];
    readonly floor: { files: FileSize[] } & SizeTotals;
    readonly homeBudget: { factor: number; limitGzip: number; homeGzip: number; holds: boolean; ratio: number };
    readonly domPurifyOnlyOnDetail: boolean;
    /** What the home route's and the floor's first-load JavaScript is made of, from source maps. */
    readonly composition: { readonly home: Composition; readonly floor: Composition };
  };
  readonly lighthouse?: LighthouseRoute[];
  readonly load: SizeRun[];
  /** scripts/bench/dictionary.ts: look-up latency, load time, data sizes, first-load JS. */
  readonly dictionary?: DictionaryBench;
  readonly durationSeconds: number;
}

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function json(origin: string, path: string): Promise<{ status: number; text: string; body: unknown }> {
  const response = await fetch(`${origin}${path}`);
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON; the caller looks at the status
  }
  return { status: response.status, text, body };
}

async function firstArticleId(origin: string): Promise<string> {
  const { status, body } = await json(origin, '/api/articles/latest?language=zh&limit=1');
  const id = (body as { articles?: Array<{ article_id?: string }> } | null)?.articles?.[0]?.article_id;
  if (status !== 200 || !id) throw new Error(`GET /api/articles/latest answered ${status}; cannot find an article to open.`);
  return id;
}

async function startFloorServer(bodiesFile: string): Promise<{ origin: string; child: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/floor-server.ts', String(port), bodiesFile], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('The floor server did not start within 30 s.');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function chromiumVersion(): string {
  try {
    return execFileSync(findChrome(), ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

async function measureSizesAndLighthouse(workDir: string, distDir: string): Promise<Pick<BenchResult, 'sizes' | 'lighthouse'>> {
  const server = await startServer({ distDir, env: UNLIMITED });
  try {
    const id = await firstArticleId(server.origin);
    const routes = [
      { route: 'home', path: '/zh' },
      { route: 'list', path: '/zh/articles' },
      { route: 'detail', path: `/zh/articles/${encodeURIComponent(id)}` },
    ];
    log('First-load JavaScript and CSS per route');
    const browser = await launchChrome();
    let routeSizes: RouteSizes[];
    try {
      routeSizes = await measureRoutes(browser, server.origin, distDir, routes);
    } finally {
      await browser.close();
    }
    for (const r of routeSizes) {
      log(`  ${r.route}: ${r.files.length} files, gzip ${r.total.gzip} B, brotli ${r.total.brotli} B, DOMPurify ${r.containsDomPurify ? 'yes' : 'no'}`);
    }
    log('Floor: a minimal Vite app with the same runtime packages');
    const floor = await measureFloor(workDir);
    log(`  floor: gzip ${floor.total.gzip} B, brotli ${floor.total.brotli} B`);
    const home = routeSizes.find((r) => r.route === 'home')!;
    const limitGzip = Math.round(floor.total.gzip * HOME_BUDGET_FACTOR);
    const jsPaths = (dir: string, files: readonly FileSize[]) =>
      files.filter((f) => f.file.endsWith('.js')).map((f) => join(dir, decodeURIComponent(f.file)));
    const { distDir: floorDist, ...floorSizes } = floor;
    const sizes = {
      routes: routeSizes,
      floor: floorSizes,
      composition: { home: composition(jsPaths(distDir, home.files)), floor: composition(jsPaths(floorDist, floor.files)) },
      homeBudget: {
        factor: HOME_BUDGET_FACTOR,
        limitGzip,
        homeGzip: home.total.gzip,
        holds: home.total.gzip <= limitGzip,
        ratio: Math.round((home.total.gzip / floor.total.gzip) * 1000) / 1000,
      },
      domPurifyOnlyOnDetail: routeSizes.every((r) => (r.route === 'detail') === r.containsDomPurify),
    };
    let lighthouse: LighthouseRoute[] | undefined;
    if (!SKIP.has('lighthouse')) {
      log(`Lighthouse (mobile preset), ${LIGHTHOUSE_RUNS} runs per route`);
      lighthouse = await runLighthouse(server.origin, routes, LIGHTHOUSE_RUNS, log);
    }
    return { sizes, lighthouse };
  } finally {
    await server.dispose();
  }
}

async function loadCases(origin: string, warmDetailPaths: readonly string[], coldDetailPaths: readonly string[]) {
  const latestPath = '/api/articles/latest?language=zh&limit=20';
  const searchPath = `/api/articles/search?language=zh&limit=20&q=${SEARCH_TERMS.common.term}`;
  return [
    { endpoint: 'latest' as const, path: latestPath, paths: undefined },
    { endpoint: 'detail' as const, path: warmDetailPaths[0]!, paths: warmDetailPaths },
    { endpoint: 'detail-first-view' as const, path: coldDetailPaths[0]!, paths: coldDetailPaths },
    { endpoint: 'search' as const, path: searchPath, paths: undefined },
  ].map((c) => ({ ...c, url: `${origin}${c.path}` }));
}

/** `count` distinct article paths spread over the whole range, starting at an offset. */
function detailPathsFor(articles: number, count: number, offset: number): string[] {
  const step = Math.max(1, Math.floor(articles / (count + 1)));
  return Array.from({ length: count }, (_, i) => `/api/articles/synthetic-1-${(offset + i * step) % articles}?language=zh`);
}

async function measureLoad(workDir: string, distDir: string): Promise<SizeRun[]> {
  const databasePath = join(workDir, 'synthetic.sqlite');
  const runs: SizeRun[] = [];
  let written = 0;
  for (const articles of [...SIZES].sort((a, b) => a - b)) {
    log(`API under load at ${articles.toLocaleString('en-US')} synthetic articles`);
    const generateStarted = Date.now();
    generateSyntheticArticles(databasePath, articles, 1, undefined, written);
    written = articles;
    const generateSeconds = Math.round((Date.now() - generateStarted) / 100) / 10;
    log(`  generated in ${generateSeconds} s`);

    const server: RunningServer = await startServer({
      distDir,
      databasePath,
      env: { ...UNLIMITED, LOAD_CORPUS: 'false' },
    });
    const endpoints: Array<Omit<EndpointLoad, 'floor'> & { floor?: LoadFigures }> = [];
    const searchRuns: SizeRun['search'] = [];
    let rssBefore: number | null = null;
    let rssAfter: number | null = null;
    const bodies: Record<string, string> = {};
    try {
      // Answers are cached from their second request. "detail" rotates over 400 articles that were each
      // requested during warm-up (a popular article); "detail-first-view" over 4,000 others, so nearly
      // every request reads the article and its stored page.
      const detailPaths = detailPathsFor(articles, 400, 0);
      const coldDetailPaths = detailPathsFor(articles, 4000, 1);
      const cases = await loadCases(server.origin, detailPaths, coldDetailPaths);
      for (const c of cases) {
        const answer = await json(server.origin, c.path);
        if (answer.status !== 200) throw new Error(`GET ${c.path} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
        bodies[c.endpoint === 'detail-first-view' ? 'detail' : c.endpoint] = answer.text;
      }
      rssBefore = rssMiB(server.pid());
      await runLoad({ url: cases[0]!.url, durationSeconds: 2 });
      for (const path of detailPaths) await json(server.origin, path);
      await runLoad({ url: cases[1]!.url, paths: detailPaths, durationSeconds: 1 });
      await runLoad({ url: cases[3]!.url, durationSeconds: 1 });
      for (const c of cases) {
        const figures = await runLoad({ url: c.url, paths: c.paths, durationSeconds: DURATION });
        log(`  ${c.endpoint}: ${figures.requestsPerSecond} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, errors ${figures.errors}, non-2xx ${figures.non2xx}`);
        const body = bodies[c.endpoint === 'detail-first-view' ? 'detail' : c.endpoint]!;
        endpoints.push({ endpoint: c.endpoint, path: c.path, server: figures, responseBytes: Buffer.byteLength(body) });
      }
      for (const [kind, { term }] of Object.entries(SEARCH_TERMS)) {
        const path = `/api/articles/search?language=zh&limit=20&q=${encodeURIComponent(term)}`;
        const answer = await json(server.origin, path);
        const matches = (answer.body as { total?: number } | null)?.total ?? -1;
        const figures = await runLoad({ url: `${server.origin}${path}`, durationSeconds: Math.max(2, Math.round(DURATION * 0.6)) });
        log(`  search "${term}" (${kind}, ${matches} matches): p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, ${figures.requestsPerSecond} req/s`);
        searchRuns.push({ kind, term, matches, figures });
      }
      rssAfter = rssMiB(server.pid());
      log(`  server RSS ${rssBefore} MiB before, ${rssAfter} MiB after`);
    } finally {
      await server.stop();
    }

    const bodiesFile = join(workDir, `floor-bodies-${articles}.json`);
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    const floor = await startFloorServer(bodiesFile);
    let floorRssBefore: number | null = null;
    let floorRssAfter: number | null = null;
    try {
      floorRssBefore = rssMiB(floor.child.pid);
      await runLoad({ url: `${floor.origin}/api/articles/latest`, durationSeconds: 2 });
      for (const entry of endpoints) {
        // The floor has one body per endpoint; a first view costs it the same as any other.
        const same = entry.endpoint === 'detail-first-view' ? endpoints.find((e) => e.endpoint === 'detail')?.floor : undefined;
        const figures = same ?? (await runLoad({ url: `${floor.origin}${entry.path}`, durationSeconds: DURATION }));
        entry.floor = figures;
        log(`  floor ${entry.endpoint}: ${figures.requestsPerSecond} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms`);
      }
      floorRssAfter = rssMiB(floor.child.pid);
    } finally {
      await floor.stop();
    }
    runs.push({
      articles,
      generateSeconds,
      rssBeforeMiB: rssBefore,
      rssAfterMiB: rssAfter,
      floorRssBeforeMiB: floorRssBefore,
      floorRssAfterMiB: floorRssAfter,
      endpoints: endpoints as EndpointLoad[],
      search: searchRuns,
    });
  }
  return runs;
}

async function main(): Promise<void> {
  const started = Date.now();
  const loadAtStart = Math.round(loadavg()[0]! * 100) / 100;
  findChrome();
  const workDir = temporaryDirectory('bench');
  try {
    const distDir = join(workDir, 'dist');
    log('Building the web app (production settings)');
    buildWebApp(distDir);
    const front = SKIP.has('sizes') ? {} : await measureSizesAndLighthouse(workDir, distDir);
    const load = SKIP.has('load') ? [] : await measureLoad(workDir, distDir);
    const dictionary = SKIP.has('dictionary')
      ? undefined
      : await measureDictionary({ distDir, workDir, durationSeconds: DURATION, command: 'npm run bench' });
    const cpuList = cpus();
    const result: BenchResult = {
      date: new Date().toISOString(),
      machine: {
        cpus: cpuList.length,
        cpuModel: cpuList[0]?.model ?? 'unknown',
        memoryGiB: Math.round(totalmem() / 1024 ** 3),
        node: process.version,
        kernel: release(),
        chromium: chromiumVersion(),
        loadAverage: { start: loadAtStart, end: Math.round(loadavg()[0]! * 100) / 100 },
      },
      settings: { durationSeconds: DURATION, connections: 10, lighthouseRuns: LIGHTHOUSE_RUNS },
      ...front,
      load,
      ...(dictionary ? { dictionary } : {}),
      durationSeconds: Math.round((Date.now() - started) / 1000),
    };
    mkdirSync(join(REPO_ROOT, 'docs'), { recursive: true });
    writeFileSync(join(REPO_ROOT, 'docs/benchmarks.json'), `${JSON.stringify(result, null, 2)}\n`);
    writeBenchmarksMarkdown(withDictionary(renderMarkdown(result), result));
    log(`Wrote docs/benchmarks.md and docs/benchmarks.json (${result.durationSeconds} s in all).`);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** Writes docs/benchmarks.md, keeping the sections other benchmark scripts wrote (hardening, scale). */
function writeBenchmarksMarkdown(markdown: string): void {
  const file = join(REPO_ROOT, 'docs/benchmarks.md');
  writeFileSync(file, keepOtherSections(markdown, existsSync(file) ? readFileSync(file, 'utf8') : ''));
}

function withDictionary(markdown: string, result: BenchResult): string {
  return result.dictionary ? withDictionarySection(markdown, renderDictionarySection(result.dictionary)) : markdown;
}

/** `--render-only`: rewrites docs/benchmarks.md from docs/benchmarks.json without measuring. */
async function renderOnly(): Promise<void> {
  const { readFileSync } = await import('node:fs');
  const result = JSON.parse(readFileSync(join(REPO_ROOT, 'docs/benchmarks.json'), 'utf8')) as BenchResult;
  writeBenchmarksMarkdown(withDictionary(renderMarkdown(result), result));
  log('Rewrote docs/benchmarks.md from docs/benchmarks.json.');
}

(process.argv.includes('--render-only') ? renderOnly() : main()).catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
