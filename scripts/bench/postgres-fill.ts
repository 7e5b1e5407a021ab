/**
 * Fills a PostgreSQL database to `articles` articles through the store's own write path (upsertMany
 * with the page renderer set, each article given its reading help first, as the importer and corpus
 * loader write them): the sample corpus, then synthetic articles. Synthetic ids are deterministic, so a
 * database from an earlier run is grown, not rewritten. Returns notes on what it did, for the report.
 */
import { join } from 'node:path';
import pg from 'pg';
import { READING_HELP_PASS } from '../../server/content/reading-help-pass';
import { applyRenderPass, articleRenderer } from '../../server/content/stored-pages';
import { withReadingHelp } from '../../server/content/vocabulary-help';
import { loadCorpus } from '../../server/corpus/load-corpus';
import { openDictionary } from '../../server/dictionary/open-dictionary';
import { rehashed } from '../../server/store/content-hash';
import { openPostgresStore } from '../../server/store/postgres/postgres-store';
import type { ArticleInput } from '../../server/store/types';
import { REPO_ROOT } from '../../tests/support/server-process';
import { syntheticArticle } from '../../tests/support/synthetic-articles';

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
    for (let start = from; start < target; start += 2000) {
      const batch: ArticleInput[] = [];
      for (let index = start; index < Math.min(target, start + 2000); index++) {
        batch.push(rehashed(withReadingHelp(syntheticArticle(index), dictionary)));
      }
      await store.upsertMany(batch);
      if ((start / 2000) % 10 === 9) log(`  ${(start + 2000).toLocaleString('en-US')} synthetic written, ${seconds(started)} s`);
    }
    if (target <= from) notes.push(`the database already held ${before.toLocaleString('en-US')} articles`);
    else notes.push(`wrote ${(target - from).toLocaleString('en-US')} synthetic articles (with their pages) in ${seconds(started)} s`);
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
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // What autovacuum does shortly after a big import; measured without it the planner's guesses are a fresh table's.
      await client.query('VACUUM ANALYZE');
    } finally {
      await client.end();
    }
    notes.push(`VACUUM ANALYZE in ${seconds(started)} s`);
    return { total: await store.count(), synthetic: target, notes };
  } finally {
    await store.close();
    dictionary.close();
  }
}
