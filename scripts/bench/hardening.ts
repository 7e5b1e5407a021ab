/**
 * `npx tsx scripts/bench/hardening.ts`: the hardening figures of issue 13 on this machine,
 * against the real server (server/main.ts) on a free loopback port with a temporary database:
 * a 30,000-request fuzz, /api/health latency while 8 clients send the costliest search allowed
 * (with reads on worker threads, and on the event loop for comparison), and four writer
 * processes putting 3,000 articles into the database the server is reading. Prints markdown.
 *
 * Environment: BENCH_HARDENING_ARTICLES (default 10000), BENCH_HARDENING_FUZZ (default 30000),
 * BENCH_HARDENING_SECONDS (default 10).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { generateSyntheticArticles } from '../../tests/support/synthetic-articles';
import { writeDist } from '../../tests/server/fixtures';
import { EXPENSIVE_SEARCH, healthUnderSearchLoad, percentile } from '../../tests/support/expensive-search';
import { fuzz } from '../../tests/support/fuzz';
import { REPO_ROOT, startLiveServer } from '../../tests/support/server-process';

const ARTICLES = Number(process.env.BENCH_HARDENING_ARTICLES ?? '10000');
const FUZZ = Number(process.env.BENCH_HARDENING_FUZZ ?? '30000');
const SECONDS = Number(process.env.BENCH_HARDENING_SECONDS ?? '10');
const WRITERS = 4;
const TO_WRITE = 3000;

function writer(
  database: string,
  from: number,
  to: number,
): Promise<{ imported: number; unchanged: number; failed: number; errors: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(REPO_ROOT, 'node_modules/.bin/tsx'),
      ['tests/support/concurrent-writer.ts', database, String(from), String(to)],
      { cwd: REPO_ROOT },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`writer exited ${code}`))));
  });
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'nr-bench-hardening-'));
  const databasePath = join(dir, 'bench.db');
  const dist = writeDist(dir);
  // The answer cache off: every one of the costliest searches really runs (a repeated query would
  // otherwise be answered from memory and measure nothing).
  const env = { DATABASE_PATH: databasePath, DIST_DIR: dist, LOAD_CORPUS: 'false', RATE_LIMIT_MAX: '0', ANSWER_CACHE_ENTRIES: '0' };
  const rows: string[][] = [];
  try {
    process.stderr.write(`generating ${ARTICLES} articles…\n`);
    generateSyntheticArticles(databasePath, ARTICLES);

    let server = await startLiveServer(env);
    process.stderr.write(`fuzzing with ${FUZZ} requests…\n`);
    const started = Date.now();
    const report = await fuzz(server.port, { count: FUZZ, concurrency: 32, seed: 2026 });
    const fiveXX =
      Object.entries(report.statuses)
        .filter(([s]) => Number(s) >= 500)
        .reduce((n, [, c]) => n + c, 0) - report.shed;
    rows.push(['Fuzz: requests sent / answered', `${report.sent} / ${report.answered} in ${((Date.now() - started) / 1000).toFixed(1)} s`]);
    rows.push(['Fuzz: 5xx other than load shedding', String(fiveXX)]);
    rows.push(['Fuzz: deliberate 503 (Retry-After)', String(report.shed)]);
    rows.push(['Fuzz: problems (5xx, non-JSON API answer, missing security header)', String(report.problems.length)]);
    rows.push([
      'Fuzz: status counts',
      Object.entries(report.statuses)
        .map(([s, c]) => `${s}: ${c}`)
        .join(', '),
    ]);
    if (report.problems.length) process.stderr.write(`${report.problems.join('\n')}\n`);

    process.stderr.write('health under 8 clients of the costliest search…\n');
    const load = await healthUnderSearchLoad(server.url, { clients: 8, durationMs: SECONDS * 1000, probeEveryMs: 10 });
    rows.push([
      `Health p50 / p99 / max, 8 clients searching "${EXPENSIVE_SEARCH}" (limit 100), worker reads`,
      `${ms(percentile(load.healthMs, 50))} / ${ms(percentile(load.healthMs, 99))} / ${ms(Math.max(...load.healthMs))} (${load.healthMs.length} probes, ${load.healthFailures} failed)`,
    ]);
    rows.push([
      'Searches answered meanwhile (by status)',
      `${load.searches} (${Object.entries(load.searchStatuses)
        .map(([s, c]) => `${s}: ${c}`)
        .join(', ')})`,
    ]);

    process.stderr.write('four writers while the server reads…\n');
    const before = (await (await fetch(`${server.url}/api/health`)).json()) as { article_count: number };
    let reads = 0;
    let readErrors = 0;
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const res = await fetch(`${server.url}/api/articles/latest?limit=20`);
        await res.arrayBuffer();
        reads += 1;
        if (res.status !== 200) readErrors += 1;
      }
    })();
    const base = 1_000_000;
    const span = TO_WRITE / WRITERS;
    const overlap = 200;
    const writeStarted = Date.now();
    const reports = await Promise.all(
      Array.from({ length: WRITERS }, (_, i) => writer(databasePath, base + i * span - (i ? overlap : 0), base + (i + 1) * span)),
    );
    const writeSeconds = (Date.now() - writeStarted) / 1000;
    writing = false;
    await reader;
    const db = new Database(databasePath, { readonly: true });
    const stored = db.prepare('SELECT count(*) FROM articles WHERE id IN (SELECT id FROM articles)').pluck().get() as number;
    const distinct = db.prepare('SELECT count(DISTINCT id) FROM articles').pluck().get() as number;
    const indexed = db.prepare('SELECT count(*) FROM article_search').pluck().get() as number;
    db.close();
    const added = stored - before.article_count;
    const failed = reports.reduce((n, r) => n + r.failed, 0);
    rows.push([
      `${WRITERS} writer processes, ${TO_WRITE} articles (${(WRITERS - 1) * overlap} written twice), server reading`,
      `${added} added in ${writeSeconds.toFixed(1)} s; lost ${TO_WRITE - added}; duplicated ${stored - distinct}; failed writes ${failed}; search rows ${indexed} for ${stored} articles`,
    ]);
    rows.push(['Reads served during the writes', `${reads} (${readErrors} not 200)`]);
    await server.stop();

    process.stderr.write('the same search load with reads on the event loop (READ_WORKERS=0), for comparison…\n');
    server = await startLiveServer({ ...env, READ_WORKERS: '0' });
    const inline = await healthUnderSearchLoad(server.url, { clients: 8, durationMs: Math.min(SECONDS, 5) * 1000, probeEveryMs: 10 });
    rows.push([
      'Health p50 / p99, same load, reads on the event loop (READ_WORKERS=0)',
      `${ms(percentile(inline.healthMs, 50))} / ${ms(percentile(inline.healthMs, 99))} (${inline.healthMs.length} probes)`,
    ]);
    await server.stop();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const lines = [
    `Hardening benchmark, ${new Date().toISOString().slice(0, 10)}, ${availableParallelism()} CPUs, Node ${process.version}, ${ARTICLES} synthetic articles`,
    '',
    '| Measure | Result |',
    '| --- | --- |',
    ...rows.map(([a, b]) => `| ${a} | ${b} |`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
