/**
 * `npx tsx scripts/bench/view-reads.ts [database] [count]`: what a first view of an article page reads from SQLite,
 * one article at a time, no HTTP: the two reads of the path without revisions (the article's answer row with its
 * notes and stored page, then its view) against the one statement of viewWithHead (the view with the head's columns
 * and the revision; decision 33). Articles spread over the whole database, each read once per path, in alternation.
 */
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { REPO_ROOT } from '../../tests/support/server-process';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';

const path = process.argv[2] ?? join(REPO_ROOT, 'data', 'bench-scale-100000.db');
const count = Number(process.argv[3] ?? '2000');
// Not read-only: a file from before v11 is migrated (cheap DDL) so both paths can be read.
const store = openSqliteStore(path, { mustExist: true });
const ids = store.articleIds();
const picked = Array.from({ length: count }, (_, i) => ids[Math.floor((i * 7919) % ids.length)]!);
let two = 0;
let one = 0;
let found = 0;
for (const id of picked) {
  let t = performance.now();
  const page = store.page(id, 'zh');
  const view = store.renderedView(id, 'page:zh');
  two += performance.now() - t;
  t = performance.now();
  const head = store.viewWithHead(id, 'page:zh');
  one += performance.now() - t;
  if (page && head && (view === undefined) === (head.view === undefined)) found += 1;
}
store.close();
process.stdout.write(
  `${count} articles of ${ids.length.toLocaleString('en-US')} (${path}), load ${loadavg()[0]!.toFixed(2)}: ` +
    `page() + renderedView() ${(two / count).toFixed(3)} ms, viewWithHead() ${(one / count).toFixed(3)} ms per view; ${found} of ${count} agreeing\n`,
);
