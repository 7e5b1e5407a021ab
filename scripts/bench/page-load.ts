/**
 * Server-rendered pages under load beside the JSON API (issue 17), without the rest of `npm run bench`:
 * builds the web app (client and server entry), runs the API-load cases of api-load.ts (latest, detail,
 * a first view, search and the server-rendered article page "detail-page") at one size, and prints the
 * table for docs/benchmarks.md ("Server-rendered pages"). `npm run bench` measures the same case in its
 * "API under load" section.
 *
 *   npx tsx scripts/bench/page-load.ts [--articles 10000] [--seconds 5]
 */
import { loadavg } from 'node:os';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildWebApp } from '../../tests/e2e/support/build';
import { temporaryDirectory } from '../../tests/support/server-process';
import { measureApiLoad } from './api-load';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? Number.NaN : Number(process.argv[at + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

async function main(): Promise<void> {
  const articles = option('articles', 10_000);
  const durationSeconds = option('seconds', 5);
  const workDir = temporaryDirectory('page-load');
  const loadAtStart = loadavg()[0]!.toFixed(2);
  try {
    const distDir = join(workDir, 'dist');
    buildWebApp(distDir);
    const [run] = await measureApiLoad(workDir, distDir, { sizes: [articles], durationSeconds });
    const rows = run!.endpoints.map((e) =>
      [
        e.endpoint,
        `${(e.responseBytes / 1024).toFixed(1)} KB`,
        e.server.requestsPerSecond,
        e.server.p50Ms,
        e.server.p99Ms,
        e.server.errors + e.server.non2xx,
        e.floor.requestsPerSecond,
      ].join(' | '),
    );
    process.stdout.write(
      [
        '',
        `${articles.toLocaleString('en-US')} synthetic articles, 10 connections, ${durationSeconds} s per case; load average ${loadAtStart} at start, ${loadavg()[0]!.toFixed(2)} at the end`,
        '',
        '| Endpoint | Body | req/s | p50 ms | p99 ms | errors | floor req/s |',
        '| --- | --- | --- | --- | --- | --- | --- |',
        ...rows.map((row) => `| ${row} |`),
        '',
      ].join('\n'),
    );
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
