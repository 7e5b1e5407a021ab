/**
 * `npx tsx scripts/bench/postgres-nodes.ts [--articles 100000] [--duration 10]`: the API on
 * PostgreSQL, one server node against two node processes sharing the database. Starts a throwaway
 * cluster (or uses DATABASE_URL), fills it with the sample corpus and synthetic articles up to
 * --articles through the store's own write path (upsertMany with the page renderer set, articles
 * given their reading help first, as the importer and corpus loader write them), then loads
 * latest, detail and search with autocannon, 10 connections per node: first with the answer cache
 * (the same few requests again and again), then with ANSWER_CACHE_ENTRIES=0 so every request
 * reaches PostgreSQL. Prints a table and writes it into docs/benchmarks.md as
 * "PostgreSQL: one node and two".
 *
 * With DATABASE_URL the database is grown to --articles, never rewritten, so `--fill-only` can
 * prepare it ahead (at low priority) and a later run measures it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, startServer, type RunningServer } from '../../tests/support/server-process';
import { startThrowawayCluster } from '../postgres/throwaway-cluster';
import { runLoad, type LoadFigures } from './load';
import { fillPostgres } from './postgres-fill';
import { combinedNodeFigures, markdownTable, scaling, type FigureRow } from './node-figures';
import { replaceSection } from './sections';

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const ARTICLES = Number(argument('articles', '100000'));
const DURATION = Number(argument('duration', '10'));
const CONNECTIONS = 10;
const HEADING = '## PostgreSQL: one node and two';
/** Only fill the database at DATABASE_URL (rendering 100,000 articles' pages takes many minutes), measure later. */
const FILL_ONLY = process.argv.includes('--fill-only');

const log = (line: string) => process.stdout.write(`${line}\n`);
const load1 = () => loadavg()[0]!;

/** The searches of scripts/bench/search-queries.ts: rare, common and near-universal words, two- and three-word queries, a prefix; each alone and within a category. */
const SEARCHES = ['zeppelin', 'harbor', 'city', 'people council', 'people council school', 'harb*'].flatMap((q) =>
  [undefined, 'health'].map(
    (category) => `/api/articles/search?language=zh&limit=20&q=${encodeURIComponent(q)}${category ? `&category=${category}` : ''}`,
  ),
);
const LATEST = [
  '/api/articles/latest?language=zh&limit=20',
  '/api/articles/latest?language=zh&limit=20&offset=20',
  '/api/articles/latest?language=es&limit=20&category=health',
  '/api/articles/latest?language=zh&limit=20&category=sports',
  '/api/articles/latest?language=es&limit=20&category=business&offset=20',
];

/** `count` synthetic article paths spread evenly over the ones written. */
function detailPaths(synthetic: number, count: number): string[] {
  const step = Math.max(1, Math.floor(synthetic / count));
  return Array.from({ length: Math.min(count, synthetic) }, (_, i) => `/api/articles/synthetic-1-${i * step}?language=zh`);
}

function fill(url: string, workDir: string): Promise<{ total: number; synthetic: number; notes: string[] }> {
  return fillPostgres(url, join(workDir, 'dictionary.db'), ARTICLES, log);
}

interface Case {
  readonly endpoint: string;
  readonly paths: readonly string[];
}

async function warm(origin: string, paths: readonly string[]): Promise<void> {
  // Answers are cached from their second request.
  for (let round = 0; round < 2; round++) {
    for (const path of paths) {
      const response = await fetch(origin + path);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    }
  }
}

function loadOf(origin: string, c: Case): Promise<LoadFigures> {
  return runLoad({ url: origin + c.paths[0], paths: c.paths, durationSeconds: DURATION, connections: CONNECTIONS });
}

function logRow(row: FigureRow): void {
  const f = row.figures;
  log(
    `  ${row.endpoint}, cache ${row.cache}, ${row.nodes} node(s): ${f.requestsPerSecond} req/s, p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms, errors ${f.errors}, non-2xx ${f.non2xx}  (load ${row.load.toFixed(2)})`,
  );
}

async function measure(url: string, workDir: string, cases: readonly Case[]): Promise<FigureRow[]> {
  const distDir = join(workDir, 'dist');
  mkdirSync(distDir, { recursive: true });
  const rows: FigureRow[] = [];
  const modes: Array<{ cache: string; env: Record<string, string> }> = [
    { cache: 'on (2,000)', env: {} },
    { cache: 'off', env: { ANSWER_CACHE_ENTRIES: '0' } },
  ];
  for (const mode of modes) {
    const env: Record<string, string> = {
      DATABASE_URL: url,
      DICTIONARY_PATH: join(workDir, 'dictionary.db'),
      LOAD_CORPUS: 'false',
      RATE_LIMIT_MAX: '1000000000',
      LOG_LEVEL: 'warn',
      ...mode.env,
    };
    const nodes: RunningServer[] = [];
    try {
      nodes.push(await startServer({ distDir, env }));
      for (const c of cases) await warm(nodes[0]!.origin, c.paths);
      await runLoad({ url: nodes[0]!.origin + LATEST[0], durationSeconds: 2 });
      for (const c of cases) {
        const row = { endpoint: c.endpoint, cache: mode.cache, nodes: 1, figures: await loadOf(nodes[0]!.origin, c), load: load1() };
        logRow(row);
        rows.push(row);
      }
      nodes.push(await startServer({ distDir, env }));
      for (const c of cases) await warm(nodes[1]!.origin, c.paths);
      await runLoad({ url: nodes[1]!.origin + LATEST[0], durationSeconds: 2 });
      for (const c of cases) {
        const each = await Promise.all(nodes.map((node) => loadOf(node.origin, c)));
        const row = { endpoint: c.endpoint, cache: mode.cache, nodes: 2, figures: combinedNodeFigures(each), load: load1() };
        logRow(row);
        log(`    per node: ${each.map((f) => `${f.requestsPerSecond} req/s, p99 ${f.p99Ms} ms`).join('; ')}`);
        rows.push(row);
      }
    } finally {
      for (const node of nodes) await node.dispose();
    }
  }
  return rows;
}

async function main(): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'nr-bench-pg-nodes-'));
  const given = process.env['DATABASE_URL']?.trim();
  const cluster = given ? undefined : await startThrowawayCluster({ database: 'bench' });
  const url = given ?? cluster!.url;
  try {
    log(
      `PostgreSQL ${given ? 'from DATABASE_URL' : `throwaway cluster on port ${cluster!.port}`}; filling to ${ARTICLES.toLocaleString('en-US')} articles`,
    );
    const filled = await fill(url, workDir);
    for (const note of filled.notes) log(`  ${note}`);
    if (FILL_ONLY) {
      log(`filled: ${filled.total.toLocaleString('en-US')} articles`);
      return;
    }
    const cases: Case[] = [
      { endpoint: 'latest', paths: LATEST },
      { endpoint: 'detail', paths: detailPaths(filled.synthetic, 400) },
      { endpoint: 'search', paths: SEARCHES },
    ];
    const rows = await measure(url, workDir, cases);
    const find = (endpoint: string, cache: string, nodes: number) =>
      rows.find((r) => r.endpoint === endpoint && r.cache.startsWith(cache) && r.nodes === nodes)!;
    const searchOff = find('search', 'off', 1);
    const scalingLines = ['on', 'off'].flatMap((cache) =>
      cases.map((c) => `${c.endpoint} (cache ${cache}) ${scaling(find(c.endpoint, cache, 1).figures, find(c.endpoint, cache, 2).figures)}`),
    );
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const section = [
      HEADING,
      '',
      `One run of \`npx tsx scripts/bench/postgres-nodes.ts --articles ${ARTICLES} --duration ${DURATION}\` on ${when} UTC: ${filled.total.toLocaleString('en-US')} articles ` +
        `(the sample corpus and synthetic ones) in ${given ? 'the PostgreSQL at DATABASE_URL' : 'a throwaway PostgreSQL cluster on this machine (fsync off)'}, written through the store's upsertMany with their pages; ${filled.notes.join('; ')}. ` +
        `Each case is autocannon at ${CONNECTIONS} connections per node for ${DURATION} s: latest rotates over ${LATEST.length} list pages, detail over ${cases[1]!.paths.length} articles spread over the collection, ` +
        `search over ${SEARCHES.length} queries (the words and phrases of scripts/bench/search-queries.ts, alone and within a category). ` +
        "With the cache on every request was made twice before, so most answers come from the node's memory; with `ANSWER_CACHE_ENTRIES=0` every request reads PostgreSQL. " +
        "Two nodes: two server processes on the same database, each loaded by its own autocannon at the same time (so twice the connections); req/s is the sum, p50 and p99 the worse node's " +
        '(autocannon gives percentiles, not histograms, so they are not merged). The load column is the 1-minute load average when the case ended.',
      '',
      markdownTable(rows),
      '',
      `Search p99 at ${filled.total.toLocaleString('en-US')} articles in PostgreSQL, one node, answer cache off: **${searchOff.figures.p99Ms} ms** (p50 ${searchOff.figures.p50Ms} ms, ${searchOff.figures.requestsPerSecond} req/s).`,
      '',
      `Two nodes against one (req/s): ${scalingLines.join(', ')}.`,
      '',
      'What this can and cannot show: the machine has 2 cores shared by PostgreSQL, both nodes and the load generator (one process running both autocannons), ' +
        'so a second node cannot add CPU; it shows that two nodes share one database correctly and without errors, and what a node costs, not how throughput grows on separate machines.',
      '',
    ].join('\n');
    log('');
    log(section);
    const docs = join(REPO_ROOT, 'docs/benchmarks.md');
    writeFileSync(docs, replaceSection(readFileSync(docs, 'utf8'), HEADING, section));
  } finally {
    await cluster?.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
