/**
 * The PostgreSQL implementation of the store seam (ArticleStore, ../article-store.ts), with the `pg` driver and a pool,, chosen when
 * DATABASE_URL is set. Several server nodes may share one database, so nothing in a node's memory
 * is needed for correctness by another:
 * The store's jobs are split: postgres-connection.ts (pool, data version, guards), postgres-reads.ts,
 * postgres-writes.ts, postgres-stories.ts, and postgres-rows.ts (columns and SQL fragments).
 * - the schema is migrated at open, under an advisory lock (postgres-schema.ts);
 * - every transaction that changes articles bumps the `data_version` counter and sends NOTIFY
 *   articles_changed (a trigger, so hand edits in SQL count too);
 *   each node LISTENs on a dedicated connection and moves its cache key on, and also re-reads the
 *   counter every few seconds, so a dropped listener costs at most that long of stale caches.
 *
 * Search keeps SQLite's semantics (../sqlite/search-index.ts; postgres-reads.ts): every word must match, `harb*` is a prefix,
 * the newest matches (by publication time) are counted as far as the page needs (countedFor) and ranked in
 * blocks of RANK_BLOCK (title holding every word 20, a title word 10, a summary word 4, ties newest first),
 * totals are capped the same way. The differences (English
 * stop words, Snowball stemming, no accent folding) are in docs/deployment.md.
 */
import pg from 'pg';
import type { ArticleStore } from '../article-store';
import { migratePostgres } from './postgres-schema';
import { CONNECT_WAIT_MS, DEFAULT_READ_TIMEOUT_MS, type OpenPostgresOptions, VERSION_REFRESH_MS } from './postgres-connection';
import { PostgresStories } from './postgres-stories';
import { ListMarks } from './postgres-list-marks';

/** The pool's connections' work_mem: a common prefix's matches at 100,000 articles sort in memory. */
export const SEARCH_WORK_MEM = '16MB';

export class PostgresArticleStore extends PostgresStories implements ArticleStore {
  /** Connects, migrates (under the advisory lock), reads the data version and starts listening. */
  static async open(connectionString: string, options: OpenPostgresOptions = {}): Promise<PostgresArticleStore> {
    const pool = new pg.Pool({
      connectionString,
      max: options.poolSize ?? 10,
      statement_timeout: options.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS,
      connectionTimeoutMillis: CONNECT_WAIT_MS,
      idleTimeoutMillis: 30_000,
      // RUM sorts a query's matches (a prefix's: every word it starts) in work_mem; PostgreSQL's default 4 MB
      // spilled a common prefix's to temporary files (decision 35). An `options` in DATABASE_URL wins.
      options: `-c work_mem=${SEARCH_WORK_MEM}`,
    });
    // An idle connection's error (the server restarted) must not end the process; the next query reconnects.
    pool.on('error', () => undefined);
    try {
      const migration = await migratePostgres(pool);
      const store = new PostgresArticleStore(
        pool,
        connectionString,
        migration,
        options.versionRefreshMs ?? VERSION_REFRESH_MS,
        options.readConcurrency,
        options.readQueueMax,
      );
      if (options.listMarkStep !== undefined) store.listMarks = new ListMarks(options.listMarkStep);
      await store.refreshVersion();
      await store.listen();
      return store;
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
  }
}

export function openPostgresStore(connectionString: string, options?: OpenPostgresOptions): Promise<PostgresArticleStore> {
  return PostgresArticleStore.open(connectionString, options);
}
