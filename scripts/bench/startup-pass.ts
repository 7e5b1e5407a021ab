/**
 * `npx tsx scripts/bench/startup-pass.ts --articles 100000 [--seconds 10] [--reuse] [--wait]`: the real server
 * (server/main.ts) started on a database of synthetic articles that has no page for the current renderer and
 * whose dictionary glosses were never applied (the state after a deploy that changes the renderer or the
 * dictionary: no stored page fits the new version, store/types.ts pageKey), so both content passes have the
 * whole database to go through.
 *
 * Prints: the time from spawning the process to the first 200 from /api/health; then, while the background
 * passes run, read latency with autocannon (10 connections) on a list, on article pages read once each (each
 * rendered on the read, as the pass has not reached it), and on 400 popular articles; the passes' progress
 * (from /api/health) around each window, so their pace under load shows; and the load average, since the
 * machine is shared. With --wait, also how long the passes take to finish, and the same reads again once
 * they are done, to tell the passes' cost from the machine's. Asserts nothing about time.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
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
  } else {
    // The same articles, back to no page and no pass recorded (a run before may have refreshed them).
    const db = new Database(databasePath);
    db.exec('DELETE FROM article_html; DELETE FROM content_passes; PRAGMA wal_checkpoint(TRUNCATE);');
    db.close();
  }
  // Built once beforehand, as a deployed server finds it; its build is not what is measured here.
  openDictionary({ path: dictionaryPath }).dictionary.close();
  const dist = writeDist(dir);

  console.log(`\nmachine: ${availableParallelism()} CPUs, load average ${load()} (1 / 5 / 15 min) before the start`);
  const spawned = performance.now();
  const server = await startLiveServer({
    DATABASE_PATH: databasePath,
    DICTIONARY_PATH: dictionaryPath,
    DIST_DIR: dist,
    LOG_LEVEL: 'info',
    // One client sends everything here; the per-client API limit would answer most of it with 429.
    RATE_LIMIT_MAX: '0',
  });
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

    const ids = (from: number, count: number, step: number) =>
      Array.from({ length: count }, (_, i) => `/api/articles/synthetic-1-${(from + i * step) % ARTICLES}?language=zh`);
    // From the end of the store: the passes walk it from the start, so these pages are not refreshed yet.
    const once = Array.from(
      { length: Math.min(20_000, ARTICLES / 2) },
      (_, i) => `/api/articles/synthetic-1-${ARTICLES - 1 - i}?language=zh`,
    );
    const cases: Array<[string, string, readonly string[] | undefined]> = [
      ['latest list', '/api/articles/latest?language=zh&limit=20', undefined],
      ['article, read once each (not yet refreshed)', once[0]!, once],
      ['article, 400 popular', ids(0, 1, 1)[0]!, ids(5000, 400, 7)],
    ];
    const windows = async (label: string): Promise<string[]> => {
      const rows: string[] = [];
      for (const [name, path, paths] of cases) {
        const before = await passes(server.url);
        const figures: LoadFigures = await runLoad({
          url: server.url + path,
          durationSeconds: SECONDS,
          ...(paths ? { paths } : {}),
        });
        const after = await passes(server.url);
        rows.push(
          `| ${label} | ${name} | ${figures.requestsPerSecond} | ${figures.p50Ms} | ${figures.p99Ms} | ${figures.errors} / ${figures.non2xx} | ${load()} | ${shown(before)} → ${shown(after)} |`,
        );
        console.log(rows.at(-1));
      }
      return rows;
    };
    const table = (rows: string[]) => {
      console.log('\n| when | reads | req/s | p50 ms | p99 ms | errors / non-2xx | load average | passes before → after |');
      console.log('|---|---|---|---|---|---|---|---|');
      for (const row of rows) console.log(row);
    };
    const during = await windows('during the passes');
    table(during);

    const progress = await passes(server.url);
    const elapsed = (Date.now() - passStarted) / 1000;
    console.log(`\nafter ${elapsed.toFixed(0)} s: ${shown(progress)}`);
    if (WAIT) {
      let last = progress;
      while (last.state !== 'done' && last.state !== 'failed') {
        await new Promise((r) => setTimeout(r, 5000));
        last = await passes(server.url);
      }
      console.log(
        `passes ${last.state} ${((Date.now() - passStarted) / 1000).toFixed(0)} s after the first answer (idle after the load windows): ${shown(last)}`,
      );
      table([...during, ...(await windows('after the passes'))]);
    }
    console.log(`load average at the end: ${load()}`);
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
