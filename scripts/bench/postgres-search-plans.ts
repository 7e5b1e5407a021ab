/**
 * `DATABASE_URL=postgres://… npx tsx scripts/bench/postgres-search-plans.ts`: where a PostgreSQL search's time
 * goes (decision 29). For a few query shapes (one word, two words with a category, a prefix with a category, a
 * deep page), prints the planner's estimate of the share of articles matching (what chooses RUM's ordered
 * matches or the walk over the newest rows, WALK_SHARE in postgres-reads.ts), the key lines of
 * `EXPLAIN (ANALYZE, BUFFERS)` of both candidate queries, and the store's own search time (median of 5).
 * Then lists at deep offsets (decision 32): the plan of the rows an offset skips, and the store's latest (median of 5).
 * Read-only; run it on a filled database (uncached-scale.ts --store postgres, or postgres-fill.ts).
 */
import pg from 'pg';
import { loadavg } from 'node:os';
import { tagToken } from '../../server/store/sqlite/search-index';
import { openPostgresStore } from '../../server/store/postgres/postgres-store';
import { termQueries } from '../../server/store/postgres/postgres-rows';
import type { ArticleQuery, SearchQuery } from '../../server/store/types';

const url = process.env['DATABASE_URL'];
if (!url) throw new Error('DATABASE_URL is required');

const shapes: Array<{ name: string; query: SearchQuery }> = [
  { name: 'one word, very common ("city")', query: { q: 'city', limit: 20, offset: 0 } },
  { name: 'one word, one article in ten ("harbor")', query: { q: 'harbor', limit: 20, offset: 0 } },
  { name: 'one word, rare ("zeppelin")', query: { q: 'zeppelin', limit: 20, offset: 0 } },
  { name: 'two words + category ("harbor council", health)', query: { q: 'harbor council', limit: 20, offset: 0, category: 'health' } },
  { name: 'prefix + category ("har*", health)', query: { q: 'har*', limit: 20, offset: 0, category: 'health' } },
  { name: 'prefix + category ("counc*", business)', query: { q: 'counc*', limit: 20, offset: 0, category: 'business' } },
  { name: 'deep page ("harbor", offset 900)', query: { q: 'harbor', limit: 20, offset: 900 } },
];

function candidateSql(query: SearchQuery, form: 'ordered' | 'walk'): { sql: string; params: unknown[] } {
  const { exprs, params } = termQueries(query.q, 1);
  const all: unknown[] = [...params];
  const tags = [
    ...(query.category ? [tagToken('category', query.category)] : []),
    ...(query.source ? [tagToken('source', query.source)] : []),
    ...(query.difficulty ? [tagToken('difficulty', query.difficulty)] : []),
  ]
    .map((token) => {
      all.push(token);
      return ` && $${all.length}::tsquery`;
    })
    .join('');
  const match = `a.search @@ (${exprs.join(' && ')}${tags})`;
  const order = form === 'ordered' ? 'a.search_key <=| 99999999999999999::bigint' : 'a.published_at DESC, a.seq DESC';
  return { sql: `SELECT a.seq, a.published_at, a.heads FROM articles AS a WHERE ${match} ORDER BY ${order} LIMIT 1001`, params: all };
}

async function main(): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const store = await openPostgresStore(url!);
  try {
    const total = await store.count();
    console.log(
      `${total.toLocaleString('en-US')} articles, search index ${store.migration.searchIndex.kind}, load ${loadavg()[0]!.toFixed(2)}`,
    );
    for (const { name, query } of shapes) {
      console.log(`\n### ${name}`);
      const ordered = candidateSql(query, 'ordered');
      const { rows: estimate } = await client.query(`EXPLAIN (FORMAT JSON) ${ordered.sql.replace(/ ORDER BY .*/, '')}`, ordered.params);
      const planRows = (estimate[0] as { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] })['QUERY PLAN'][0].Plan['Plan Rows'];
      const { rows: count } = await client.query(
        `SELECT count(*)::int AS n FROM (${ordered.sql.replace(/ ORDER BY .*/, '')}) AS m`,
        ordered.params,
      );
      console.log(`estimated matches ${planRows} (${((100 * planRows) / total).toFixed(1)} %), actual ${count[0].n}`);
      for (const form of ['ordered', 'walk'] as const) {
        const { sql, params } = candidateSql(query, form);
        const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
        const lines = rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']);
        const key = [
          ...lines.filter((line) => /Scan|Sort Method|Removed|temp/.test(line)).slice(0, 5),
          ...lines.filter((line) => /Execution Time/.test(line)),
        ];
        console.log(`  ${form}:\n    ${key.map((line) => line.trim()).join('\n    ')}`);
      }
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        await store.search(query);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(`  store.search: median ${times[2]!.toFixed(1)} ms (${times.map((t) => t.toFixed(1)).join(', ')})`);
    }
    // Lists at deep offsets (decision 32): the rows an offset skips, read from the covering index alone, and
    // from the oldest end past the middle. The plan of the rows skipped forward, then the store's median of 5.
    const latestShapes: Array<{ name: string; query: ArticleQuery; share: number }> = [
      { name: 'latest, no filter, the middle', query: { limit: 20, offset: 0 }, share: 0.5 },
      { name: 'latest, no filter, near the end', query: { limit: 20, offset: 0 }, share: 0.95 },
      { name: 'latest, category technology, the middle', query: { limit: 20, offset: 0, category: 'technology' }, share: 0.5 },
      {
        name: 'latest, source bbc + beginner, a third in',
        query: { limit: 20, offset: 0, source: 'bbc', difficulty: 'beginner' },
        share: 0.33,
      },
    ];
    for (const { name, query, share } of latestShapes) {
      const listTotal = (await store.latest({ ...query, limit: 1 })).total;
      const offset = Math.max(0, Math.floor(listTotal * share) - query.limit);
      console.log(`\n### ${name}: offset ${offset.toLocaleString('en-US')} of ${listTotal.toLocaleString('en-US')}`);
      const params: unknown[] = [];
      const where = [
        ...(query.category ? [`a.categories @> $${params.push([query.category])}::text[]`] : []),
        ...(query.source ? [`a.source = $${params.push(query.source)}`] : []),
        ...(query.difficulty ? [`a.difficulty = $${params.push(query.difficulty)}`] : []),
      ].map((clause) => ` AND ${clause}`);
      const { rows } = await client.query(
        `EXPLAIN (ANALYZE, BUFFERS) SELECT a.seq, a.published_at, a.id FROM articles AS a WHERE true${where.join('')}
         ORDER BY a.published_at DESC, a.id COLLATE "C" ASC LIMIT 20 OFFSET ${Math.min(offset, listTotal - offset - 20)}`,
        params,
      );
      const lines = rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN'].trim());
      console.log(`  rows skipped: ${lines.filter((line) => /Scan|Heap Fetches|Removed|Execution Time/.test(line)).join('\n    ')}`);
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        await store.latest({ ...query, offset });
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(`  store.latest: median ${times[2]!.toFixed(1)} ms (${times.map((t) => t.toFixed(1)).join(', ')})`);
    }
    console.log(`\nload ${loadavg()[0]!.toFixed(2)}`);
  } finally {
    await store.close();
    await client.end();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
