/**
 * Fills a PostgreSQL database to `articles` articles: the sample corpus through the store's own write path
 * (loadCorpus, upsertMany with the page renderer set), then synthetic articles in bulk. Through the write
 * path (four statements per article, the search index kept up row by row) 100,000 took 40+ minutes on this
 * shared machine; the bulk fill makes the same rows (postgres-writes.ts's columns, pages, story rows: made on
 * worker threads by postgres-fill-worker.ts, as the write path makes them) and sends them 500 articles to a
 * statement, with the search index dropped during the fill and built once after it (the store's own
 * newsreader_search_index(), migration v6). Synthetic ids are deterministic, so a database from an earlier run
 * is grown, not rewritten. Returns notes on what it did, for the report.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { READING_HELP_PASS } from '../../server/content/reading-help-pass';
import { applyRenderPass, articleRenderer } from '../../server/content/stored-pages';
import { loadCorpus } from '../../server/corpus/load-corpus';
import { openDictionary } from '../../server/dictionary/open-dictionary';
import { articleColumns } from '../../server/store/postgres/postgres-rows';
import { openPostgresStore } from '../../server/store/postgres/postgres-store';
import { typescriptWorkerSource } from '../../server/store/sqlite/read-pool';
import { RENDER_LANGUAGES, type ArticleInput } from '../../server/store/types';
import { REPO_ROOT } from '../../tests/support/server-process';

/** One synthetic article as the write path stores it (postgres-writes.ts: write, recordStory, storeHtml). */
export interface FillRow {
  readonly article: ArticleInput;
  readonly pageKey: string;
  /** In RENDER_LANGUAGES order. */
  readonly pages: readonly string[];
  readonly urlKeys: readonly string[];
  readonly textHash: string;
  readonly bands: readonly string[];
}

const BATCH = 500;

/** The write path's INSERTs of postgres-writes.ts, for many articles in one statement. */
const BULK_INSERT = `
  WITH r AS (
    SELECT * FROM json_to_recordset($1::json) AS r (n integer, id text, url text, source text, title text, published_at text,
      summary text, summary_translations json, paragraphs json, body text, word_count integer, reading_time_minutes integer,
      difficulty text, categories text[], vocabulary json, cultural_notes json, content_hash text, machine_help json,
      page_key text, languages text[], pages text[], url_keys text[], text_hash text, bands text[])),
  ins AS (
    INSERT INTO articles (id, url, source, title, published_at, summary, summary_translations, paragraphs, body,
      word_count, reading_time_minutes, difficulty, categories, vocabulary, cultural_notes, content_hash, imported_at, updated_at, machine_help)
    SELECT id, url, source, title, published_at, summary, summary_translations, paragraphs, body, word_count,
      reading_time_minutes, difficulty, categories, vocabulary, cultural_notes, content_hash, $2, $2, machine_help
    FROM r ORDER BY n ON CONFLICT (id) DO NOTHING RETURNING seq, id),
  html AS (
    INSERT INTO article_html (article_seq, language, content_hash, html)
    SELECT ins.seq, p.language, r.page_key, p.html FROM ins JOIN r USING (id), unnest(r.languages, r.pages) AS p (language, html)),
  urls AS (INSERT INTO story_urls (url_key, article_seq) SELECT u, ins.seq FROM ins JOIN r USING (id), unnest(r.url_keys) AS u ON CONFLICT DO NOTHING),
  texts AS (INSERT INTO story_texts (text_hash, article_seq) SELECT r.text_hash, ins.seq FROM ins JOIN r USING (id) ON CONFLICT DO NOTHING)
  INSERT INTO story_bands (band, article_seq) SELECT b, ins.seq FROM ins JOIN r USING (id), unnest(r.bands) AS b ON CONFLICT DO NOTHING`;

function bulkJson(rows: readonly FillRow[], from: number): string {
  return JSON.stringify(
    rows.map(({ article: a, pageKey, pages, urlKeys, textHash, bands }, i) => ({
      n: from + i,
      ...articleColumns(a),
      page_key: pageKey,
      languages: [...RENDER_LANGUAGES],
      pages,
      url_keys: urlKeys,
      text_hash: textHash,
      bands,
    })),
  );
}

/** Makes rows [start, end) on worker threads (one per CPU), in batches, handing each batch over as it is ready. */
async function makeRows(
  dictionaryPath: string,
  start: number,
  end: number,
  onBatch: (from: number, rows: FillRow[]) => Promise<void>,
): Promise<void> {
  const source = typescriptWorkerSource(new URL('./postgres-fill-worker.ts', import.meta.url).href);
  const workers = Array.from(
    { length: Math.max(1, availableParallelism()) },
    () => new Worker(source, { eval: true, workerData: { dictionaryPath } }),
  );
  let next = start;
  let writing = Promise.resolve();
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const ask = () => {
              if (next >= end) return resolve();
              const from = next;
              next = Math.min(end, next + BATCH);
              worker.postMessage({ start: from, end: next });
            };
            worker.on('message', (message: { ready: true } | { start: number; rows: FillRow[] }) => {
              if ('rows' in message) writing = writing.then(() => onBatch(message.start, message.rows));
              // Never more than a few batches waiting for the database.
              void writing.then(ask, reject);
            });
            worker.on('error', reject);
          }),
      ),
    );
    await writing;
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

export async function fillPostgres(
  url: string,
  dictionaryPath: string,
  articles: number,
  log: (line: string) => void,
): Promise<{ total: number; synthetic: number; notes: string[] }> {
  const notes: string[] = [];
  const { dictionary } = openDictionary({ path: dictionaryPath });
  const store = await openPostgresStore(url);
  try {
    const renderer = articleRenderer(dictionary);
    store.setRenderer(renderer);
    // First, so the pass records its version before any page is written: run only after the
    // writes, it found no version recorded and dropped every page to render them all again.
    await applyRenderPass(store, renderer, dictionary.version);
    const corpus = await loadCorpus(store, join(REPO_ROOT, 'server/corpus/articles'), dictionary);
    const corpusCount = corpus.imported + corpus.updated + corpus.unchanged;
    const before = await store.count();
    const target = Math.max(0, articles - corpusCount);
    const from = Math.max(0, before - corpusCount);
    let started = Date.now();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      if (target > from) {
        // The search index is built once at the end (as newsreader_search_index() builds it), not row by row.
        await client.query('DROP INDEX IF EXISTS articles_search_rum, articles_search');
        let written = 0;
        await makeRows(dictionaryPath, from, target, async (batchStart, rows) => {
          await client.query(BULK_INSERT, [bulkJson(rows, batchStart), new Date().toISOString()]);
          written += rows.length;
          if (written % 10_000 < BATCH) log(`  ${written.toLocaleString('en-US')} synthetic written, ${seconds(started)} s`);
        });
      }
      // Always: a fill stopped half-way left the index dropped.
      const indexStarted = Date.now();
      const { rows } = await client.query<{ state: string }>('SELECT newsreader_search_index() AS state');
      notes.push(`search index (${rows[0]?.state}) ready in ${seconds(indexStarted)} s`);
    } finally {
      await client.end();
    }
    if (target <= from) notes.push(`the database already held ${before.toLocaleString('en-US')} articles`);
    else
      notes.push(
        `wrote ${(target - from).toLocaleString('en-US')} synthetic articles (with their pages, in bulk) in ${seconds(started)} s`,
      );
    // Every article was written with its reading help, so the start-up pass would change nothing;
    // recording it spares each node a scan of every article at start. The render pass now finds no page missing.
    await store.recordContentPass(READING_HELP_PASS, dictionary.version);
    const pagesStarted = Date.now();
    const pages = await applyRenderPass(store, renderer, dictionary.version);
    if (pages.rendered > 0)
      notes.push(
        `rendered the pages of ${pages.rendered.toLocaleString('en-US')} articles stored without them in ${seconds(pagesStarted)} s`,
      );
    started = Date.now();
    const vacuum = new pg.Client({ connectionString: url });
    await vacuum.connect();
    try {
      // What autovacuum does shortly after a big import; measured without it the planner's guesses are a fresh table's.
      await vacuum.query('VACUUM ANALYZE');
      notes.push(`VACUUM ANALYZE in ${seconds(started)} s`);
      notes.push(await warmSearch(vacuum));
    } finally {
      await vacuum.end();
    }
    return { total: await store.count(), synthetic: target, notes };
  } finally {
    await store.close();
    dictionary.close();
  }
}

/**
 * The articles table and its search and list indexes read into shared buffers (pg_prewarm, where the extension
 * can be created), as on a server that has been answering a while: the classes measure warm reads, not the
 * first reads after a cluster restart. Says what it did, and the cluster's shared_buffers (docs/deployment.md).
 */
async function warmSearch(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ shared_buffers: string }>('SHOW shared_buffers');
  const buffers = `shared_buffers ${rows[0]?.shared_buffers}`;
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
    const { rows: warmed } = await client.query<{ blocks: string }>(
      `SELECT sum(pg_prewarm(c.oid::regclass))::text AS blocks FROM pg_class AS c
       WHERE c.relname = 'articles' OR c.oid IN (SELECT indexrelid FROM pg_index WHERE indrelid = 'articles'::regclass)`,
    );
    return `${buffers}, ${Number(warmed[0]?.blocks ?? 0).toLocaleString('en-US')} blocks of articles and its indexes prewarmed`;
  } catch (error) {
    return `${buffers}, not prewarmed (${error instanceof Error ? error.message : String(error)})`;
  }
}
