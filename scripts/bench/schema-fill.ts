/**
 * `npx tsx scripts/bench/schema-fill.ts [--db data/bench-scale-100000.db] [--copy data/bench-v9-copy.db] [--keep]`:
 * the SQLite v10 upgrade on a large database, as a server meets it. A copy of the database is turned back into what a
 * version-9 server left (tests/support/schema-v9.ts), then the real server (server/main.ts) starts on it: how long
 * until it listens, /api/health probed every 10 ms from a process of its own while the search-key fill runs after
 * listening (docs/server.md, start-up), what search answers meanwhile, how long the fill takes, and what search
 * answers once it is done. The copy is deleted unless --keep. Prints markdown.
 */
import { copyFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { downgradeToV9 } from '../../tests/support/schema-v9';
import { REPO_ROOT, startLiveServer } from '../../tests/support/server-process';
import { startHealthProbe } from './health-probe';

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const source = argument('db', join(REPO_ROOT, 'data', 'bench-scale-100000.db'));
const copy = argument('copy', join(REPO_ROOT, 'data', 'bench-v9-copy.db'));
const load1 = () => loadavg()[0]!.toFixed(2);
const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<void> {
  const lines: string[] = [];
  let t = Date.now();
  copyFileSync(source, copy);
  log(`copied in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  t = Date.now();
  downgradeToV9(copy);
  lines.push(`Back to v9 (the search index rebuilt under seq) in ${((Date.now() - t) / 1000).toFixed(1)} s, load ${load1()}.`);
  log(lines[lines.length - 1]!);
  const spawned = Date.now();
  const server = await startLiveServer({
    DATABASE_PATH: copy,
    DICTIONARY_PATH: join(REPO_ROOT, 'data', 'bench-dictionary.db'),
    LOAD_CORPUS: 'false',
    LOG_LEVEL: 'info',
  });
  const listened = Date.now() - spawned;
  try {
    const probe = startHealthProbe(server.url);
    const first = await fetch(`${server.url}/api/articles/search?q=harbor`);
    const searchDuring = `${first.status} ${((await first.json()) as { error?: { code: string } }).error?.code ?? ''} (Retry-After ${first.headers.get('retry-after')})`;
    let lastLog = 0;
    let last: unknown;
    for (;;) {
      const health = (await (await fetch(`${server.url}/api/health`)).json()) as { migration?: { checked: number; total: number | null } };
      last = health.migration;
      if (health.migration === undefined) break;
      if (Date.now() - lastLog > 15_000) {
        lastLog = Date.now();
        log(`  fill: ${health.migration.checked} of ${health.migration.total} (load ${load1()})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    void last;
    const filled = Date.now() - spawned - listened;
    const { times, failures } = await probe.stop();
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN;
    const after = await fetch(`${server.url}/api/articles/search?q=harbor`);
    const found = (await after.json()) as { total?: number };
    lines.push(
      `The server listened ${(listened / 1000).toFixed(1)} s after it was spawned (migration v9 → v11 included); the fill ran after listening ` +
        `for ${(filled / 1000).toFixed(1)} s (load ${load1()} at the end). Search meanwhile: ${searchDuring}; after: ${after.status}, ` +
        `"harbor" ${found.total ?? '?'} matches. /api/health during the fill, every 10 ms from a process of its own: p50 ${at(50).toFixed(1)} ms, ` +
        `p99 ${at(99).toFixed(1)} ms, max ${(times[times.length - 1] ?? NaN).toFixed(1)} ms over ${times.length} probes${failures ? `, ${failures} failed` : ''}.`,
    );
  } finally {
    await server.stop();
    if (!process.argv.includes('--keep')) for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
