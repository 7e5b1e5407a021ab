/**
 * `npx tsx scripts/bench/search-same-rows.ts --base <checkout> [--db data/bench-scale-100000.db] [N]`: whether this
 * checkout's SQLite store answers the search classes of uncached-scale.ts with the same rows, in the same order, as the
 * store of another checkout of the project (`--base`, e.g. `git archive <commit> | tar -x -C <dir>`) on the same file,
 * read-only: N paths a class (default 400, from the 3,000th, as search-cpu.ts). Totals may differ (decision 44 counts
 * as far as the page needs); the first few paths' totals of both are printed.
 */
import { classes, searchQueryOf } from './uncached-classes';

const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1]! : fallback;
};
type Open = typeof import('../../server/store/sqlite/sqlite-store').openSqliteStore;
const load = async (root: string): Promise<Open> =>
  ((await import(`${root}/server/store/sqlite/sqlite-store.ts`)) as { openSqliteStore: Open }).openSqliteStore;
const here = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
const db = argument('db', 'data/bench-scale-100000.db');
const base = (await load(argument('base', here)))(db, { mustExist: true, readOnly: true });
const branch = (await load(here))(db, { mustExist: true, readOnly: true });
const count = Number(process.argv.find((arg, i) => /^\d+$/.test(arg) && !process.argv[i - 1]?.startsWith('--')) ?? 400);

const shown = (page: { total: number; totalCapped?: boolean }) => `${page.total}${page.totalCapped ? '+' : ''}`;
for (const c of classes(100_000, new Map()).filter((c) => c.name.startsWith('search'))) {
  let same = 0;
  const differing: string[] = [];
  const totals: string[] = [];
  for (const path of c.paths.slice(3000, 3000 + count)) {
    const query = searchQueryOf(path);
    const [a, b] = [base.search(query), branch.search(query)];
    if (JSON.stringify(a.items) === JSON.stringify(b.items)) same++;
    else differing.push(path);
    if (totals.length < 3) totals.push(`offset ${query.offset}: ${shown(a)} → ${shown(b)}`);
  }
  console.log(`${c.name}: ${same} of ${same + differing.length} pages the same rows; totals ${totals.join(', ')}`);
  for (const path of differing.slice(0, 5)) console.log(`  differs: ${path}`);
}
base.close();
branch.close();
