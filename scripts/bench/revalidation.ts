/**
 * `npx tsx scripts/bench/revalidation.ts [--articles 2000] [--postgres]`: the share of requests a revalidating
 * client (a browser, or a CDN after s-maxage) gets back as 304 Not Modified, before and after an
 * import. A client fetches a mix of API answers and pages once, keeping each ETag; then asks again
 * with If-None-Match: with nothing changed, then after an import that adds new articles and
 * changes some old ones. Prints a markdown section and writes it into docs/benchmarks.md as
 * "Revalidation", or with --postgres (a throwaway cluster, the import written from another
 * process, as the importer does beside the nodes) as "PostgreSQL: revalidation".
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgresStore } from '../../server/store/postgres/postgres-store';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import type { ArticleInput } from '../../server/store/types';
import { startThrowawayCluster, type ThrowawayCluster } from '../postgres/throwaway-cluster';
import { buildWebApp } from '../../tests/e2e/support/build';
import { REPO_ROOT, startLiveServer } from '../../tests/support/server-process';
import { generateSyntheticArticles, syntheticArticle, syntheticArticles } from '../../tests/support/synthetic-articles';
import { replaceSection } from './sections';

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const ARTICLES = Number(argument('articles', '2000'));
const POSTGRES = process.argv.includes('--postgres');
const HEADING = POSTGRES ? '## PostgreSQL: revalidation' : '## Revalidation';
const ADDED = 50;
const CHANGED = 20;
/** Articles the client has seen, spread over the collection; the changed ones are among them. */
const SEEN = 200;

interface Kind {
  readonly name: string;
  readonly paths: string[];
}

function kindsOf(ids: string[]): Kind[] {
  return [
    {
      name: 'API: latest, pages 1–5',
      paths: [0, 20, 40, 60, 80].map((offset) => `/api/articles/latest?language=zh&limit=20&offset=${offset}`),
    },
    {
      name: 'API: latest by category',
      paths: ['health', 'sports', 'business', 'technology'].map((c) => `/api/articles/latest?language=zh&limit=20&category=${c}`),
    },
    {
      name: 'API: search',
      paths: ['harbor', 'people', 'zeppelin', 'council school'].map(
        (t) => `/api/articles/search?language=zh&limit=20&q=${encodeURIComponent(t)}`,
      ),
    },
    { name: `API: ${SEEN} articles`, paths: ids.map((id) => `/api/articles/${id}?language=zh`) },
    { name: 'Pages: home and list', paths: ['/zh', '/es', '/zh/articles', '/es/articles'] },
    { name: `Pages: ${SEEN} articles`, paths: ids.map((id) => `/es/articles/${id}`) },
  ];
}

async function fetchAll(origin: string, paths: string[], etags: Map<string, string>): Promise<{ requests: number; notModified: number }> {
  let notModified = 0;
  for (const path of paths) {
    const known = etags.get(path);
    const response = await fetch(origin + path, known ? { headers: { 'if-none-match': known } } : {});
    await response.arrayBuffer();
    if (response.status === 304) notModified++;
    else if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    const etag = response.headers.get('etag');
    if (etag) etags.set(path, etag);
  }
  return { requests: paths.length, notModified };
}

/** Where the articles live: the writes go through the store the server reads, from this process. */
interface Target {
  readonly env: Record<string, string>;
  write(articles: ArticleInput[]): Promise<void>;
  close(): Promise<void>;
}

async function sqliteTarget(databasePath: string): Promise<Target> {
  generateSyntheticArticles(databasePath, ARTICLES);
  return {
    env: { DATABASE_PATH: databasePath },
    write: async (articles) => {
      const store = openSqliteStore(databasePath);
      try {
        store.upsertMany(articles);
      } finally {
        store.close();
      }
    },
    close: async () => undefined,
  };
}

async function postgresTarget(dir: string): Promise<Target> {
  const cluster: ThrowawayCluster = await startThrowawayCluster({ database: 'revalidation' });
  try {
    const store = await openPostgresStore(cluster.url);
    const all = [...syntheticArticles(ARTICLES)];
    for (let start = 0; start < all.length; start += 2000) await store.upsertMany(all.slice(start, start + 2000));
    return {
      env: { DATABASE_URL: cluster.url, DATABASE_PATH: join(dir, 'unused.db') },
      write: async (articles) => {
        await store.upsertMany(articles);
      },
      close: async () => {
        await store.close();
        await cluster.stop();
      },
    };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'nr-bench-revalidation-'));
  try {
    const databasePath = join(dir, 'articles.db');
    // The real web app, server rendering included: a page holds the answers it was rendered from.
    const distDir = join(dir, 'dist');
    buildWebApp(distDir);
    const target = POSTGRES ? await postgresTarget(dir) : await sqliteTarget(databasePath);
    const step = Math.floor(ARTICLES / SEEN);
    const seenIndexes = Array.from({ length: SEEN }, (_, i) => i * step);
    const ids = seenIndexes.map((index) => syntheticArticle(index).id);
    const server = await startLiveServer({
      ...target.env,
      DIST_DIR: distDir,
      SKIP_WEB_BUILD: 'true',
      LOAD_CORPUS: 'false',
      RATE_LIMIT_MAX: '0',
    });
    const kinds = kindsOf(ids);
    const etags = new Map<string, string>();
    const rows: string[][] = [];
    try {
      for (const kind of kinds) await fetchAll(server.url, kind.paths, etags);
      const unchanged: Array<{ requests: number; notModified: number }> = [];
      for (const kind of kinds) unchanged.push(await fetchAll(server.url, kind.paths, etags));

      // The import: new articles at the top of every list, and a few seen ones rewritten.
      await target.write(Array.from({ length: ADDED }, (_, index) => syntheticArticle(index, 2)));
      await target.write(
        seenIndexes.slice(0, CHANGED).map((index) => {
          const old = syntheticArticle(index);
          return { ...old, title: `${old.title}, updated`, contentHash: `${old.contentHash}-updated` };
        }),
      );
      // PostgreSQL tells the node at commit (NOTIFY) and it re-reads the version every 5 s anyway;
      // a second covers the notification without waiting for the re-read.
      if (POSTGRES) await new Promise((done) => setTimeout(done, 1000));
      const afterImport: Array<{ requests: number; notModified: number }> = [];
      for (const kind of kinds) afterImport.push(await fetchAll(server.url, kind.paths, etags));

      kinds.forEach((kind, i) => {
        const before = unchanged[i]!;
        const after = afterImport[i]!;
        rows.push([
          kind.name,
          String(before.requests),
          percent(before.notModified, before.requests),
          percent(after.notModified, after.requests),
        ]);
      });
      const total = (list: { requests: number; notModified: number }[]) =>
        list.reduce((sum, r) => ({ requests: sum.requests + r.requests, notModified: sum.notModified + r.notModified }), {
          requests: 0,
          notModified: 0,
        });
      const u = total(unchanged);
      const a = total(afterImport);
      rows.push(['**All**', String(u.requests), `**${percent(u.notModified, u.requests)}**`, `**${percent(a.notModified, a.requests)}**`]);
    } finally {
      await server.stop();
      await target.close();
    }

    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const section = [
      HEADING,
      '',
      `One run of \`npx tsx scripts/bench/revalidation.ts --articles ${ARTICLES}${POSTGRES ? ' --postgres' : ''}\` on ${when} UTC (load average ${loadavg()[0]!.toFixed(2)}): the real server over ${ARTICLES.toLocaleString('en-US')} synthetic articles` +
        (POSTGRES
          ? ' in a throwaway PostgreSQL cluster, the import written by another process (as the importer beside the nodes), the node learning of it by NOTIFY; the client asks again a second after the import. '
          : '. ') +
        `A client fetches each address once and keeps its ETag, then asks again with \`If-None-Match\`: once with nothing changed, once after an import that adds ${ADDED} new articles (newest, so at the top of every list) and rewrites ${CHANGED} of the ${SEEN} articles it has seen. ` +
        'Pages are the real build, rendered on the server with the answers they show, so a page changes when what it shows does.',
      '',
      '| Addresses | Requests | 304, nothing changed | 304, after the import |',
      '| --- | --- | --- | --- |',
      ...rows.map((cells) => `| ${cells.join(' | ')} |`),
      '',
      `Expected after the import: every list and search page that the new articles reach changes, and ${CHANGED} of ${SEEN} articles (${percent(CHANGED, SEEN)}); everything else is still a 304.`,
      '',
    ].join('\n');
    process.stdout.write(`${section}\n`);
    const docs = join(REPO_ROOT, 'docs/benchmarks.md');
    writeFileSync(docs, replaceSection(readFileSync(docs, 'utf8'), HEADING, section));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
