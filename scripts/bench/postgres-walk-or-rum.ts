/**
 * `DATABASE_URL=postgres://… npx tsx scripts/bench/postgres-walk-or-rum.ts [N]`: for N paths a search class of
 * uncached-scale.ts (default 50, from the 4,000th), the planner's estimate of the matches' share of the articles and
 * the store's time for the query with RUM's newest-first matches forced and with the walk over the newest rows
 * forced (decisions 30, 32, 44), median of 3 each, interleaved; sorted by share. It says where WALK_SHARE belongs now
 * that a search counts as far as its page needs. Read-only.
 */
import { openPostgresStore } from '../../server/store/postgres/postgres-store';
import { termQueries } from '../../server/store/postgres/postgres-rows';
import { tagTokens } from '../../server/store/postgres/postgres-search-choice';
import { classes, searchQueryOf } from './uncached-classes';

const url = process.env['DATABASE_URL'];
if (!url) throw new Error('DATABASE_URL is required');
const count = Number(process.argv[2] ?? 50);
const store = await openPostgresStore(url);
/** The store's private estimate, replaced to force one way or the other. */
type Chooser = { matchShare: (exprs: readonly string[], params: readonly string[], tags: readonly string[]) => Promise<number> };
const chooser = store as unknown as Chooser;
const estimate = chooser.matchShare.bind(store);
const rows: { share: number; line: string }[] = [];
for (const c of classes(100_000, new Map()).filter((c) => c.name.startsWith('search'))) {
  for (const path of c.paths.slice(4000, 4000 + count)) {
    const query = searchQueryOf(path);
    const { exprs, params: termParams } = termQueries(query.q, 1);
    const share = await estimate(exprs, termParams, tagTokens(query));
    const times = { rum: [] as number[], walk: [] as number[] };
    for (let run = 0; run < 3; run++) {
      for (const way of ['rum', 'walk'] as const) {
        chooser.matchShare = () => Promise.resolve(way === 'rum' ? 0 : 1);
        const started = performance.now();
        await store.search(query);
        times[way].push(performance.now() - started);
        chooser.matchShare = estimate;
      }
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[1]!.toFixed(1);
    rows.push({ share, line: `${share.toFixed(4)}\t${median(times.rum)}\t${median(times.walk)}\t${c.name}, offset ${query.offset}` });
  }
}
console.log('share\tRUM ms\twalk ms\tclass');
for (const row of rows.sort((a, b) => a.share - b.share)) console.log(row.line);
await store.close();
