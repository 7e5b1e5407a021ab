/**
 * `npm run bench`'s API under load: at each size, synthetic articles in a temporary database, the
 * real server on them (latest, detail, a first view of a detail, search; then search terms of known
 * frequency) and the floor server answering the same bodies from memory, under autocannon.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, REPO_ROOT, startServer, type RunningServer } from '../../tests/support/server-process';
import { generateSyntheticArticles, SEARCH_TERMS } from '../../tests/support/synthetic-articles';
import { dictionaryPathFrom } from '../../server/config';
import { rssMiB, runLoad, type LoadFigures } from './load';
import { renderStoredPages } from './render-pages';

const UNLIMITED = { RATE_LIMIT_MAX: '1000000000', LOG_LEVEL: 'warn' };

export interface EndpointLoad {
  /** detail-page: the server-rendered article page (HTML with the article embedded), beside the JSON API. */
  readonly endpoint: 'latest' | 'detail' | 'detail-first-view' | 'search' | 'detail-page';
  readonly path: string;
  readonly server: LoadFigures;
  readonly floor: LoadFigures;
  readonly responseBytes: number;
}

export interface SizeRun {
  readonly articles: number;
  readonly generateSeconds: number;
  readonly rssBeforeMiB: number | null;
  readonly rssAfterMiB: number | null;
  readonly floorRssBeforeMiB: number | null;
  readonly floorRssAfterMiB: number | null;
  readonly endpoints: EndpointLoad[];
  readonly search: Array<{ kind: string; term: string; matches: number; figures: LoadFigures }>;
}

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

export async function json(origin: string, path: string): Promise<{ status: number; text: string; body: unknown }> {
  const response = await fetch(`${origin}${path}`);
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON; the caller looks at the status
  }
  return { status: response.status, text, body };
}

async function startFloorServer(bodiesFile: string): Promise<{ origin: string; child: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/floor-server.ts', String(port), bodiesFile], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('The floor server did not start within 30 s.');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The article page of an API article path: /api/articles/{id}?language=zh -> /zh/articles/{id}. */
export function pagePathOf(apiPath: string): string {
  const { pathname, searchParams } = new URL(apiPath, 'http://x');
  return `/${searchParams.get('language') ?? 'zh'}${pathname.replace(/^\/api/, '')}`;
}

async function loadCases(origin: string, warmDetailPaths: readonly string[], coldDetailPaths: readonly string[]) {
  const latestPath = '/api/articles/latest?language=zh&limit=20';
  const searchPath = `/api/articles/search?language=zh&limit=20&q=${SEARCH_TERMS.common.term}`;
  const pagePaths = warmDetailPaths.map(pagePathOf);
  return [
    { endpoint: 'latest' as const, path: latestPath, paths: undefined },
    { endpoint: 'detail' as const, path: warmDetailPaths[0]!, paths: warmDetailPaths },
    { endpoint: 'detail-first-view' as const, path: coldDetailPaths[0]!, paths: coldDetailPaths },
    { endpoint: 'search' as const, path: searchPath, paths: undefined },
    // The same 400 popular articles as "detail", as server-rendered pages, in the same run.
    { endpoint: 'detail-page' as const, path: pagePaths[0]!, paths: pagePaths },
  ].map((c) => ({ ...c, url: `${origin}${c.path}` }));
}

/** `count` distinct article paths spread over the whole range, starting at an offset. */
function detailPathsFor(articles: number, count: number, offset: number): string[] {
  const step = Math.max(1, Math.floor(articles / (count + 1)));
  return Array.from({ length: count }, (_, i) => `/api/articles/synthetic-1-${(offset + i * step) % articles}?language=zh`);
}

export async function measureApiLoad(
  workDir: string,
  distDir: string,
  { sizes, durationSeconds }: { sizes: readonly number[]; durationSeconds: number },
): Promise<SizeRun[]> {
  const databasePath = join(workDir, 'synthetic.sqlite');
  const runs: SizeRun[] = [];
  let written = 0;
  for (const articles of [...sizes].sort((a, b) => a - b)) {
    log(`API under load at ${articles.toLocaleString('en-US')} synthetic articles`);
    const generateStarted = Date.now();
    generateSyntheticArticles(databasePath, articles, 1, undefined, written);
    written = articles;
    const generateSeconds = Math.round((Date.now() - generateStarted) / 100) / 10;
    log(`  generated in ${generateSeconds} s`);
    // What the server would render at start for articles stored without pages, done before it starts.
    const pages = await renderStoredPages(databasePath, dictionaryPathFrom({}, databasePath));
    log(`  pages of ${pages.rendered.toLocaleString('en-US')} articles rendered in ${pages.seconds.toFixed(1)} s`);

    const server: RunningServer = await startServer({
      distDir,
      databasePath,
      env: { ...UNLIMITED, LOAD_CORPUS: 'false' },
    });
    const endpoints: Array<Omit<EndpointLoad, 'floor'> & { floor?: LoadFigures }> = [];
    const searchRuns: SizeRun['search'] = [];
    let rssBefore: number | null = null;
    let rssAfter: number | null = null;
    const bodies: Record<string, string> = {};
    try {
      // Answers are cached from their second request. "detail" rotates over 400 articles that were each
      // requested during warm-up (a popular article); "detail-first-view" over 4,000 others, so nearly
      // every request reads the article and its stored page.
      const detailPaths = detailPathsFor(articles, 400, 0);
      const coldDetailPaths = detailPathsFor(articles, 4000, 1);
      const cases = await loadCases(server.origin, detailPaths, coldDetailPaths);
      for (const c of cases) {
        const answer = await json(server.origin, c.path);
        if (answer.status !== 200) throw new Error(`GET ${c.path} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
        bodies[c.endpoint === 'detail-first-view' ? 'detail' : c.endpoint] = answer.text;
      }
      if (!bodies['detail-page']!.includes('id="page-data"'))
        throw new Error(`${cases[4]!.path} is not server-rendered (no server build?)`);
      rssBefore = rssMiB(server.pid());
      await runLoad({ url: cases[0]!.url, durationSeconds: 2 });
      for (const path of detailPaths) await json(server.origin, path);
      // Pages are kept from their second request, like answers.
      for (const path of cases[4]!.paths ?? []) await json(server.origin, path);
      await runLoad({ url: cases[4]!.url, paths: cases[4]!.paths, durationSeconds: 1 });
      await runLoad({ url: cases[1]!.url, paths: detailPaths, durationSeconds: 1 });
      await runLoad({ url: cases[3]!.url, durationSeconds: 1 });
      for (const c of cases) {
        const figures = await runLoad({ url: c.url, paths: c.paths, durationSeconds });
        log(
          `  ${c.endpoint}: ${figures.requestsPerSecond} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, errors ${figures.errors}, non-2xx ${figures.non2xx}`,
        );
        const body = bodies[c.endpoint === 'detail-first-view' ? 'detail' : c.endpoint]!;
        endpoints.push({ endpoint: c.endpoint, path: c.path, server: figures, responseBytes: Buffer.byteLength(body) });
      }
      for (const [kind, { term }] of Object.entries(SEARCH_TERMS)) {
        const path = `/api/articles/search?language=zh&limit=20&q=${encodeURIComponent(term)}`;
        const answer = await json(server.origin, path);
        const matches = (answer.body as { total?: number } | null)?.total ?? -1;
        const figures = await runLoad({ url: `${server.origin}${path}`, durationSeconds: Math.max(2, Math.round(durationSeconds * 0.6)) });
        log(
          `  search "${term}" (${kind}, ${matches} matches): p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, ${figures.requestsPerSecond} req/s`,
        );
        searchRuns.push({ kind, term, matches, figures });
      }
      rssAfter = rssMiB(server.pid());
      log(`  server RSS ${rssBefore} MiB before, ${rssAfter} MiB after`);
    } finally {
      await server.stop();
    }

    const bodiesFile = join(workDir, `floor-bodies-${articles}.json`);
    // The floor answers the page's path with the page's body (its byPath hook).
    const pageCase = endpoints.find((e) => e.endpoint === 'detail-page');
    writeFileSync(bodiesFile, JSON.stringify({ ...bodies, ...(pageCase ? { byPath: { [pageCase.path]: bodies['detail-page'] } } : {}) }));
    const floor = await startFloorServer(bodiesFile);
    let floorRssBefore: number | null = null;
    let floorRssAfter: number | null = null;
    try {
      floorRssBefore = rssMiB(floor.child.pid);
      await runLoad({ url: `${floor.origin}/api/articles/latest`, durationSeconds: 2 });
      for (const entry of endpoints) {
        // The floor has one body per endpoint; a first view costs it the same as any other.
        const same = entry.endpoint === 'detail-first-view' ? endpoints.find((e) => e.endpoint === 'detail')?.floor : undefined;
        const figures = same ?? (await runLoad({ url: `${floor.origin}${entry.path}`, durationSeconds }));
        entry.floor = figures;
        log(`  floor ${entry.endpoint}: ${figures.requestsPerSecond} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms`);
      }
      floorRssAfter = rssMiB(floor.child.pid);
    } finally {
      await floor.stop();
    }
    runs.push({
      articles,
      generateSeconds,
      rssBeforeMiB: rssBefore,
      rssAfterMiB: rssAfter,
      floorRssBeforeMiB: floorRssBefore,
      floorRssAfterMiB: floorRssAfter,
      endpoints: endpoints as EndpointLoad[],
      search: searchRuns,
    });
  }
  return runs;
}
