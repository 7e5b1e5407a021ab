/**
 * `DATABASE_URL=postgres://… npx tsx scripts/bench/postgres-search-explain.ts [N] [class regexp] [plans]`: where a
 * PostgreSQL search's time goes, statement by statement (issue 31). For the first N paths (default 40) of each search
 * class of uncached-scale.ts, the store's search is run once, the statements it sent are caught at the pool, and each
 * is run again under `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)`; printed per class: the mean planning and execution
 * time, the server's time of the plan's slowest nodes (summed over the queries), and the node side (the store's
 * search time less the statements' execution and planning: the round trips, row decoding and the snippets' HTML).
 * With a third argument, the text plan of that many queries per class. Read-only.
 */
import { loadavg } from 'node:os';
import type pg from 'pg';
import { openPostgresStore } from '../../server/store/postgres/postgres-store';
import { classes, searchQueryOf } from './uncached-classes';

const url = process.env['DATABASE_URL'];
if (!url) throw new Error('DATABASE_URL is required');
const count = Number(process.argv[2] ?? 40);
const only = new RegExp(process.argv[3] ?? 'search');
const textPlans = Number(process.argv[4] ?? 0);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'CTE Name'?: string;
  'Actual Total Time': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

function nodeName(node: PlanNode): string {
  return [node['Node Type'], node['Index Name'] ?? node['Relation Name'] ?? node['CTE Name']].filter(Boolean).join(' ');
}

/** Each node's own time (its total less its children's), by name. */
function selfTimes(node: PlanNode, into: Map<string, number>): void {
  const children = node.Plans ?? [];
  const own =
    node['Actual Total Time'] * node['Actual Loops'] - children.reduce((s, c) => s + c['Actual Total Time'] * c['Actual Loops'], 0);
  into.set(nodeName(node), (into.get(nodeName(node)) ?? 0) + Math.max(0, own));
  for (const child of children) selfTimes(child, into);
}

const store = await openPostgresStore(url);
const pool = (store as unknown as { pool: pg.Pool }).pool;
const sent: { text: string; values: unknown[] }[] = [];
const query = pool.query.bind(pool) as (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
(pool as unknown as { query: typeof query }).query = (text: string, values?: unknown[]) => {
  sent.push({ text, values: values ?? [] });
  return query(text, values);
};
console.log(`load ${loadavg()[0]!.toFixed(2)}`);
try {
  for (const found of classes(100_000, new Map())) {
    if (!found.name.startsWith('search') || !only.test(found.name)) continue;
    let planning = 0;
    let execution = 0;
    let storeMs = 0;
    let statements = 0;
    const nodes = new Map<string, number>();
    const paths = found.paths.slice(0, count);
    for (const [index, path] of paths.entries()) {
      const search = searchQueryOf(path);
      await store.search(search); // warms the term shares (kept for ten minutes, as in the server)
      sent.length = 0;
      const started = performance.now();
      await store.search(search);
      storeMs += performance.now() - started;
      const caught = [...sent];
      for (const statement of caught) {
        statements += 1;
        const { rows } = await query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.text}`, statement.values);
        const plan = (rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }] })[
          'QUERY PLAN'
        ][0];
        planning += plan['Planning Time'];
        execution += plan['Execution Time'];
        selfTimes(plan.Plan, nodes);
        if (index < textPlans) {
          const text = await query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values);
          console.log(`\n${path}\n${text.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}`);
        }
      }
    }
    const n = paths.length;
    const mean = (ms: number) => (ms / n).toFixed(2);
    console.log(
      `${found.name}: ${n} queries, ${(statements / n).toFixed(1)} statements each; per query: store ${mean(storeMs)} ms, ` +
        `planning ${mean(planning)} ms, execution ${mean(execution)} ms, node side and round trips ${mean(storeMs - planning - execution)} ms`,
    );
    for (const [name, ms] of [...nodes].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${mean(ms)} ms  ${name}`);
  }
} finally {
  await store.close();
}
console.log(`load ${loadavg()[0]!.toFixed(2)}`);
