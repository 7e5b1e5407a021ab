/**
 * `npx tsx scripts/bench/fts-fill-order.ts [rows] [database] [key-first]`: what the order of the rows costs the
 * v10 migration's FTS5 fill (store/sqlite/search-order.ts). Builds an in-memory FTS5 table like article_search
 * (prefix indexes 3, 4, 5) from `rows` rows of a v10 database (data/bench-scale-100000.db by default, made by
 * uncached-scale.ts), once in article order (as the migration's join first fed them) and once in search-key
 * order (ORDER BY k.key): FTS5 flushes its pending terms whenever a rowid is lower than the last one written.
 * Pass key-first to build in the other order (the first build pays for a cold page cache).
 */
import { loadavg } from 'node:os';
import Database from 'better-sqlite3';

const rowCount = Number(process.argv[2] ?? 20000);
const path = process.argv[3] ?? 'data/bench-scale-100000.db';
const keyFirst = process.argv[4] === 'key-first';

interface Row {
  key: number;
  title: string;
  summary: string;
  body: string;
  tags: string;
}

const source = new Database(path, { readonly: true });
const rows = source
  .prepare(
    `SELECT k.key AS key, s.title, s.summary, s.body, s.tags FROM article_search AS s JOIN search_keys AS k ON k.key = s.rowid
     ORDER BY k.article_seq LIMIT ?`,
  )
  .all(rowCount) as Row[];
source.close();

function build(label: string, list: Row[]): void {
  const db = new Database(':memory:');
  db.exec(
    `CREATE VIRTUAL TABLE t USING fts5 (title, summary, body, tags, tokenize = 'porter unicode61 remove_diacritics 2', prefix = '3 4 5')`,
  );
  const insert = db.prepare('INSERT INTO t (rowid, title, summary, body, tags) VALUES (?, ?, ?, ?, ?)');
  const started = process.hrtime.bigint();
  db.transaction(() => {
    for (const row of list) insert.run(row.key, row.title, row.summary, row.body, row.tags);
  })();
  db.exec(`INSERT INTO t (t) VALUES ('optimize')`);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(`${label}: ${list.length} rows in ${seconds.toFixed(2)} s (load ${loadavg()[0]!.toFixed(2)})`);
  db.close();
}

const byKey = [...rows].sort((a, b) => a.key - b.key);
const builds: Array<[string, Row[]]> = [
  ['article order (the join before)', rows],
  ['search-key order (ORDER BY k.key)', byKey],
];
for (const [label, list] of keyFirst ? builds.reverse() : builds) build(label, list);
