/**
 * `npx tsx scripts/bench/search-words-fill.ts <database>`: brings a SQLite file up to the latest schema and runs the
 * v12 fill (the index of words as written, server/store/sqlite/search-words.ts) to the end here, batch by batch as the
 * server's start-up pass does, printing how long each phase took and the index's size. The benchmarks run it on their
 * copy of the 100,000-article file before a server starts on it (else prefix search answers 503 until the pass ends).
 */
import Database from 'better-sqlite3';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';

const path = process.argv[2];
if (!path) throw new Error('usage: search-words-fill.ts <database>');

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

let t = performance.now();
const store = openSqliteStore(path);
console.log(`opened (migrations) in ${seconds(t)} s`);
const fill = store.searchWordsFill;
if (fill.owedSince() === undefined) console.log('no v12 fill owed');
else {
  t = performance.now();
  const ids = store.articleIds();
  let filled = 0;
  for (let at = 0; at < ids.length; at += 500) filled += fill.fillWrite(ids.slice(at, at + 500));
  fill.finishWrite();
  console.log(`filled ${filled} of ${ids.length} articles in ${seconds(t)} s`);
  t = performance.now();
  let slices = 0;
  while (fill.mergeWrite()) slices += 1;
  console.log(`merged in ${slices} slices, ${seconds(t)} s`);
}
store.close();

const db = new Database(path, { readonly: true });
const sizes = db
  .prepare(
    `SELECT CASE WHEN name LIKE 'article_words%' THEN 'article_words' WHEN name LIKE 'article_search%' THEN 'article_search'
       WHEN name LIKE 'article_heads%' THEN 'article_heads' ELSE 'other' END AS part, sum(pgsize) AS bytes
     FROM dbstat GROUP BY part ORDER BY part`,
  )
  .all() as { part: string; bytes: number }[];
for (const { part, bytes } of sizes) console.log(`${part}: ${(bytes / 2 ** 20).toFixed(0)} MiB`);
db.close();
