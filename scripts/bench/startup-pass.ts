/**
 * `npx tsx scripts/bench/startup-pass.ts --articles 100000 [--seconds 10] [--reuse] [--wait]`: the real server
 * (server/main.ts) started on a database of synthetic articles that has no page for the current renderer and
 * whose dictionary glosses were never applied (the state after a deploy that changes the renderer or the
 * dictionary: no stored page fits the new version, store/types.ts pageKey), so both content passes have the
 * whole database to go through.
 *
 * Prints: first, read latency with autocannon (10 connections, `--seconds` each) on a list, on articles read
 * once each (no stored page fits: rendered on the read) and on 400 popular articles, with both passes recorded
 * done (no pass running), to tell the passes' cost from the reads' own and the machine's; then the time from
 * spawning the process to the first 200 from /api/health with both passes to run, and the same reads during
 * the glosses pass and during the page pass, with the passes' progress (from /api/health) around each window
 * and the load average, since the machine is shared. With --wait, also how long the passes take to finish.
 * With --before <dir>, first the same start of another checkout (the code before this change), timed the same
 * way. Asserts nothing about time.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { READING_HELP_PASS } from '../../server/content/reading-help-pass';
import { pagesVersion, RENDER_PASS } from '../../server/content/stored-pages';
import { openDictionary } from '../../server/dictionary/open-dictionary';
import { writeDist } from '../../tests/server/fixtures';
import { startLiveServer } from '../../tests/support/server-process';
import { generateSyntheticArticles } from '../../tests/support/synthetic-articles';
import { runLoad, type LoadFigures } from './load';

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const ARTICLES = Number(argument('articles', '100000'));
const SECONDS = Number(argument('seconds', '10'));
const REUSE = process.argv.includes('--reuse');
const WAIT = process.argv.includes('--wait');
/** `--before <dir>`: another checkout (e.g. `git archive <commit>` of the code before issue 27) timed first, on the same database. */
const BEFORE = process.argv.includes('--before') ? argument('before', '') : undefined;

interface PassFigures {
  state: string;
  passes: { name: string; state: string; checked: number; changed: number; total: number | null }[];
}

async function passes(origin: string): Promise<PassFigures> {
  const res = await fetch(`${origin}/api/health`);
  return ((await res.json()) as { content_passes: PassFigures }).content_passes;
}

function shown(p: PassFigures): string {
  return `${p.state}: ${p.passes.map((pass) => `${pass.name} ${pass.state} ${pass.checked}/${pass.total ?? '?'} (${pass.changed} changed)`).join(', ')}`;
}

function load(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
}

const ids = (from: number, count: number, step: number) =>
  Array.from({ length: count }, (_, i) => `/api/articles/synthetic-1-${(from + i * step) % ARTICLES}?language=zh`);
// From the end of the store: the passes walk it from the start, so these pages are not refreshed yet.
const ONCE = Array.from({ length: Math.min(30_000, ARTICLES / 2) }, (_, i) => `/api/articles/synthetic-1-${ARTICLES - 1 - i}?language=zh`);

/** `slice`: which third of ONCE this window reads, so each window's articles are read for the first time. */
function cases(slice: number): Array<[string, string, readonly string[] | undefined]> {
  const once = ONCE.slice((slice * ONCE.length) / 3, ((slice + 1) * ONCE.length) / 3);
  return [
    ['latest list', '/api/articles/latest?language=zh&limit=20', undefined],
    ['article, read once each (no stored page: rendered on the read)', once[0]!, once],
    ['article, 400 popular', ids(0, 1, 1)[0]!, ids(5000, 400, 7)],
  ];
}

async function windows(origin: string, label: string, slice: number): Promise<string[]> {
  const rows: string[] = [];
  for (const [name, path, paths] of cases(slice)) {
    const before = await passes(origin);
    const figures: LoadFigures = await runLoad({ url: origin + path, durationSeconds: SECONDS, ...(paths ? { paths } : {}) });
    const after = await passes(origin);
    rows.push(
      `| ${label} | ${name} | ${figures.requestsPerSecond} | ${figures.p50Ms} | ${figures.p99Ms} | ${figures.errors} / ${figures.non2xx} | ${load()} | ${shown(before)} → ${shown(after)} |`,
    );
    console.log(rows.at(-1));
  }
  return rows;
}

/** No stored page, and (unless `recordDone`) no pass recorded: a deploy with a new renderer and dictionary. */
function resetContent(databasePath: string, recordDone?: { glosses: string; pages: string }): void {
  const db = new Database(databasePath);
  db.exec('DELETE FROM article_html; DELETE FROM content_passes;');
  if (recordDone) {
    const record = db.prepare('INSERT INTO content_passes (name, version, applied_at) VALUES (?, ?, ?)');
    record.run(READING_HELP_PASS, recordDone.glosses, new Date().toISOString());
    record.run(RENDER_PASS, recordDone.pages, new Date().toISOString());
  }
  db.exec('PRAGMA wal_checkpoint(TRUNCATE);');
  db.close();
}

async function until(origin: string, ok: (p: PassFigures) => boolean): Promise<PassFigures> {
  for (;;) {
    const now = await passes(origin);
    if (ok(now)) return now;
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/** Spawns `root`'s server/main.ts and returns the time to its first 200 from /api/health; then stops it. */
async function timeToFirstAnswer(root: string, env: Record<string, string>): Promise<number> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port), SKIP_WEB_BUILD: 'true', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${root}: the server exited with ${child.exitCode}`);
      const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      if (res?.ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function main(): Promise<void> {
  const dir = join(tmpdir(), `newsreader-startup-pass-${ARTICLES}`);
  const databasePath = join(dir, 'articles.sqlite');
  const dictionaryPath = join(dir, 'dictionary.db');
  if (!REUSE || !existsSync(databasePath)) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const started = Date.now();
    // Written without pages and without the dictionary's glosses: both passes have every article to do.
    generateSyntheticArticles(databasePath, ARTICLES, 1, (n) => {
      if (n % 20_000 === 0) console.log(`  ${n} articles written`);
    });
    console.log(`database of ${ARTICLES} articles built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  // Built once beforehand, as a deployed server finds it; its build is not what is measured here.
  const { dictionary } = openDictionary({ path: dictionaryPath });
  const versions = { glosses: dictionary.version, pages: pagesVersion(dictionary.version) };
  dictionary.close();
  const dist = writeDist(dir);
  const env = {
    DATABASE_PATH: databasePath,
    DICTIONARY_PATH: dictionaryPath,
    DIST_DIR: dist,
    LOG_LEVEL: 'info',
    // One client sends everything here; the per-client API limit would answer most of it with 429.
    RATE_LIMIT_MAX: '0',
  };
  const rows: string[] = [];

  if (BEFORE) {
    // 0. The other checkout on the same state: its time to first answer (it ran its passes before listening).
    resetContent(databasePath);
    console.log(`\nload average ${load()} before starting ${BEFORE}`);
    const beforeMs = await timeToFirstAnswer(BEFORE, env);
    console.log(`time to first answer of ${BEFORE}: ${(beforeMs / 1000).toFixed(1)} s`);
  }

  // 1. The same reads with no pass to run (both recorded done), pages still missing: what reads cost on their own.
  resetContent(databasePath, versions);
  console.log(`\nmachine: ${availableParallelism()} CPUs, load average ${load()} (1 / 5 / 15 min)`);
  const baseline = await startLiveServer(env);
  try {
    rows.push(...(await windows(baseline.url, 'no pass running', 0)));
  } finally {
    await baseline.stop();
  }

  // 2. A deploy with a new dictionary and renderer: no page fits, no pass recorded.
  resetContent(databasePath);
  console.log(`\nload average ${load()} before the start`);
  const spawned = performance.now();
  const server = await startLiveServer(env);
  let firstAnswerMs = 0;
  for (;;) {
    const res = await fetch(`${server.url}/api/health`).catch(() => undefined);
    if (res?.ok) {
      firstAnswerMs = performance.now() - spawned;
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const passStarted = Date.now();
  try {
    console.log(`time to first answer (spawn → /api/health 200): ${(firstAnswerMs / 1000).toFixed(2)} s`);
    console.log(`passes at the first answer: ${shown(await passes(server.url))}`);
    rows.push(...(await windows(server.url, 'during the glosses pass', 1)));
    const rendering = await until(server.url, (p) => p.passes.some((pass) => pass.name === RENDER_PASS && pass.state !== 'pending'));
    console.log(`page pass started ${((Date.now() - passStarted) / 1000).toFixed(0)} s after the first answer: ${shown(rendering)}`);
    rows.push(...(await windows(server.url, 'during the page pass', 2)));
    const progress = await passes(server.url);
    console.log(`\n${((Date.now() - passStarted) / 1000).toFixed(0)} s after the first answer: ${shown(progress)}`);
    if (WAIT) {
      const last = await until(server.url, (p) => p.state === 'done' || p.state === 'failed');
      console.log(`passes ${last.state} ${((Date.now() - passStarted) / 1000).toFixed(0)} s after the first answer: ${shown(last)}`);
    }
  } finally {
    await server.stop();
  }
  console.log('\n| when | reads (10 connections) | req/s | p50 ms | p99 ms | errors / non-2xx | load average | passes before → after |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(`\ntime to first answer: ${(firstAnswerMs / 1000).toFixed(2)} s; load average at the end: ${load()}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
