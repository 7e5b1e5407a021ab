/**
 * `npx tsx scripts/bench/search-queries.ts [--db data/bench-scale-100000.db]`: the CPU time of one
 * search at a time (no HTTP, no cache) for each search class of scripts/bench/scale.ts, on a database
 * that scale.ts built. Prints the mean over 30 runs after one warm-up.
 */
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import type { SearchQuery } from '../../server/store/types';

const at = process.argv.indexOf('--db');
const path = at >= 0 ? process.argv[at + 1]! : 'data/bench-scale-100000.db';
const store = openSqliteStore(path, { mustExist: true, readOnly: true });
const RUNS = 30;

for (const q of ['zeppelin', 'harbor', 'city', 'people council', 'people council school', 'harb*']) {
  for (const category of [undefined, 'health'] as const) {
    const query: SearchQuery = { q, limit: 20, offset: 0, ...(category ? { category } : {}) };
    const first = store.search(query);
    const started = performance.now();
    for (let i = 0; i < RUNS; i++) store.search(query);
    const ms = (performance.now() - started) / RUNS;
    const total = `${first.total}${first.totalCapped ? '+' : ''}`;
    console.log(`${`"${q}"${category ? `, category=${category}` : ''}`.padEnd(42)} ${total.padStart(6)} matches  ${ms.toFixed(2)} ms`);
  }
}
store.close();
