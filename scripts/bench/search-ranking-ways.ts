/**
 * `npx tsx scripts/bench/search-ranking-ways.ts [paths] [--db data/bench-scale-100000.db]`: ways of ranking a
 * two-word search's first block (the class "two words with a category" of uncached-scale.ts, paths from the 3,000th),
 * timed in turns per query (order reversed every other query) in process CPU time, second of two rounds; each way's
 * scores are checked against the first timed. "range" is the ranking before decision 52 (every row of the block's range
 * that holds a word handed to JavaScript), "range, listed" the store's since. Read-only. Measured once and left out
 * (benchmarks.md, run 110): the block's rows one by one (`rowid = ?`, 5.7 ms) and joined from a json_each list (122 ms).
 */
import Database from 'better-sqlite3';
import type { CategoryId } from '../../common/catalog';
import { ftsTermGroups } from '../../server/store/fts-query';
import { countedFor } from '../../server/store/search-pages';
import { tagToken } from '../../server/store/sqlite/search-index';
import { classes } from './uncached-classes';

const at = process.argv.indexOf('--db');
const db = new Database(at >= 0 ? process.argv[at + 1]! : 'data/bench-scale-100000.db', { readonly: true, fileMustExist: true });
const count = Number(process.argv[2] ?? 300) || 300;
const candidates = db
  .prepare('SELECT rowid FROM article_search WHERE article_search MATCH ? ORDER BY rowid DESC LIMIT CAST(? AS INTEGER)')
  .pluck();
const heads = db
  .prepare('SELECT rowid FROM article_heads WHERE article_heads MATCH ? AND rowid BETWEEN CAST(? AS INTEGER) AND CAST(? AS INTEGER)')
  .pluck();
const headsListed = db
  .prepare(
    `SELECT rowid FROM article_heads WHERE article_heads MATCH ? AND rowid BETWEEN CAST(? AS INTEGER) AND CAST(? AS INTEGER)
      AND +rowid IN (SELECT value FROM json_each(?))`,
  )
  .pluck();
const searchRange = db
  .prepare('SELECT rowid FROM article_search WHERE article_search MATCH ? AND rowid BETWEEN CAST(? AS INTEGER) AND CAST(? AS INTEGER)')
  .pluck();
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
type Scores = (words: string[], filter: string, block: number[]) => Map<number, number>;
const scoreOf = (block: number[], titleAll: Set<number>, titleAny: Set<number>, summaryAny: Set<number>) =>
  new Map(block.map((key) => [key, (titleAll.has(key) ? 20 : 0) + (titleAny.has(key) ? 10 : 0) + (summaryAny.has(key) ? 4 : 0)]));
const threeOver =
  (inRange: (match: string) => Set<number>): Scores =>
  (words, _filter, block) => {
    const titleAny = inRange(`title : (${words.join(' OR ')})`);
    const titleAll = words.length > 1 && block.some((key) => titleAny.has(key)) ? inRange(`title : (${words.join(' AND ')})`) : titleAny;
    return scoreOf(block, titleAll, titleAny, inRange(`summary : (${words.join(' OR ')})`));
  };
const ways: Record<string, Scores> = {
  range: (words, filter, block) =>
    threeOver((match) => new Set(heads.all(match + filter, block[block.length - 1], block[0]) as number[]))(words, filter, block),
  'range, no tag': (words, filter, block) =>
    threeOver((match) => new Set(heads.all(match, block[block.length - 1], block[0]) as number[]))(words, filter, block),
  'range, listed': (words, filter, block) => {
    const listed = JSON.stringify(block);
    return threeOver((match) => new Set(headsListed.all(match + filter, block[block.length - 1], block[0], listed) as number[]))(
      words,
      filter,
      block,
    );
  },
  "search table, with the candidates' expression": (words, filter, block) => {
    const all = `{title summary body} : (${words.join(' AND ')})` + filter;
    return threeOver((match) => new Set(searchRange.all(`${match} AND ${all}`, block[block.length - 1], block[0]) as number[]))(
      words,
      filter,
      block,
    );
  },
  'range, listed, no tag': (words, filter, block) => {
    const listed = JSON.stringify(block);
    return threeOver((match) => new Set(headsListed.all(match, block[block.length - 1], block[0], listed) as number[]))(
      words,
      filter,
      block,
    );
  },
};
const spent = new Map(Object.keys(ways).map((name) => [name, 0]));
const each = new Map(Object.keys(ways).map((name) => [name, [] as number[]]));
let differ = 0;
let checked = 0;
for (const round of [1, 2]) {
  for (const name of spent.keys()) {
    spent.set(name, 0);
    each.set(name, []);
  }
  const c = classes(100_000, new Map()).find((c) => c.name.startsWith('search: two words'))!;
  for (const [i, path] of c.paths.slice(3000, 3000 + count).entries()) {
    const params = new URL(`http://x${path}`).searchParams;
    const category = params.get('category') as CategoryId | null;
    const { words } = ftsTermGroups(params.get('q')!);
    const filter = category ? ` AND tags : "${tagToken('category', category)}"` : '';
    const found = candidates.all(`{title summary body} : (${words.join(' AND ')})` + filter, countedFor(0, 20) + 1) as number[];
    const block = found.slice(0, 100);
    if (block.length === 0) continue;
    const names = Object.keys(ways);
    const order = i % 2 === 0 ? names : [...names].reverse();
    let reference: string | undefined;
    for (const name of order) {
      const started = cpuMs();
      const scores = ways[name]!(words, filter, block);
      const took = cpuMs() - started;
      spent.set(name, spent.get(name)! + took);
      each.get(name)!.push(took);
      const shown = JSON.stringify([...scores]);
      if (round === 2) {
        if (reference === undefined) reference = shown;
        else if (shown !== reference) differ++;
        checked++;
      }
    }
  }
  if (round === 2)
    console.log(
      [...spent]
        .map(([name, ms]) => {
          const times = each.get(name)!.sort((a, b) => a - b);
          const p = (q: number) => times[Math.floor(q * (times.length - 1))]!.toFixed(2);
          return `${name}: mean ${(ms / times.length).toFixed(3)} ms, p50 ${p(0.5)}, p90 ${p(0.9)}, p99 ${p(0.99)}`;
        })
        .join('; '),
      `(${count} paths; ${differ} of ${checked} scorings differ from the first way timed)`,
    );
}
db.close();
