/**
 * `npx tsx scripts/bench/prefix-word-cpu.ts [--db data/bench-scale-100000.db] [--root <checkout>]`: the CPU time of
 * queries that mix a prefix with whole words (or stand alone), one at a time through the SQLite store (no HTTP, no
 * cache), median and minimum of 6 runs each, with the total found. `--root` loads the store from another checkout of
 * the project (an older version, on a database at its schema), to compare the two on the same queries.
 */
const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1]! : fallback;
};
const root = argument('root', new URL('../..', import.meta.url).pathname.replace(/\/$/, ''));
const { openSqliteStore } = (await import(
  `${root}/server/store/sqlite/sqlite-store.ts`
)) as typeof import('../../server/store/sqlite/sqlite-store');
const store = openSqliteStore(argument('db', 'data/bench-scale-100000.db'), { mustExist: true, readOnly: true });
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
// harb*: one article in ten; zep*: one in 2,000; peo*, cit*: nearly all (the generator's SEARCH_TERMS).
const QUERIES = ['harb* city', 'city harb*', 'peo* city', 'zep* city', 'harb* zeppelin', 'peo* harbor', 'cit* peo*', 'harb*', 'peo*'];
for (const q of QUERIES) {
  const times: number[] = [];
  let total = 0;
  for (let run = 0; run < 6; run++) {
    const started = cpuMs();
    total = store.search({ q, limit: 20, offset: 0 }).total;
    times.push(cpuMs() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${q.padEnd(16)} total ${String(total).padStart(5)}  CPU ms median ${times[3]!.toFixed(1)}, min ${times[0]!.toFixed(1)}`);
}
store.close();
