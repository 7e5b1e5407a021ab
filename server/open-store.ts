/**
 * Opens the store the server runs with, behind the one store seam (store/article-store.ts):
 * PostgreSQL when DATABASE_URL is set, else the SQLite file at DATABASE_PATH. main.ts builds the
 * server the same way on either.
 */
import type { Logger } from 'pino';
import type { ServerConfig } from './config';
import type { ArticleStore } from './store/article-store';
import { openPostgresStore } from './store/postgres/postgres-store';
import { ReadPool } from './store/sqlite/read-pool';
import { sqliteSeam } from './store/sqlite/sqlite-seam';
import { openSqliteStore, type SqliteArticleStore } from './store/sqlite/sqlite-store';
import { WatchedStore } from './store/sqlite/watched-store';

export interface OpenedStore {
  readonly store: ArticleStore;
  /** False when the database could not be opened: the server still serves (503s), with no content passes. */
  readonly usable: boolean;
  /** Starts whatever watches the store in the background; returns its stop. */
  readonly watch: (log: (message: string) => void) => () => void;
}

/**
 * DATABASE_URL: the articles live in PostgreSQL, shared by every node. No read workers (the pool's
 * connections wait on the server, not this thread) and no file to watch; health is a count through the pool.
 * Of several nodes started together, one runs the content passes (an advisory lock, content-passes.ts).
 */
async function openPostgres(url: string, config: ServerConfig, logger: Logger): Promise<OpenedStore> {
  const shown = url.replace(/\/\/[^@/]*@/, '//…@');
  let store;
  try {
    store = await openPostgresStore(url, {
      poolSize: config.databasePoolSize,
      readConcurrency: config.databaseReadConcurrency,
      readQueueMax: config.readQueueMax,
      readTimeoutMs: config.readTimeoutMs,
    });
  } catch (error) {
    logger.fatal(
      { err: error },
      `The server could not start: PostgreSQL at ${shown} could not be opened or migrated: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
  const { from, to, applied } = store.migration;
  logger.info(
    { schemaFrom: from, schemaTo: to },
    applied.length ? `PostgreSQL ${shown}: migrated from v${from} to v${to} (${applied.join('; ')})` : `PostgreSQL ${shown}: schema v${to}`,
  );
  const { searchIndex } = store.migration;
  if (searchIndex.kind === 'rum')
    logger.info({ searchIndex: 'rum' }, 'PostgreSQL search: RUM index (matches newest first, stopped at the page)');
  else
    logger.warn(
      { searchIndex: 'gin' },
      `PostgreSQL search: RUM is not used (${searchIndex.note ?? 'unknown'}); GIN instead: correct, but a query's cost grows with its matches (docs/deployment.md)`,
    );
  return { store, usable: true, watch: () => () => undefined };
}

/** The module the read workers serialise search answers with (decision 58). */
const ANSWERS_MODULE = new URL('./answers/list-page.ts', import.meta.url).href;

/** The SQLite file at DATABASE_PATH (the default): watched, with read workers for searches. */
async function openSqlite(config: ServerConfig, logger: Logger): Promise<OpenedStore> {
  let sqlite: SqliteArticleStore | undefined;
  try {
    sqlite = openSqliteStore(config.databasePath);
  } catch (error) {
    // Keep serving: /api/health reports 503, pages still load, operators see why in the log.
    logger.error(`database ${config.databasePath} cannot be opened: ${String(error)}`);
  }
  if (sqlite) {
    const { from, to, applied } = sqlite.migration;
    logger.info(
      { schemaFrom: from, schemaTo: to },
      applied.length
        ? `database ${config.databasePath}: migrated from v${from} to v${to} (${applied.join('; ')})`
        : `database ${config.databasePath}: schema v${to}`,
    );
  }
  // Searches run on worker threads with their own connections; lists, articles (bounded by
  // their indexes), writes, health checks and page heads use the watched store on this thread.
  const workers = sqlite !== undefined && config.readWorkers > 0;
  // The read workers import this module for every search's answer: imported here first, so a module that cannot load
  // stops the start with its error instead of failing each search inside a worker.
  if (workers) await import(ANSWERS_MODULE);
  const pool = workers
    ? new ReadPool({
        databasePath: config.databasePath,
        size: config.readWorkers,
        maxQueue: config.readQueueMax,
        timeoutMs: config.readTimeoutMs,
        answersModule: ANSWERS_MODULE,
      })
    : undefined;
  const watched = new WatchedStore(config.databasePath, sqlite, () => void pool?.reopen());
  const store = sqliteSeam(() => watched.current, {
    ...(pool ? { search: (query) => pool.search(query), searchJson: (query) => pool.searchJson(query) } : {}),
    check: () => watched.check(),
    close: async () => {
      watched.close();
      await pool?.close();
    },
  });
  // The file is checked even when nobody probes /api/health, so a replaced database is picked up.
  const watch = (log: (message: string) => void) => {
    const timer = setInterval(() => {
      const health = watched.check();
      if (health.status !== 'ok') log(`database ${health.status}: ${health.problem ?? 'unknown problem'}`);
    }, 5000);
    timer.unref();
    return () => clearInterval(timer);
  };
  return { store, usable: sqlite !== undefined, watch };
}

export function openStore(config: ServerConfig, logger: Logger): Promise<OpenedStore> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, config, logger) : openSqlite(config, logger);
}
