/**
 * `npx tsx scripts/bench/scale.ts --articles 100000 [--seconds 4] [--reuse]`: every query class of
 * issue 14 against the real server (server/main.ts) over a database of synthetic articles, each
 * case side by side with the in-memory floor (the same Fastify answering the same body from
 * memory), then the same cases with the answer cache off, and /api/health (probed from a process of
 * its own) while the heaviest search runs, with and without the cache. Prints a markdown section and writes it into docs/benchmarks.md as
 * "At N articles". Asserts nothing about time: figures are reported as measured.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSyntheticArticles } from '../../tests/support/synthetic-articles';
import { writeDist } from '../../tests/server/fixtures';
import { REPO_ROOT, startLiveServer, type LiveServer } from '../../tests/support/server-process';
import { startHealthProbe } from './health-probe';
import { runLoad, type LoadFigures } from './load';
import { renderStoredPages } from './render-pages';
import { replaceSection } from './sections';

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const ARTICLES = Number(argument('articles', '100000'));
const SECONDS = Number(argument('seconds', '4'));
const REUSE = process.argv.includes('--reuse');
/** `--only <regex>`: just the matching cases, printed but not written into docs (for experiments). */
const ONLY = process.argv.includes('--only') ? new RegExp(argument('only', '.')) : undefined;
/** `--workers N`: READ_WORKERS for the servers measured (default: the server's own default). */
const WORKERS = process.argv.includes('--workers') ? argument('workers', '1') : undefined;

interface Case {
  readonly name: string;
  readonly path: string;
  /** Rotated paths (detail over many articles). */
  readonly paths?: readonly string[];
}

const HEAVIEST = '/api/articles/search?language=zh&limit=20&q=people%20council%20school&category=health';

const FILTERS: Array<[string, string]> = [
  ['category', 'category=health'],
  ['source', 'source=bbc'],
  ['difficulty', 'difficulty=beginner'],
  ['category + source', 'category=health&source=bbc'],
  ['category + difficulty', 'category=health&difficulty=beginner'],
  ['source + difficulty', 'source=bbc&difficulty=beginner'],
  ['category + source + difficulty', 'category=health&source=bbc&difficulty=beginner'],
];
const SEARCHES: Array<[string, string]> = [
  ['rare ("zeppelin")', 'zeppelin'],
  ['common ("harbor", 1 in 10)', 'harbor'],
  ['nearly every article ("city")', 'city'],
  ['two words ("people council")', 'people council'],
  ['three words ("people council school")', 'people council school'],
  ['prefix ("harb*")', 'harb*'],
];

function cases(): Case[] {
  const list: Case[] = [{ name: 'latest', path: '/api/articles/latest?language=zh&limit=20' }];
  for (const [name, query] of FILTERS) list.push({ name: `latest, ${name}`, path: `/api/articles/latest?language=zh&limit=20&${query}` });
  for (const [name, q] of SEARCHES) {
    const base = `/api/articles/search?language=zh&limit=20&q=${encodeURIComponent(q)}`;
    list.push({ name: `search ${name}`, path: base }, { name: `search ${name}, category`, path: `${base}&category=health` });
  }
  // 400 popular articles read again and again, and 20,000 others each read about once.
  const ids = (from: number, count: number, step: number) =>
    Array.from({ length: count }, (_, i) => `/api/articles/synthetic-1-${(from + i * step) % ARTICLES}?language=zh`);
  list.push({ name: 'detail (400 popular articles)', path: ids(0, 1, 1)[0]!, paths: ids(0, 400, 7) });
  list.push({ name: 'detail (20,000 articles, first views)', path: ids(1, 1, 1)[0]!, paths: ids(1, 20_000, 3) });
  return list;
}

async function startFloor(bodies: Record<string, string>, dir: string): Promise<{ origin: string; stop(): Promise<void> }> {
  const file = join(dir, 'floor-bodies.json');
  writeFileSync(file, JSON.stringify({ latest: '{}', detail: '{}', search: '{}', byPath: bodies }));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/floor-server.ts', String(port), file], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (
      await fetch(`${origin}/api/health`).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((done) => setTimeout(done, 100));
  }
  return { origin, stop: async () => void child.kill('SIGTERM') };
}

const fmt = (n: number) => n.toLocaleString('en-US');
const row = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;

async function measure(origin: string, c: Case): Promise<LoadFigures> {
  // A short warm-up fills caches the way a running site has them filled.
  await runLoad({ url: origin + c.path, durationSeconds: 1, ...(c.paths ? { paths: c.paths.slice(0, 400) } : {}) });
  return runLoad({ url: origin + c.path, durationSeconds: SECONDS, ...(c.paths ? { paths: c.paths } : {}) });
}

interface HealthFigures {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly probes: number;
  readonly failures: number;
  readonly load: LoadFigures;
}

async function healthWhile(origin: string, path: string): Promise<HealthFigures> {
  const probe = startHealthProbe(origin);
  const load = await runLoad({ url: origin + path, durationSeconds: SECONDS * 2 });
  const { times, failures } = await probe.stop();
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN;
  return { p50: at(50), p99: at(99), max: times[times.length - 1] ?? NaN, probes: times.length, failures, load };
}

function healthLine(h: HealthFigures): string {
  const failed = h.failures > 0 ? ` (${h.failures} probes failed)` : '';
  return `p50 ${h.p50.toFixed(1)} ms, p99 ${h.p99.toFixed(1)} ms, max ${h.max.toFixed(1)} ms over ${h.probes} probes${failed}`;
}

/** A server that died mid-run is named with the end of what it printed, instead of figures that mean nothing. */
function checkAlive(server: LiveServer, name: string): void {
  if (server.child.exitCode === null && server.child.signalCode === null) return;
  throw new Error(`the ${name} server exited (${server.child.exitCode ?? server.child.signalCode}):\n${server.output().slice(-4000)}`);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'nr-bench-scale-'));
  const databasePath = join(REPO_ROOT, 'data', `bench-scale-${ARTICLES}.db`);
  const lines: string[] = [];
  const started = Date.now();
  try {
    let generated = 'reused';
    if (!REUSE || !existsSync(databasePath)) {
      for (const suffix of ['', '-wal', '-shm']) rmSync(databasePath + suffix, { force: true });
      process.stderr.write(`generating ${fmt(ARTICLES)} articles…\n`);
      const t = Date.now();
      generateSyntheticArticles(databasePath, ARTICLES);
      generated = `${((Date.now() - t) / 1000).toFixed(1)} s`;
    }
    // The start-up pass (what a server does for articles stored without pages), timed here.
    process.stderr.write('rendering pages…\n');
    const { seconds: renderSeconds, ...pass } = await renderStoredPages(databasePath, join(dir, 'dictionary.db'));

    const env = {
      DATABASE_PATH: databasePath,
      DICTIONARY_PATH: join(dir, 'dictionary.db'),
      DIST_DIR: writeDist(dir),
      LOAD_CORPUS: 'false',
      RATE_LIMIT_MAX: '0',
      ...(WORKERS ? { READ_WORKERS: WORKERS } : {}),
    };
    const all = cases().filter((c) => !ONLY || ONLY.test(c.name));
    const results: Array<{ c: Case; server: LoadFigures; floor: LoadFigures; uncached?: LoadFigures; bytes: number }> = [];

    const server = await startLiveServer(env);
    const bodies: Record<string, string> = {};
    for (const path of [...all.map((c) => c.path), HEAVIEST]) bodies[path] = await (await fetch(server.url + path)).text();
    const floor = await startFloor(bodies, dir);
    for (const c of all) {
      process.stderr.write(`${c.name}…\n`);
      const measured = await measure(server.url, c);
      checkAlive(server, 'measured');
      // The floor answers one fixed body per path; rotating detail paths all get the first one's.
      const floorFigures = await measure(floor.origin, { name: c.name, path: c.path });
      results.push({ c, server: measured, floor: floorFigures, bytes: Buffer.byteLength(bodies[c.path]!) });
    }
    // The same probe against the floor tells what this machine allows when an answer costs nothing.
    const healthFloor = await healthWhile(floor.origin, HEAVIEST);
    await floor.stop();
    process.stderr.write('health under the heaviest search, answer cache on…\n');
    checkAlive(server, 'measured');
    const healthCached = await healthWhile(server.url, HEAVIEST);
    await server.stop();

    const uncachedServer = await startLiveServer({ ...env, ANSWER_CACHE_ENTRIES: '0' });
    for (const result of results) {
      process.stderr.write(`uncached: ${result.c.name}…\n`);
      result.uncached = await measure(uncachedServer.url, result.c);
      checkAlive(uncachedServer, 'uncached');
    }
    process.stderr.write('health under the heaviest uncached search…\n');
    checkAlive(uncachedServer, 'uncached');
    const health = await healthWhile(uncachedServer.url, HEAVIEST);
    checkAlive(uncachedServer, 'uncached');
    await uncachedServer.stop();

    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    lines.push(`## At ${fmt(ARTICLES)} articles`, '');
    lines.push(
      `One run of \`npx tsx scripts/bench/scale.ts --articles ${ARTICLES}\` on ${when} UTC, ${availableParallelism()} CPUs, Node ${process.version}; ` +
        `1-minute load average ${loadavg()[0]!.toFixed(2)} at the end; the run took ${Math.round((Date.now() - started) / 1000)} s. ` +
        `Database: ${fmt(ARTICLES)} synthetic articles (Zipf-like words; generated: ${generated}); pages of ${fmt(pass.rendered)} articles rendered and stored by the start-up pass in ${renderSeconds.toFixed(1)} s. ` +
        `autocannon on loopback, 10 connections${WORKERS ? `, READ_WORKERS=${WORKERS}` : ''}, ${SECONDS} s per case after a 1 s warm-up; the real server (\`server/main.ts\`, default settings, rate limit off). ` +
        'The floor is the same Fastify answering the same body from memory, measured right after each case. "No cache" is the same server with `ANSWER_CACHE_ENTRIES=0`: every request runs its query on the read worker. Latencies in ms (autocannon rounds to whole ms); "err" counts socket errors, time-outs and non-2xx answers.',
      '',
    );
    lines.push(
      row([
        'Case',
        'Body',
        'req/s',
        'p50',
        'p99',
        'err',
        'floor req/s',
        'floor p99',
        '% of floor',
        'no cache req/s',
        'no cache p50',
        'no cache p99',
      ]),
    );
    lines.push(row(Array(12).fill('---')));
    for (const { c, server: s, floor: f, uncached: u, bytes } of results) {
      lines.push(
        row([
          c.name,
          `${(bytes / 1024).toFixed(1)} KiB`,
          fmt(s.requestsPerSecond),
          s.p50Ms,
          s.p99Ms,
          s.errors + s.non2xx,
          fmt(f.requestsPerSecond),
          f.p99Ms,
          `${Math.round((100 * s.requestsPerSecond) / Math.max(1, f.requestsPerSecond))}%`,
          u ? fmt(u.requestsPerSecond) : '—',
          u ? u.p50Ms : '—',
          u ? u.p99Ms : '—',
        ]),
      );
    }
    lines.push(
      '',
      `/api/health while 10 connections run the heaviest search (\`${decodeURIComponent(HEAVIEST)}\`), probed every 10 ms from a process of its own: ` +
        `with the answer cache (as deployed; ${fmt(healthCached.load.requestsPerSecond)} search req/s, p99 ${healthCached.load.p99Ms} ms) ` +
        `${healthLine(healthCached)}; ` +
        `without it (${fmt(health.load.requestsPerSecond)} search req/s, p99 ${health.load.p99Ms} ms) ` +
        `${healthLine(health)}; ` +
        `the floor's /api/health under the same load (${fmt(healthFloor.load.requestsPerSecond)} req/s of the search's body from memory): ` +
        `${healthLine(healthFloor)}.`,
      '',
    );
    const section = lines.join('\n');
    process.stdout.write(`${section}\n`);
    if (ONLY || WORKERS) return;
    const docs = join(REPO_ROOT, 'docs/benchmarks.md');
    writeFileSync(docs, replaceSection(readFileSync(docs, 'utf8'), `## At ${fmt(ARTICLES)} articles`, section));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
