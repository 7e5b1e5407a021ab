/**
 * `npx tsx scripts/bench/search-cpu.ts [searches per class] [--db data/bench-scale-100000.db]`: the CPU time of one
 * search at a time through the SQLite store (no HTTP, no cache), for the search classes of uncached-scale.ts on
 * paths its runs never send first (from the 3,000th on), as process CPU time (user + system), so that other processes
 * on a shared machine weigh less than in wall time. Two rounds (the first reads the pages from the file); prints the
 * mean, p50 and p99 per class and a hash of every answer (to compare two versions of the store on the same queries).
 */
import { createHash } from 'node:crypto';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import { classes, searchQueryOf } from './uncached-classes';

const at = process.argv.indexOf('--db');
const store = openSqliteStore(at >= 0 ? process.argv[at + 1]! : 'data/bench-scale-100000.db', { mustExist: true, readOnly: true });
const count = Number(process.argv[2] ?? 400) || 400;
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

const searchClasses = classes(100_000, new Map()).filter((c) => c.name.startsWith('search'));
for (const round of [1, 2]) {
  for (const c of searchClasses) {
    const hash = createHash('sha256');
    const times: number[] = [];
    for (const path of c.paths.slice(3000, 3000 + count)) {
      const query = searchQueryOf(path);
      const started = cpuMs();
      const answer = store.search(query);
      times.push(cpuMs() - started);
      hash.update(JSON.stringify(answer));
    }
    times.sort((a, b) => a - b);
    const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
    const pick = (p: number) => times[Math.floor(p * (times.length - 1))]!.toFixed(2);
    console.log(
      `round ${round}, ${c.name}: mean ${mean.toFixed(2)} ms, p50 ${pick(0.5)}, p99 ${pick(0.99)}, max ${pick(1)} (CPU); answers ${hash.digest('hex').slice(0, 12)}`,
    );
  }
}
store.close();
