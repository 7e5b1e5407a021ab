/**
 * `npx tsx scripts/bench/search-same-bytes.ts --base <checkout> [N]`: whether this checkout's server answers the search
 * classes of uncached-scale.ts with the same bytes and ETags as another checkout's (`--base`) on
 * data/bench-scale-100000.db: both servers started as uncached-scale.ts starts them (answer cache off), N paths a class
 * (default 200, from the 3,000th). Decision 58 serialises search answers on the read worker; the text must not change.
 * The servers run on a temporary copy of the database (its -wal too), removed at the end: a server's background passes
 * write (the page-views pass re-renders stored views), and the shared file is every other bench's data.
 */
import { constants, copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { classes } from './uncached-classes';
import type { startLiveServer as Start } from '../../tests/support/server-process';

const at = process.argv.indexOf('--base');
if (at < 0) throw new Error('usage: search-same-bytes.ts --base <checkout> [N]');
const baseRoot = process.argv[at + 1]!;
const count = Number(process.argv.find((arg, i) => /^\d+$/.test(arg) && process.argv[i - 1] !== '--base') ?? 200);
const here = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
const starter = async (root: string) =>
  ((await import(`${root}/tests/support/server-process.ts`)) as { startLiveServer: typeof Start }).startLiveServer;
const shared = join(here, 'data/bench-scale-100000.db');
const copyDir = mkdtempSync(join(tmpdir(), 'search-same-bytes-'));
const databasePath = join(copyDir, 'bench-scale-100000.db');
// A clone where the file system can (no bytes copied), else a copy; the -wal holds committed pages not yet in the file.
for (const suffix of ['', '-wal'])
  if (existsSync(shared + suffix)) copyFileSync(shared + suffix, databasePath + suffix, constants.COPYFILE_FICLONE);
const env = {
  DATABASE_PATH: databasePath,
  DICTIONARY_PATH: join(here, 'data/bench-dictionary.db'),
  DIST_DIR: join(here, 'data/bench-dist'),
  ANSWER_CACHE_ENTRIES: '0',
  RATE_LIMIT_MAX: '0',
  LOAD_CORPUS: 'false',
  MAX_EVENT_LOOP_DELAY_MS: '0',
};
const base = await (await starter(baseRoot))(env);
const branch = await (await starter(here))(env);
let differing = 0;
try {
  for (const c of classes(100_000, new Map()).filter((c) => c.name.startsWith('search'))) {
    let same = 0;
    for (const path of c.paths.slice(3000, 3000 + count)) {
      const [a, b] = await Promise.all([fetch(base.url + path), fetch(branch.url + path)]);
      const [textA, textB] = await Promise.all([a.text(), b.text()]);
      if (a.status === b.status && textA === textB && a.headers.get('etag') === b.headers.get('etag')) same++;
      else if (differing++ < 3)
        console.log(`differs: ${path}\n  base ${a.status} ${textA.slice(0, 200)}\n  this ${b.status} ${textB.slice(0, 200)}`);
    }
    console.log(`${c.name}: ${same} of ${count} answers the same bytes and ETag`);
  }
} finally {
  await Promise.all([base.stop(), branch.stop()]);
  rmSync(copyDir, { recursive: true, force: true });
}
process.exit(differing === 0 ? 0 : 1);
