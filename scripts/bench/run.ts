/**
 * `npm run bench`: one measured run on this machine, printed and written to docs/benchmarks.md
 * and docs/benchmarks.json. It asserts nothing about time; it reports.
 *
 * Environment: CHROME_PATH (default /usr/bin/chromium); BENCH_SIZES (default "10000,100000");
 * BENCH_DURATION_SECONDS (default 5); BENCH_LIGHTHOUSE_RUNS (default 5); BENCH_SKIP (comma list of
 * sizes, lighthouse, load, dictionary) to leave parts out while working on one. The API load part is
 * api-load.ts; the dictionary part is scripts/bench/dictionary-latency.ts (its own section of docs/benchmarks.md).
 *
 * `--first-load` (`npx tsx scripts/bench/run.ts --first-load`, about 30 s): builds and measures the
 * first-load sizes alone (no Lighthouse, load or dictionary) and writes them over the `sizes` of
 * docs/benchmarks.json, keeping the rest of the last full run, noted as such in docs/benchmarks.md.
 * `--front` adds Lighthouse; `--front --routes=level,progress,practice` runs Lighthouse on those routes
 * only (the sizes of every route are still measured) and keeps the last run's figures of the others.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem, release } from 'node:os';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWebApp } from '../../tests/e2e/support/build';
import { findChrome, launchChrome } from '../../tests/e2e/support/chrome';
import { REPO_ROOT, startServer, temporaryDirectory } from '../../tests/support/server-process';
import { json, measureApiLoad, type SizeRun } from './api-load';
import { runLighthouse, type LighthouseRoute } from './lighthouse-runs';
import { composition, type Composition } from './composition';
import { measureFloor, measureRoutes, type FileSize, type RouteSizes, type SizeTotals } from './sizes';
import { renderMarkdown } from './report';
import { measureDictionary, withDictionarySection, renderDictionarySection, type DictionaryBench } from './dictionary-latency';
import { keepOtherSections } from './sections';

export type { EndpointLoad, SizeRun } from './api-load';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const DURATION = Number(process.env.BENCH_DURATION_SECONDS ?? '5');
// Issue 33 asks for 5 runs per route, each listed: the pages sit on an edge where one run passes and the next does not.
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? '5');
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
/** `--routes=a,b`: Lighthouse on these routes only (by name: home, list, detail, words, review, level, progress, practice). */
const ROUTE_FILTER = process.argv
  .find((arg) => arg.startsWith('--routes='))
  ?.slice('--routes='.length)
  .split(',')
  .filter(Boolean);
/** Issue 17's budget: home and list first-load JS at most the floor's JS plus this much (gzip). */
const FIRST_LOAD_ALLOWANCE_GZIP = 24 * 1024;
const UNLIMITED = { RATE_LIMIT_MAX: '1000000000', LOG_LEVEL: 'warn' };

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
    readonly firstLoadBudget: {
      allowanceGzip: number;
      limitGzip: number;
      homeGzip: number;
      listGzip: number;
      holds: boolean;
    };
    readonly domPurifyOnlyOnDetail: boolean;
    /** What the home route's and the floor's first-load JavaScript is made of, from source maps. */
    readonly composition: { readonly home: Composition; readonly floor: Composition };
  };
  /** Set when the sizes come from a later `--first-load` run than the rest. */
  readonly sizesRun?: { readonly date: string; readonly command: string; readonly loadAverage: number };
  /** Set by `--front`: Lighthouse measured after the full run. */
  readonly lighthouseRun?: { readonly date: string; readonly command: string; readonly loadAverage: number };
  readonly lighthouse?: LighthouseRoute[];
  readonly load: SizeRun[];
  /** scripts/bench/dictionary-latency.ts: look-up latency, load time, data sizes, first-load JS. */
  readonly dictionary?: DictionaryBench;
  readonly durationSeconds: number;
}

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function firstArticleId(origin: string): Promise<string> {
  const { status, body } = await json(origin, '/api/articles/latest?language=zh&limit=1');
  const id = (body as { articles?: Array<{ article_id?: string }> } | null)?.articles?.[0]?.article_id;
  if (status !== 200 || !id) throw new Error(`GET /api/articles/latest answered ${status}; cannot find an article to open.`);
  return id;
}

function chromiumVersion(): string {
  try {
    return execFileSync(findChrome(), ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

async function measureSizesAndLighthouse(
  workDir: string,
  distDir: string,
  withLighthouse = !SKIP.has('lighthouse'),
): Promise<Pick<BenchResult, 'sizes' | 'lighthouse'>> {
  const server = await startServer({ distDir, env: UNLIMITED });
  try {
    const id = await firstArticleId(server.origin);
    const routes = [
      { route: 'home', path: '/zh' },
      { route: 'list', path: '/zh/articles' },
      { route: 'detail', path: `/zh/articles/${encodeURIComponent(id)}` },
      { route: 'words', path: '/zh/words' },
      { route: 'review', path: '/zh/review' },
      { route: 'level', path: '/zh/level' },
      { route: 'progress', path: '/zh/progress' },
      { route: 'practice', path: `/zh/articles/${encodeURIComponent(id)}/practice` },
    ];
    const unknown = (ROUTE_FILTER ?? []).filter((name) => !routes.some((r) => r.route === name));
    if (unknown.length > 0)
      throw new Error(`--routes names no route ${unknown.join(', ')}; the routes are ${routes.map((r) => r.route).join(', ')}.`);
    log('First-load JavaScript and CSS per route');
    const browser = await launchChrome();
    let routeSizes: RouteSizes[];
    try {
      routeSizes = await measureRoutes(browser, server.origin, distDir, routes);
    } finally {
      await browser.close();
    }
    for (const r of routeSizes) {
      log(
        `  ${r.route}: ${r.files.length} files, gzip ${r.total.gzip} B, brotli ${r.total.brotli} B, DOMPurify ${r.containsDomPurify ? 'yes' : 'no'}` +
          (r.later.length > 0 ? `; later ${r.later.map((f) => `${f.file} ${f.gzip} B`).join(', ')}` : '') +
          ((r.idle ?? []).length > 0
            ? `; at idle ${(r.idle ?? []).reduce((sum, f) => sum + f.gzip, 0)} B in ${(r.idle ?? []).length} files`
            : '') +
          ((r.early ?? []).length > 0
            ? `; early look-up ${(r.early ?? []).reduce((sum, f) => sum + f.gzip, 0)} B in ${(r.early ?? []).length} files (with them the JS would be ${r.js.gzip + (r.early ?? []).reduce((sum, f) => sum + f.gzip, 0)} B)`
            : ''),
      );
    }
    log('Floor: a minimal Vite app with the same runtime packages');
    const floor = await measureFloor(workDir);
    log(`  floor: gzip ${floor.total.gzip} B, brotli ${floor.total.brotli} B`);
    const home = routeSizes.find((r) => r.route === 'home')!;
    const list = routeSizes.find((r) => r.route === 'list')!;
    const limitGzip = floor.js.gzip + FIRST_LOAD_ALLOWANCE_GZIP;
    const jsPaths = (dir: string, files: readonly FileSize[]) =>
      files.filter((f) => f.file.endsWith('.js')).map((f) => join(dir, decodeURIComponent(f.file)));
    const { distDir: floorDist, ...floorSizes } = floor;
    const sizes = {
      routes: routeSizes,
      floor: floorSizes,
      composition: { home: composition(jsPaths(distDir, home.files)), floor: composition(jsPaths(floorDist, floor.files)) },
      firstLoadBudget: {
        allowanceGzip: FIRST_LOAD_ALLOWANCE_GZIP,
        limitGzip,
        homeGzip: home.js.gzip,
        listGzip: list.js.gzip,
        holds: home.js.gzip <= limitGzip && list.js.gzip <= limitGzip,
      },
      // Since issue 33 DOMPurify loads at the first body the app sanitises (a client navigation), on no first load.
      domPurifyOnlyOnDetail: routeSizes.every((r) => r.route === 'detail' || !r.containsDomPurify),
    };
    let lighthouse: LighthouseRoute[] | undefined;
    if (withLighthouse) {
      log(`Lighthouse (mobile preset), ${LIGHTHOUSE_RUNS} runs per route`);
      const measured = ROUTE_FILTER === undefined ? routes : routes.filter((r) => ROUTE_FILTER.includes(r.route));
      lighthouse = await runLighthouse(server.origin, measured, LIGHTHOUSE_RUNS, log);
    }
    return { sizes, lighthouse };
  } finally {
    await server.dispose();
  }
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
    const load = SKIP.has('load') ? [] : await measureApiLoad(workDir, distDir, { sizes: SIZES, durationSeconds: DURATION });
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

const FIRST_LOAD_COMMAND = 'npx tsx scripts/bench/run.ts --first-load';
const FRONT_COMMAND = 'npx tsx scripts/bench/run.ts --front';

/** `--first-load`: the first-load sizes alone, written over those of the last full run; `--front` adds Lighthouse. */
async function firstLoadOnly(withLighthouse = false): Promise<void> {
  const jsonFile = join(REPO_ROOT, 'docs/benchmarks.json');
  const previous = JSON.parse(readFileSync(jsonFile, 'utf8')) as BenchResult;
  const workDir = temporaryDirectory('bench');
  try {
    const distDir = join(workDir, 'dist');
    log('Building the web app (production settings)');
    buildWebApp(distDir);
    const { sizes, lighthouse } = await measureSizesAndLighthouse(workDir, distDir, withLighthouse);
    const budget = sizes!.firstLoadBudget;
    log(
      `Budget: home ${budget.homeGzip} B, list ${budget.listGzip} B, limit ${budget.limitGzip} B — ${budget.holds ? 'holds' : 'does not hold'}`,
    );
    const run = {
      date: new Date().toISOString(),
      command: withLighthouse ? FRONT_COMMAND + (ROUTE_FILTER ? ` --routes=${ROUTE_FILTER.join(',')}` : '') : FIRST_LOAD_COMMAND,
      loadAverage: Math.round(loadavg()[0]! * 100) / 100,
    };
    // With --routes the other routes keep the last run's Lighthouse figures, in the order of the route list.
    const merged =
      lighthouse && ROUTE_FILTER
        ? sizes!.routes.flatMap(
            ({ route }) => lighthouse.find((r) => r.route === route) ?? previous.lighthouse?.find((r) => r.route === route) ?? [],
          )
        : lighthouse;
    const result: BenchResult = {
      ...previous,
      sizes: sizes!,
      sizesRun: run,
      ...(merged ? { lighthouse: merged, lighthouseRun: run } : {}),
    };
    writeFileSync(jsonFile, `${JSON.stringify(result, null, 2)}\n`);
    writeBenchmarksMarkdown(withDictionary(renderMarkdown(result), result));
    log(`Wrote the first-load${withLighthouse ? ' and Lighthouse' : ''} figures into docs/benchmarks.md and docs/benchmarks.json.`);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

(process.argv.includes('--render-only')
  ? renderOnly()
  : process.argv.includes('--first-load')
    ? firstLoadOnly()
    : process.argv.includes('--front')
      ? firstLoadOnly(true)
      : main()
).catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
