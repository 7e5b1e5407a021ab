/**
 * `DATABASE_URL=postgres://… npx tsx scripts/bench/postgres-search-cpu.ts [N] [rounds]`: the CPU time one PostgreSQL
 * search costs, on the database server and in the node, for the first N paths (default 300) of each search class of
 * uncached-scale.ts, one at a time (issue 31). CPU time, unlike latency, hardly moves with what else runs on the
 * machine, so two versions of the code can be compared on a shared machine. The store runs with one connection, whose
 * backend's CPU time is read from /proc/<pid>/schedstat (ns) before and after each class; the node's is
 * process.cpuUsage() (the store's own work: the statement's parameters, row decoding, snippets' HTML; not HTTP).
 * The first round reads the term shares (kept ten minutes); `rounds` (default 2) are printed. Read-only; the cluster
 * must run on this machine.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type pg from 'pg';
import { openPostgresStore } from '../../server/store/postgres/postgres-store';
import { classes, searchQueryOf } from './uncached-classes';

const url = process.env['DATABASE_URL'];
if (!url) throw new Error('DATABASE_URL is required');
const count = Number(process.argv[2] ?? 300);
const rounds = Number(process.argv[3] ?? 2);

const store = await openPostgresStore(url, { poolSize: 1, readConcurrency: 1 });
const pool = (store as unknown as { pool: pg.Pool }).pool;
const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
const backend = rows[0]!.pid;
const backendNs = () => Number(readFileSync(`/proc/${backend}/schedstat`, 'utf8').split(' ')[0]);
const nodeUs = () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};

console.log(`load ${loadavg()[0]!.toFixed(2)}; backend ${backend}`);
try {
  const searches = classes(100_000, new Map()).filter((c) => c.name.startsWith('search'));
  for (let round = 1; round <= rounds; round++) {
    for (const found of searches) {
      const queries = found.paths.slice(0, count).map(searchQueryOf);
      const [db0, node0, wall0] = [backendNs(), nodeUs(), performance.now()];
      for (const query of queries) await store.search(query);
      const [db, node, wall] = [(backendNs() - db0) / 1e6, (nodeUs() - node0) / 1e3, performance.now() - wall0];
      const per = (ms: number) => (ms / queries.length).toFixed(2);
      console.log(
        `round ${round}, ${found.name}: per search, database CPU ${per(db)} ms, node CPU ${per(node)} ms, wall ${per(wall)} ms ` +
          `(${queries.length} searches, load ${loadavg()[0]!.toFixed(2)})`,
      );
    }
  }
} finally {
  await store.close();
}
