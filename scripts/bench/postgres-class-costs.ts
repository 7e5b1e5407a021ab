/**
 * `DATABASE_URL=postgres://… npx tsx scripts/bench/postgres-class-costs.ts [N] [class regexp]`: the store's own
 * cost of uncached-scale.ts's search classes (issue 31), one query at a time and without HTTP: the first N
 * (default 150) paths of each class, as the bench sends them, through `store.search`; prints p50/p90/p99/max
 * and the six slowest queries with their totals. `EXPLAIN=<ms>` logs, through auto_explain in the server's
 * log, the plan (ANALYZE, BUFFERS) of every statement slower than that; `DUMP=<file>` writes every answer as
 * a JSON line, so two versions of the code can be compared answer by answer (`cmp`). Read-only.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type pg from 'pg';
import { openPostgresStore } from '../../server/store/postgres/postgres-store';
import type { CategoryId } from '../../common/catalog';
import type { SearchQuery } from '../../server/store/types';
import { classes } from './uncached-classes';

const url = process.env['DATABASE_URL'];
if (!url) throw new Error('DATABASE_URL is required');
const count = Number(process.argv[2] ?? 150);
const only = new RegExp(process.argv[3] ?? 'search');

function searchQuery(path: string): SearchQuery {
  const params = new URL(path, 'http://bench').searchParams;
  const category = params.get('category');
  return {
    q: params.get('q') ?? '',
    limit: Number(params.get('limit') ?? 20),
    offset: Number(params.get('offset') ?? 0),
    ...(category ? { category: category as CategoryId } : {}),
  };
}

async function main(): Promise<void> {
  const store = await openPostgresStore(url!);
  const explainMs = process.env['EXPLAIN'];
  if (explainMs) {
    const pool = (store as unknown as { pool: pg.Pool }).pool;
    pool.on('connect', (client) => {
      client
        .query(
          `LOAD 'auto_explain'; SET auto_explain.log_min_duration = ${Number(explainMs)}; SET auto_explain.log_analyze = on; SET auto_explain.log_buffers = on`,
        )
        .catch((error: unknown) => console.error(`auto_explain: ${String(error)}`));
    });
  }
  const answers: string[] = [];
  console.log(`load ${loadavg()[0]!.toFixed(2)}`);
  try {
    for (const found of classes(100_000, new Map())) {
      if (!found.name.startsWith('search') || !only.test(found.name)) continue;
      const times: { ms: number; what: string }[] = [];
      for (const path of found.paths.slice(0, count)) {
        const query = searchQuery(path);
        const started = performance.now();
        const answer = await store.search(query);
        times.push({
          ms: performance.now() - started,
          what: `"${query.q}" ${query.category ?? ''} offset ${query.offset}, total ${answer.total}`,
        });
        if (process.env['DUMP']) answers.push(JSON.stringify({ path, answer }));
      }
      const sorted = [...times].sort((a, b) => a.ms - b.ms);
      const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!.ms.toFixed(1);
      console.log(`${found.name}: ${sorted.length} queries, p50 ${at(0.5)} p90 ${at(0.9)} p99 ${at(0.99)} max ${at(1)} ms`);
      for (const slow of sorted.slice(-6)) console.log(`  ${slow.ms.toFixed(1)} ms ${slow.what}`);
    }
  } finally {
    await store.close();
  }
  if (process.env['DUMP']) writeFileSync(process.env['DUMP'], `${answers.join('\n')}\n`);
  console.log(`load ${loadavg()[0]!.toFixed(2)}`);
}

void main();
