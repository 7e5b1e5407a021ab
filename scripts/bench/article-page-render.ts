/**
 * `npx tsx scripts/bench/article-page-render.ts [pages] [database] [server build]`: where a first view of
 * /{lang}/articles/{id} spends its time, without HTTP: reading the page's data (the store's row and stored page,
 * server/pages/embedded-answers.ts), the React render of the page (dist/server/entry-server.js), and the data's JSON
 * for the page. One page at a time, zh and es alternately, the first 100 left out (warm-up). Defaults: 400 pages of
 * data/bench-scale-100000.db with data/bench-dist (both made by uncached-scale.ts). For a CPU profile:
 * `node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx scripts/bench/article-page-render.ts`.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { jsonForScriptElement, type PageData } from '../../common/page-data';
import type { ArticleReads } from '../../server/store/article-store';
import { readPageData } from '../../server/pages/embedded-answers';
import { resolvePage } from '../../server/pages/html-shell';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import { REPO_ROOT } from '../../tests/support/server-process';

const pages = Number(process.argv[2] ?? 400);
const databasePath = process.argv[3] ?? join(REPO_ROOT, 'data', 'bench-scale-100000.db');
const buildDir = process.argv[4] ?? join(REPO_ROOT, 'data', 'bench-dist');
const WARM_UP = 100;

const store = openSqliteStore(databasePath, { readOnly: true });
const reader = { page: async (id: string, language: 'zh' | 'es' | 'en') => store.page(id, language) } as unknown as ArticleReads;
const entry = (await import(pathToFileURL(join(buildDir, 'server', 'entry-server.js')).href)) as {
  renderPage: (request: { url: string; data: PageData; origin: string }) => Promise<string>;
};
const deps = {
  // Every benchmark article has its stored page (the start-up pass); a missing one would be a different measurement.
  render: () => {
    throw new Error('an article without its stored page');
  },
  log: { warn: () => {} },
};

const spent = { read: 0, render: 0, json: 0 };
const ids = store.idsAfter(pages + WARM_UP);
for (const [index, id] of ids.entries()) {
  const path = `/${index % 2 ? 'zh' : 'es'}/articles/${id}`;
  const started = performance.now();
  const { data } = await readPageData(reader, resolvePage(path), '', deps);
  const read = performance.now();
  await entry.renderPage({ url: path, data, origin: 'http://127.0.0.1:3000' });
  const rendered = performance.now();
  jsonForScriptElement(data);
  const done = performance.now();
  if (index < WARM_UP) continue;
  spent.read += read - started;
  spent.render += rendered - read;
  spent.json += done - rendered;
}
const counted = Math.max(ids.length - WARM_UP, 1);
const ms = (value: number) => (value / counted).toFixed(2);
console.log(
  `${counted} article pages: reading the data ${ms(spent.read)} ms, React render ${ms(spent.render)} ms, data JSON ${ms(spent.json)} ms (load ${loadavg()[0]!.toFixed(2)})`,
);
store.close();
