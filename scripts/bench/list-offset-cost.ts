/**
 * `npx tsx scripts/bench/list-offset-cost.ts [--articles 100000] [--rounds 8] [--pages 2000]`: what a list page at an
 * offset costs the SQLite store itself (decision 61), with its lists' marks (every 500th row) and without them (a mark
 * step past any list, so every page skips `offset` index entries), on data/bench-scale-N.db (uncached-scale.ts makes it)
 * and the paths of uncached-scale.ts's "latest: filtered, any offset" class. Two connections on the file, as the
 * server's own (read-write, the default page cache); the rounds alternate which goes first, each on pages not read
 * before by either (the marks' store reads a mark the first time a page needs it: the rounds include those reads).
 * Prints the time and the CPU time a page (median and range of the rounds) and, first, what the deepest page of every
 * list cost each store on its first read. No HTTP: the server's share of a request is uncached-scale.ts's.
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore, type SqliteArticleStore } from '../../server/store/sqlite/sqlite-store';
import type { ArticleQuery } from '../../server/store/types';
import { REPO_ROOT } from '../../tests/support/server-process';
import { classes, listFilters } from './uncached-classes';

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const ARTICLES = Number(argument('articles', '100000'));
const ROUNDS = Number(argument('rounds', '8'));
const PAGES = Number(argument('pages', '2000'));
const load1 = () => loadavg()[0]!.toFixed(2);

function queryOf(path: string): ArticleQuery {
  const params = new URL(path, 'http://bench').searchParams;
  const filter = (name: string) => params.get(name) ?? undefined;
  return {
    limit: Number(params.get('limit')),
    offset: Number(params.get('offset') ?? 0),
    ...(filter('category') ? { category: filter('category') as ArticleQuery['category'] } : {}),
    ...(filter('source') ? { source: filter('source') as ArticleQuery['source'] } : {}),
    ...(filter('difficulty') ? { difficulty: filter('difficulty') as ArticleQuery['difficulty'] } : {}),
  };
}

/** Microseconds a page, wall and CPU (this thread's user + system), over these queries. */
function timed(store: SqliteArticleStore, queries: readonly ArticleQuery[]): { wall: number; cpu: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const query of queries) store.latest(query);
  const used = process.cpuUsage(cpu);
  return { wall: ((performance.now() - started) * 1000) / queries.length, cpu: (used.user + used.system) / queries.length };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const shown = (values: number[]) => `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;

function main(): void {
  const path = join(REPO_ROOT, 'data', `bench-scale-${ARTICLES}.db`);
  if (!existsSync(path)) throw new Error(`${path} is missing: run uncached-scale.ts --store sqlite first`);
  const stores = {
    marks: openSqliteStore(path, { mustExist: true }),
    plain: openSqliteStore(path, { mustExist: true, listMarkStep: 1e12 }),
  };
  try {
    const totals = new Map<string, number>();
    for (const filter of listFilters()) {
      const total = stores.plain.latest({ ...queryOf(`/?limit=1${filter}`), offset: 0 }).total;
      if (total > 0) totals.set(filter, total);
    }
    const paths = classes(ARTICLES, totals).find((c) => c.name === 'latest: filtered, any offset')!.paths;
    // The deepest page of every list, first read (for the marks' store, with its one mark read from the list's start), on
    // connections of their own, twice in turn: the first to read an index reads it from the OS's cache.
    const deepest = (step: number | undefined) => {
      const store = openSqliteStore(path, { mustExist: true, ...(step ? { listMarkStep: step } : {}) });
      try {
        const at = performance.now();
        for (const [filter, total] of totals) store.latest({ ...queryOf(`/?limit=20${filter}`), offset: Math.max(0, total - 20) });
        return (performance.now() - at).toFixed(1);
      } finally {
        store.close();
      }
    };
    const first = [`marks ${deepest(undefined)}`, `plain ${deepest(1e12)}`, `plain ${deepest(1e12)}`, `marks ${deepest(undefined)}`];
    const started = performance.now();
    const loadStart = load1();
    const figures = { marks: { wall: [] as number[], cpu: [] as number[] }, plain: { wall: [] as number[], cpu: [] as number[] } };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['marks', 'plain'] as const) : (['plain', 'marks'] as const);
      order.forEach((name, i) => {
        const at = (round * 2 + i) * PAGES;
        const result = timed(stores[name], paths.slice(at, at + PAGES).map(queryOf));
        figures[name].wall.push(result.wall);
        figures[name].cpu.push(result.cpu);
      });
    }
    console.log(
      `list-offset-cost: ${ARTICLES.toLocaleString('en-US')} articles, ${totals.size} lists, ${ROUNDS} rounds of ${PAGES} pages each way ` +
        `(paths of "latest: filtered, any offset"), load ${loadStart} → ${load1()}, ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log(`the deepest page of each list, first read on a new connection, ms in all, in this order: ${first.join(', ')}`);
    for (const name of ['marks', 'plain'] as const)
      console.log(
        `${name}: µs a page ${shown(figures[name].wall)}, CPU µs a page ${shown(figures[name].cpu)} (median (min–max) of the rounds)`,
      );
  } finally {
    stores.marks.close();
    stores.plain.close();
  }
}

main();
