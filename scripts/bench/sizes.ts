/**
 * First-load JavaScript and CSS per route, measured from what Chromium actually requests when a
 * route is opened in a fresh tab, and a floor: a minimal Vite app importing the same runtime
 * packages, built in the same run.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { REPO_ROOT } from '../../tests/support/server-process';

export interface FileSize {
  readonly file: string;
  readonly raw: number;
  readonly gzip: number;
  readonly brotli: number;
}

export interface SizeTotals {
  readonly js: { raw: number; gzip: number; brotli: number };
  readonly css: { raw: number; gzip: number; brotli: number };
  readonly total: { raw: number; gzip: number; brotli: number };
}

export interface RouteSizes extends SizeTotals {
  readonly route: string;
  readonly path: string;
  readonly files: FileSize[];
  readonly containsDomPurify: boolean;
  /** Fetched by the page's timers after the first load (the cookie banner's panel); not part of it. */
  readonly later: FileSize[];
  /**
   * Prefetched (into the HTTP cache, not compiled or run) at low priority when the browser is idle after the app has started:
   * the files the page names in `meta[name="route-module"]` without `data-at-start` (decision 28). Not part of the first load.
   */
  readonly idle?: FileSize[];
  /**
   * The early look-up's files (`data-early`, decision 43): modulepreloaded at low priority as soon as the app has loaded the
   * article's route gate, so on every load they come within the first load's window, after the page's own files. Listed
   * apart, not counted in the first load: the first screen neither needs nor runs them; a tap on a word does.
   */
  readonly early?: FileSize[];
}

/** Property names from DOMPurify's hook table; they survive minification. */
const DOMPURIFY_MARKERS = ['uponSanitizeAttribute', 'uponSanitizeElement'];

export function sizeOf(file: string, content: Buffer): FileSize {
  return {
    file,
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }).length,
  };
}

export function totals(files: readonly FileSize[]): SizeTotals {
  const sum = (list: readonly FileSize[]) => ({
    raw: list.reduce((n, f) => n + f.raw, 0),
    gzip: list.reduce((n, f) => n + f.gzip, 0),
    brotli: list.reduce((n, f) => n + f.brotli, 0),
  });
  return {
    js: sum(files.filter((f) => f.file.endsWith('.js'))),
    css: sum(files.filter((f) => f.file.endsWith('.css'))),
    total: sum(files),
  };
}

/** What a fresh tab fetches for a route: the first load, and what timers fetch after it. */
export interface LoadedFiles {
  /** Until the page is painted, hydrated and the network quiet. */
  readonly firstLoad: string[];
  /** Fetched when the page's later timers run: the first visit's cookie banner opens after one second. */
  readonly later: string[];
  /** The page's idle preloads (`meta[name="route-module"]` without `data-at-start`), whenever they were fetched. */
  readonly idle: string[];
  /** Of those, the early look-up's (`data-early`), whenever they were fetched. */
  readonly early: string[];
}

/** Resolves once no request has been in flight for `quietMs` (real time). */
async function networkQuiet(page: Page, quietMs: number): Promise<void> {
  let inFlight = 0;
  let lastChange = Date.now();
  const start = () => ((inFlight += 1), (lastChange = Date.now()));
  const end = () => ((inFlight -= 1), (lastChange = Date.now()));
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    while (inFlight > 0 || Date.now() - lastChange < quietMs) await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
}

/**
 * Opens `path` in a fresh context and lists the same-origin .js and .css files it loaded. The page's
 * timers run on Playwright's clock, so the split between the first load and what the banner's
 * one-second timer fetches does not depend on how fast this machine is at the moment.
 */
export async function firstLoadFiles(browser: Browser, origin: string, path: string): Promise<LoadedFiles> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.clock.install();
  let current = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === origin && /\.(js|css)$/.test(url.pathname) && response.ok()) current.add(url.pathname);
  });
  await page.goto(`${origin}${path}`, { waitUntil: 'load' });
  // A route the page hydrates at once (data-at-start: words, review…) is part of its first load; only later code is idle.
  const named = await page.$$eval('meta[name="route-module"]:not([data-at-start])', (metas) =>
    metas.map((meta) => new URL((meta as HTMLMetaElement).content, location.href).pathname),
  );
  const early = await page.$$eval('meta[name="route-module"][data-early]', (metas) =>
    metas.map((meta) => new URL((meta as HTMLMetaElement).content, location.href).pathname),
  );
  // The page entry (src/app/boot.ts) starts the app after the first paint: an animation frame, or 200 ms.
  await page.clock.runFor(250);
  await networkQuiet(page, 500);
  const firstLoad = [...current].filter((file) => !named.includes(file)).sort();
  const idle = [...current].filter((file) => named.includes(file));
  current = new Set<string>();
  await page.clock.runFor(5000);
  await networkQuiet(page, 500);
  const later = [...current].filter((file) => !firstLoad.includes(file) && !named.includes(file)).sort();
  idle.push(...[...current].filter((file) => named.includes(file) && !idle.includes(file)));
  await context.close();
  return {
    firstLoad,
    later,
    idle: idle.filter((file) => !early.includes(file)).sort(),
    early: idle.filter((file) => early.includes(file)).sort(),
  };
}

export async function measureRoutes(
  browser: Browser,
  origin: string,
  distDir: string,
  routes: ReadonlyArray<{ route: string; path: string }>,
): Promise<RouteSizes[]> {
  const results: RouteSizes[] = [];
  for (const { route, path } of routes) {
    const loaded = await firstLoadFiles(browser, origin, path);
    const read = (pathname: string) => {
      const content = readFileSync(join(distDir, decodeURIComponent(pathname)));
      return { size: sizeOf(pathname, content), content: content.toString('utf8') };
    };
    const files = loaded.firstLoad.map(read);
    results.push({
      route,
      path,
      files: files.map((f) => f.size),
      ...totals(files.map((f) => f.size)),
      containsDomPurify: files.some((f) => f.size.file.endsWith('.js') && DOMPURIFY_MARKERS.some((m) => f.content.includes(m))),
      later: loaded.later.map((pathname) => read(pathname).size),
      idle: loaded.idle.map((pathname) => read(pathname).size),
      early: loaded.early.map((pathname) => read(pathname).size),
    });
  }
  return results;
}

const FLOOR_MAIN = `
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setup, assign } from 'xstate';
import { useMachine } from '@xstate/react';
import { Route, Switch, Link } from 'wouter';
import * as t from 'io-ts';
import { pipe } from 'fp-ts/function';
import * as E from 'fp-ts/Either';

const Payload = t.type({ articles: t.array(t.type({ title: t.string })) });

const counter = setup({
  types: { context: {} as { count: number }, events: {} as { type: 'inc' } },
  actions: { increment: assign({ count: ({ context }) => context.count + 1 }) },
}).createMachine({ context: { count: 0 }, on: { inc: { actions: 'increment' } } });

function Home() {
  const [state, send] = useMachine(counter);
  const decoded = pipe(
    Payload.decode({ articles: [{ title: 'Hello' }] }),
    E.fold(() => 'invalid', (value) => value.articles[0]?.title ?? ''),
  );
  return (
    <main>
      <h1>{decoded}</h1>
      <button onClick={() => send({ type: 'inc' })}>{state.context.count}</button>
      <Link href="/about">About</Link>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Switch>
      <Route path="/about">About</Route>
      <Route><Home /></Route>
    </Switch>
  </StrictMode>,
);
`;

/**
 * Builds the floor app in a temporary directory (node_modules linked from this project, so the
 * package versions are the same) and returns the size of everything its page loads.
 */
export async function measureFloor(workDir: string): Promise<{ files: FileSize[]; distDir: string } & SizeTotals> {
  const root = join(workDir, 'floor-app');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(join(root, 'src'), { recursive: true });
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title></head>' +
      '<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
  );
  writeFileSync(join(root, 'src/main.tsx'), FLOOR_MAIN);
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    // Source maps (not counted: only .js and .css are) let the report break the floor down too.
    build: { outDir: join(root, 'dist'), emptyOutDir: true, sourcemap: true },
  });
  const assetsDir = join(root, 'dist/assets');
  const files = readdirSync(assetsDir)
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => sizeOf(`/assets/${name}`, readFileSync(join(assetsDir, name))));
  return { files, distDir: join(root, 'dist'), ...totals(files) };
}
