/**
 * `npx tsx scripts/bench/uncached-scale.ts [--articles 100000] [--seconds 5] [--store sqlite|postgres|both] [--reuse] [--cpu-prof DIR]`:
 * issue 31's table. The real server (server/main.ts, `ANSWER_CACHE_ENTRIES=0`, so no answer and no page is
 * kept) over synthetic articles, 10 connections, and every request a query not asked before: each class
 * rotates over thousands of distinct paths (words drawn from the generator's own text, offsets, filters,
 * article ids) and no path is sent twice, warm-up included. Beside each class, the in-memory floor (the
 * same Fastify answering a body of the class's size from memory) in the same run; then /api/health probed
 * from a process of its own while 10 connections run the class with the worst p99; then the server's RSS.
 *
 * SQLite: data/bench-scale-N.db (kept between runs with --reuse; pages rendered once by the start-up pass).
 * PostgreSQL: DATABASE_URL if set (grown to N articles, never rewritten), else a throwaway cluster: the sample
 * corpus through the store's write path, the synthetic articles in bulk (the same rows, postgres-fill.ts). The web app is built once into data/bench-dist (server rendering).
 * Prints markdown and writes it into docs/benchmarks.md as "Uncached at N articles (issue 31)" unless --only.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSyntheticArticles } from '../../tests/support/synthetic-articles';
import { classes, latestTotals, type Class } from './uncached-classes';
import { REPO_ROOT, startLiveServer, type LiveServer } from '../../tests/support/server-process';
import { buildWebApp } from '../../tests/e2e/support/build';
import { startFloorServer } from './floor-process';
import { startHealthProbe } from './health-probe';
import { runLoad, type LoadFigures } from './load';
import { fillPostgres } from './postgres-fill';
import { renderStoredPages } from './render-pages';
import { replaceSection } from './sections';
import { startThrowawayCluster } from '../postgres/throwaway-cluster';

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const ARTICLES = Number(argument('articles', '100000'));
const SECONDS = Number(argument('seconds', '5'));
const STORES = argument('store', 'both') === 'both' ? ['sqlite', 'postgres'] : [argument('store', 'sqlite')];
const REUSE = process.argv.includes('--reuse');
const ONLY = process.argv.includes('--only') ? new RegExp(argument('only', '.')) : undefined;
/** `--cpu-prof DIR`: the server's threads (HTTP and read workers) write V8 CPU profiles there (cpu-profile-preload.cjs; server-profile-shares.ts reads them). */
const CPU_PROF = process.argv.includes('--cpu-prof') ? argument('cpu-prof', '') : undefined;

const fmt = (n: number) => n.toLocaleString('en-US');
const log = (line: string) => process.stderr.write(`${line}\n`);
const load1 = () => loadavg()[0]!.toFixed(2);

interface Row {
  readonly name: string;
  readonly bytes: number;
  readonly server: LoadFigures;
  readonly floor: LoadFigures;
  readonly distinct: number;
  readonly load: string;
}

function checkAlive(server: LiveServer): void {
  if (server.child.exitCode === null && server.child.signalCode === null) return;
  throw new Error(`the server exited (${server.child.exitCode ?? server.child.signalCode}):\n${server.output().slice(-4000)}`);
}

function memory(pid: number | undefined): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: Math.round(kib('VmRSS') / 1024), peak: Math.round(kib('VmHWM') / 1024) };
}

/**
 * The background passes (glosses, stored bodies, article pages rendered ahead) run after the server listens; the
 * classes are measured once they are done, as a server that has been up a while answers, never beside them.
 */
async function contentPassesDone(server: LiveServer): Promise<void> {
  const started = Date.now();
  let lastLog = 0;
  for (;;) {
    checkAlive(server);
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as {
      content_passes?: { state: string; passes: { name: string; checked: number; changed: number; total: number | null }[] };
    };
    const passes = health.content_passes;
    const progress = (passes?.passes ?? []).map((p) => `${p.name} ${fmt(p.checked)}/${fmt(p.total ?? 0)} (${fmt(p.changed)} changed)`);
    if (passes === undefined || passes.state === 'done' || passes.state === 'failed') {
      log(`content passes ${passes?.state ?? 'absent'} after ${((Date.now() - started) / 1000).toFixed(1)} s: ${progress.join(', ')}`);
      return;
    }
    if (Date.now() - lastLog > 30_000) {
      lastLog = Date.now();
      log(`waiting for the content passes (${((Date.now() - started) / 1000).toFixed(0)} s): ${progress.join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function measureStore(
  store: string,
  env: Record<string, string>,
  workDir: string,
): Promise<{ rows: Row[]; health: string; memory: { rss: number; peak: number }; heaviest: string }> {
  const preload = join(REPO_ROOT, 'scripts/bench/cpu-profile-preload.cjs');
  const profile: Record<string, string> = CPU_PROF
    ? {
        NODE_OPTIONS: `${process.env['NODE_OPTIONS'] ?? ''} --require ${preload}`.trim(),
        CPU_PROFILE_DIR: CPU_PROF,
        CPU_PROFILE_SECONDS: '5',
      }
    : {};
  const server = await startLiveServer({ ...env, ...profile, ANSWER_CACHE_ENTRIES: '0', RATE_LIMIT_MAX: '0', LOAD_CORPUS: 'false' });
  const rows: Row[] = [];
  try {
    await contentPassesDone(server);
    const all = classes(ARTICLES, await latestTotals(server.url)).filter((c) => !ONLY || ONLY.test(c.name));
    const bodies: Record<string, string> = {};
    const firstBodies = new Map<Class, string>();
    for (const c of all) {
      // The class's first path is asked here once and never again (the warm-up and the run start after it).
      const answer = await fetch(server.url + c.paths[0]!);
      const text = await answer.text();
      if (answer.status !== 200) throw new Error(`GET ${c.paths[0]} answered ${answer.status}: ${text.slice(0, 300)}`);
      if (c.floor === 'page' && !text.includes('id="page-data"')) throw new Error(`${c.paths[0]} is not server-rendered`);
      firstBodies.set(c, text);
      bodies[c.floor] ??= text;
    }
    const floor = await startFloorServer(bodies, workDir);
    try {
      for (const c of all) {
        log(`${store}: ${c.name}…`);
        // A 1 s warm-up on paths of its own, then the run on paths never sent before.
        const warm = c.paths.slice(1, 2001);
        const measured = c.paths.slice(2001);
        await runLoad({ url: server.url + warm[0], paths: warm, durationSeconds: 1 });
        const figures = await runLoad({ url: server.url + measured[0], paths: measured, durationSeconds: SECONDS });
        checkAlive(server);
        if (figures.total > measured.length)
          log(`  ${c.name}: ${figures.total} requests over ${measured.length} paths: some were repeated`);
        const floorFigures = await runLoad({ url: floor.origin + measured[0], paths: measured, durationSeconds: SECONDS });
        rows.push({
          name: c.name,
          bytes: Buffer.byteLength(firstBodies.get(c)!),
          server: figures,
          floor: floorFigures,
          distinct: Math.min(figures.total, measured.length),
          load: load1(),
        });
        log(
          `  ${figures.requestsPerSecond} req/s, p50 ${figures.p50Ms}, p99 ${figures.p99Ms} (floor p99 ${floorFigures.p99Ms}), load ${load1()}`,
        );
      }
      const worst = rows.reduce((a, b) => (b.server.p99Ms > a.server.p99Ms ? b : a));
      const heavy = all.find((c) => c.name === worst.name)!;
      // Paths from the end of the class's list: not sent by the run above unless it went through all of them.
      const healthPaths = heavy.paths.slice(-Math.floor(heavy.paths.length / 3));
      log(`${store}: /api/health beside ${heavy.name}…`);
      const probe = startHealthProbe(server.url);
      const loadFigures = await runLoad({ url: server.url + healthPaths[0], paths: healthPaths, durationSeconds: SECONDS * 2 });
      const { times, failures } = await probe.stop();
      const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN;
      const health =
        `/api/health beside "${heavy.name}" (${fmt(loadFigures.requestsPerSecond)} req/s, p99 ${loadFigures.p99Ms} ms, 10 connections), probed every 10 ms from a process of its own: ` +
        `p50 ${at(50).toFixed(1)} ms, p99 ${at(99).toFixed(1)} ms, max ${(times[times.length - 1] ?? NaN).toFixed(1)} ms over ${times.length} probes` +
        `${failures ? `, ${failures} failed` : ''} (load ${load1()})`;
      return { rows, health, memory: memory(server.child.pid), heaviest: heavy.name };
    } finally {
      await floor.stop();
    }
  } finally {
    await server.stop();
  }
}

async function sqliteDatabase(workDir: string): Promise<{ env: Record<string, string>; note: string }> {
  const databasePath = join(REPO_ROOT, 'data', `bench-scale-${ARTICLES}.db`);
  let note = 'reused';
  if (!REUSE || !existsSync(databasePath)) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(databasePath + suffix, { force: true });
    log(`generating ${fmt(ARTICLES)} articles…`);
    const t = Date.now();
    generateSyntheticArticles(databasePath, ARTICLES);
    note = `generated in ${((Date.now() - t) / 1000).toFixed(1)} s`;
  }
  const dictionaryPath = join(REPO_ROOT, 'data', 'bench-dictionary.db');
  log('rendering stored pages (once)…');
  const pass = await renderStoredPages(databasePath, dictionaryPath);
  note += `; start-up page pass ${fmt(pass.rendered)} pages in ${pass.seconds.toFixed(1)} s`;
  void workDir;
  return { env: { DATABASE_PATH: databasePath, DICTIONARY_PATH: dictionaryPath }, note };
}

function table(rows: readonly Row[]): string[] {
  const row = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
  return [
    row(['Class', 'Body', 'distinct requests', 'req/s', 'p50 ms', 'p99 ms', 'err', 'floor req/s', 'floor p99 ms', 'load']),
    row(Array(10).fill('---')),
    ...rows.map((r) =>
      row([
        r.name,
        `${(r.bytes / 1024).toFixed(1)} KiB`,
        fmt(r.distinct),
        fmt(r.server.requestsPerSecond),
        r.server.p50Ms,
        r.server.p99Ms,
        r.server.errors + r.server.non2xx,
        fmt(r.floor.requestsPerSecond),
        r.floor.p99Ms,
        r.load,
      ]),
    ),
  ];
}

async function main(): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'nr-bench-uncached-'));
  const started = Date.now();
  const distDir = join(REPO_ROOT, 'data', 'bench-dist');
  const sections: string[] = [];
  try {
    if (!REUSE || !existsSync(join(distDir, 'server', 'entry-server.js'))) buildWebApp(distDir);
    for (const store of STORES) {
      let env: Record<string, string>;
      let note: string;
      let stop = async () => {};
      if (store === 'sqlite') ({ env, note } = await sqliteDatabase(workDir));
      else {
        const given = process.env['DATABASE_URL']?.trim();
        const cluster = given ? undefined : await startThrowawayCluster({ database: 'bench' });
        stop = async () => void (await cluster?.stop());
        const url = given ?? cluster!.url;
        const dictionaryPath = join(REPO_ROOT, 'data', 'bench-dictionary.db');
        note = (await fillPostgres(url, dictionaryPath, ARTICLES, log)).notes.join('; ');
        env = { DATABASE_URL: url, DICTIONARY_PATH: dictionaryPath };
      }
      try {
        const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
        const loadBefore = load1();
        const result = await measureStore(store, { ...env, DIST_DIR: distDir }, workDir);
        sections.push(
          `### ${store === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${when} UTC`,
          '',
          `Database: ${note}. 1-minute load average ${loadBefore} at the start, ${load1()} at the end. ` +
            `Server RSS after the run: ${fmt(result.memory.rss)} MiB (peak ${fmt(result.memory.peak)} MiB).`,
          '',
          ...table(result.rows),
          '',
          `${result.health}.`,
          '',
        );
      } finally {
        await stop();
      }
    }
    const heading = `## Uncached at ${fmt(ARTICLES)} articles (issue 31)`;
    const args = process.argv.slice(2).join(' ');
    const section = [
      heading,
      '',
      `\`npx tsx scripts/bench/uncached-scale.ts${args ? ` ${args}` : ''}\`, ${availableParallelism()} CPUs (shared with other developers' work), Node ${process.version}; the run took ${Math.round((Date.now() - started) / 1000)} s. ` +
        `The real server with \`ANSWER_CACHE_ENTRIES=0\` (no answer and no page kept), rate limit off; autocannon on loopback, 10 connections, ${SECONDS} s per class after a 1 s warm-up, ` +
        'every request a path not sent before (words from the generator\'s text, offsets, filters, article ids; "distinct requests" counts them). ' +
        'The floor is the same Fastify answering a body of the class from memory, on the same paths, right after each class. Latencies in ms as autocannon rounds them; "load" is the 1-minute load average after the class.',
      '',
      ...sections,
    ].join('\n');
    process.stdout.write(`${section}\n`);
    if (ONLY) return;
    const docs = join(REPO_ROOT, 'docs/benchmarks.md');
    writeFileSync(docs, replaceSection(readFileSync(docs, 'utf8'), heading, section));
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
