/**
 * `node --expose-gc --import tsx scripts/bench/read-pool-memory.ts [workers] [searches] [--db data/bench-scale-100000.db]`:
 * what the search threads (server/store/sqlite/read-pool.ts) cost in memory. Prints this process's RSS before the
 * pool, after one search and after the searches (10 at a time, from uncached-scale.ts's search classes). Run it with
 * and without MALLOC_ARENA_MAX=2 to see glibc's per-thread arenas (decision 37).
 */
import { readFileSync } from 'node:fs';
import { ReadPool } from '../../server/store/sqlite/read-pool';
import { classes, searchQueryOf } from './uncached-classes';

const workers = Number(process.argv[2] ?? 1);
const count = Number(process.argv[3] ?? 2000);
const at = process.argv.indexOf('--db');
const databasePath = at >= 0 ? process.argv[at + 1]! : 'data/bench-scale-100000.db';

function status(): string {
  const text = readFileSync('/proc/self/status', 'utf8');
  const mib = (name: string) => Math.round(Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text)?.[1]) / 1024);
  return `RSS ${mib('VmRSS')} MiB (peak ${mib('VmHWM')})`;
}

const paths = classes(100_000, new Map())
  .filter((c) => c.name.startsWith('search'))
  .flatMap((c) => c.paths.slice(5000, 5000 + Math.ceil(count / 3)));
(globalThis as { gc?: () => void }).gc?.();
console.log(`MALLOC_ARENA_MAX=${process.env['MALLOC_ARENA_MAX'] ?? '(unset)'}; before the pool: ${status()}`);
const pool = new ReadPool({ databasePath, size: workers, maxQueue: 1000, timeoutMs: 10_000 });
await pool.search({ q: 'harbor', limit: 20, offset: 0 });
console.log(`${workers} search threads, after one search: ${status()}`);
const started = performance.now();
for (let i = 0; i < paths.length; i += 10) await Promise.all(paths.slice(i, i + 10).map((path) => pool.search(searchQueryOf(path))));
console.log(`after ${paths.length} searches in ${(performance.now() - started).toFixed(0)} ms: ${status()}`);
await pool.close();
