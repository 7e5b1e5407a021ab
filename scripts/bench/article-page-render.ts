/**
 * `npx tsx scripts/bench/article-page-render.ts [pages] [database] [server build]`: where a first view of
 * /{lang}/articles/{id} spends its time, without HTTP: reading the page's data (the store's row and stored page,
 * server/pages/embedded-answers.ts), the React render of the page (dist/server/entry-server.js), and the data's JSON
 * for the page. One page at a time, zh and es alternately, the first 100 left out (warm-up). Defaults: 400 pages of
 * data/bench-scale-100000.db with data/bench-dist (both made by uncached-scale.ts). For a CPU profile:
 * `node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx scripts/bench/article-page-render.ts`.
 *
 * With the views the server's pass stored (server/pages/page-views.ts; the database must have been served once
 * by uncached-scale.ts, which waits for the pass), it also times a first view from the stored view: the data
 * read, the key (a hash of the build, year, address, origin and data JSON), reading the view's row and inflating
 * it; and checks that every stored view is byte for byte the React render of the same page.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { jsonForScriptElement, type PageData } from '../../common/page-data';
import type { ArticleReads } from '../../server/store/article-store';
import { readPageData } from '../../server/pages/embedded-answers';
import { resolvePage } from '../../server/pages/html-shell';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import { articleViewName, viewIfFits, viewKey } from '../../server/pages/page-views';
import { ServerEntry } from '../../server/pages/server-entry';
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

const build = new ServerEntry(buildDir, { warn: () => {}, info: () => {} }).fileId();
// The bench server's address (uncached-scale.ts starts it with PORT=0, so PUBLIC_URL is http://127.0.0.1:0).
const origin = process.env['PUBLIC_URL'] ?? 'http://127.0.0.1:0';
const spent = { read: 0, render: 0, json: 0, key: 0, view: 0 };
let viewed = 0;
let differing = 0;
const ids = store.idsAfter(pages + WARM_UP);
for (const [index, id] of ids.entries()) {
  const lang = index % 2 ? 'zh' : 'es';
  const path = `/${lang}/articles/${id}`;
  const started = performance.now();
  const { data } = await readPageData(reader, resolvePage(path), '', deps);
  const read = performance.now();
  const html = await entry.renderPage({ url: path, data, origin });
  const rendered = performance.now();
  const dataJson = jsonForScriptElement(data);
  const done = performance.now();
  const key = viewKey(build, path, origin, dataJson);
  const keyed = performance.now();
  const kept = viewIfFits(store.renderedView(id, articleViewName(lang)), key);
  const fromView = performance.now();
  if (kept !== undefined && kept !== html) differing += 1;
  if (index < WARM_UP) continue;
  spent.read += read - started;
  spent.render += rendered - read;
  spent.json += done - rendered;
  spent.key += keyed - done;
  if (kept !== undefined) {
    viewed += 1;
    spent.view += fromView - keyed;
  }
}
const counted = Math.max(ids.length - WARM_UP, 1);
const ms = (value: number, over = counted) => (value / Math.max(over, 1)).toFixed(2);
console.log(
  `${counted} article pages: reading the data ${ms(spent.read)} ms, React render ${ms(spent.render)} ms, data JSON ${ms(spent.json)} ms (load ${loadavg()[0]!.toFixed(2)})`,
);
console.log(
  `stored views: ${viewed} of ${counted} found with a fitting key (origin ${origin}); key ${ms(spent.key)} ms, reading and inflating the view ${ms(spent.view, viewed)} ms; ` +
    `a first view from its view: ${(spent.read / counted + spent.json / counted + spent.key / counted + spent.view / Math.max(viewed, 1)).toFixed(2)} ms against ${((spent.read + spent.render + spent.json) / counted).toFixed(2)} ms rendered; ` +
    `views differing from a fresh render: ${differing} of ${ids.length}`,
);
store.close();
