/**
 * `npm start`: build the web app if needed, open and migrate the database, load the sample
 * corpus, serve site and API on one port, and shut down cleanly on SIGTERM/SIGINT.
 */
import type { FastifyInstance } from 'fastify';
import { buildServer } from './app';
import { ConfigError, PROJECT_ROOT, configFromEnv, type ServerConfig } from './config';
import { applyReadingHelpPass } from './content/reading-help-pass';
import { applyRenderPass, articleRenderer } from './content/stored-pages';
import { loadCorpus } from './corpus/load-corpus';
import { openDictionary } from './dictionary/open-dictionary';
import { DictionaryDataError, type Dictionary } from './dictionary/types';
import { needsBuild, runViteBuild } from './build/web-build';
import { sqliteDatabase, type ArticleDatabase } from './store/article-database';
import { openPostgresStore } from './store/postgres-store';
import { openSqliteStore, type SqliteArticleStore } from './store/sqlite-store';
import { ReadPool } from './store/read-pool';
import { inlineReader, splitReader } from './store/reader';
import type { ArticleStore } from './store/types';
import { WatchedStore } from './store/watched-store';

async function ensureWebBuild(config: ServerConfig, log: (level: 'info' | 'warn' | 'error', msg: string) => void) {
  if (config.skipWebBuild) {
    log('info', 'SKIP_WEB_BUILD is set: serving dist/ as it is');
    return;
  }
  const decision = needsBuild(PROJECT_ROOT, config.distDir, process.env);
  if (!decision.build) {
    log('info', `web app: ${decision.reason}`);
    return;
  }
  log('info', `web app: building (${decision.reason}); this takes a little while`);
  const started = Date.now();
  const result = await runViteBuild(PROJECT_ROOT, config.distDir, process.env);
  if (result.ok) {
    log('info', `web app: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    // The API still starts; page routes answer 503 (or the previous build) until a build succeeds.
    log('error', `web app: vite build failed; pages will answer 503 until it builds.\n${result.output.trim()}`);
  }
}

type Log = (level: 'info' | 'warn' | 'error', msg: string) => void;

/** The start-up passes every store gets: the sample corpus, dictionary glosses, pages for articles stored without them. */
async function contentPasses(database: ArticleDatabase, config: ServerConfig, dictionary: Dictionary, early: Log): Promise<void> {
  // Every write from here on stores the article's rendered pages with it.
  const renderer = articleRenderer(dictionary);
  database.setRenderer(renderer);
  if (config.loadCorpus) {
    const result = await loadCorpus(database, config.corpusDir, dictionary);
    early(
      'info',
      `sample corpus: ${result.imported} imported, ${result.updated} updated, ${result.unchanged} unchanged; ${await database.count()} articles in the database`,
    );
    for (const problem of result.errors) early('warn', `sample corpus: skipped ${problem.file}: ${problem.message}`);
  }
  const started = Date.now();
  const pass = await applyReadingHelpPass(database, dictionary);
  if (pass.ran) {
    early('info', `dictionary glosses: ${pass.updated} of ${pass.checked} stored articles updated in ${Date.now() - started} ms`);
  }
  // Articles stored by an older server (or a tool without the dictionary) get their pages now.
  const renderStarted = Date.now();
  const pages = await applyRenderPass(database, renderer, dictionary.version, (done) => {
    if (done % 20_000 === 0) console.log(`article pages: ${done} rendered so far`);
  });
  if (pages.rendered > 0) {
    early(
      'info',
      `article pages: rendered and stored for ${pages.rendered} articles in ${Date.now() - renderStarted} ms${pages.redone ? ' (new dictionary or renderer: all redone)' : ''}`,
    );
  }
}

interface Served {
  readonly app: FastifyInstance;
  /** Resolves once the database connections are closed (a PostgreSQL pool ends its sessions). */
  readonly closeStores: () => Promise<void>;
}

/**
 * DATABASE_URL: the articles live in PostgreSQL, shared by every node. No read workers (the pool's
 * connections wait on the server, not this thread) and no file to watch; health is a count through the pool.
 */
async function servePostgres(url: string, config: ServerConfig, dictionary: Dictionary, early: Log): Promise<Served> {
  const shown = url.replace(/\/\/[^@/]*@/, '//…@');
  let store;
  try {
    store = await openPostgresStore(url, { poolSize: config.databasePoolSize, readTimeoutMs: config.readTimeoutMs });
  } catch (error) {
    console.error(
      `The server could not start: PostgreSQL at ${shown} could not be opened or migrated: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
  const { from, to, applied } = store.migration;
  early(
    'info',
    applied.length ? `PostgreSQL ${shown}: migrated from v${from} to v${to} (${applied.join('; ')})` : `PostgreSQL ${shown}: schema v${to}`,
  );
  await contentPasses(store, config, dictionary, early);
  const app = await buildServer({ database: store, config, dictionary, health: () => store.check() });
  return {
    app,
    closeStores: async () => {
      dictionary.close();
      await store.close();
    },
  };
}

/** The SQLite file at DATABASE_PATH (the default): watched, with read workers for searches. */
async function serveSqlite(config: ServerConfig, dictionary: Dictionary, early: Log): Promise<Served> {
  let sqlite: SqliteArticleStore | undefined;
  let openError: unknown;
  try {
    sqlite = openSqliteStore(config.databasePath);
  } catch (error) {
    openError = error;
  }
  if (!sqlite) {
    // Keep serving: /api/health reports 503, pages still load, operators see why in the log.
    early('error', `database ${config.databasePath} cannot be opened: ${String(openError)}`);
  } else {
    const { from, to, applied } = sqlite.migration;
    early(
      'info',
      applied.length
        ? `database ${config.databasePath}: migrated from v${from} to v${to} (${applied.join('; ')})`
        : `database ${config.databasePath}: schema v${to}`,
    );
    await contentPasses(sqliteDatabase(sqlite), config, dictionary, early);
  }

  // Searches run on worker threads with their own connections; lists, articles (bounded by
  // their indexes), writes, health checks and page heads use the watched store on this thread.
  const pool =
    sqlite && config.readWorkers > 0
      ? new ReadPool({
          databasePath: config.databasePath,
          size: config.readWorkers,
          maxQueue: config.readQueueMax,
          timeoutMs: config.readTimeoutMs,
        })
      : undefined;
  const watched = new WatchedStore(config.databasePath, sqlite, () => void pool?.reopen());
  const store: ArticleStore = watched;
  const inline = inlineReader(() => watched);
  const app = await buildServer({ store, config, dictionary, reader: pool ? splitReader(inline, pool) : inline });
  // The file is checked even when nobody probes /api/health, so a replaced database is picked up.
  const watch = setInterval(() => {
    const health = watched.check();
    if (health.status !== 'ok') app.log.error(`database ${health.status}: ${health.problem ?? 'unknown problem'}`);
  }, 5000);
  watch.unref();
  const closeStores = async () => {
    clearInterval(watch);
    store.close();
    dictionary.close();
    await pool?.close();
  };

  return { app, closeStores };
}

async function main(): Promise<void> {
  let config: ServerConfig;
  try {
    config = configFromEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }

  // A damaged dictionary file is a broken release, not a condition to serve through: stop and say which file.
  let dictionary: Dictionary;
  try {
    const opened = openDictionary({ path: config.dictionaryPath, dataDir: config.dictionaryDataDir });
    dictionary = opened.dictionary;
    const { built, millis, headwords, path } = opened.report;
    console.log(
      built
        ? `dictionary: built ${path} from the bundled data (${headwords.toLocaleString('en-US')} words) in ${(millis / 1000).toFixed(1)} s`
        : `dictionary: ${path} is up to date (${millis} ms)`,
    );
  } catch (error) {
    if (error instanceof DictionaryDataError) {
      console.error(
        `The server could not start: the bundled dictionary is damaged.\n${error.message}\nRestore the file from git (git checkout -- server/dictionary/data) or rebuild it with npm run build:dictionary.`,
      );
      process.exit(1);
    }
    throw error;
  }

  // Start-up work that holds the thread (migration report, sample corpus, the dictionary pass) runs
  // before the server exists, so load shedding never mistakes it for an overloaded event loop.
  const startupLog: Array<['info' | 'warn' | 'error', string]> = [];
  const early: Log = (level, msg) => void startupLog.push([level, msg]);
  const { app, closeStores } = config.databaseUrl
    ? await servePostgres(config.databaseUrl, config, dictionary, early)
    : await serveSqlite(config, dictionary, early);
  const log: Log = (level, msg) => app.log[level](msg);
  for (const [level, msg] of startupLog) log(level, msg);

  await ensureWebBuild(config, log);

  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log('info', `${signal} received: finishing in-flight requests, then closing the database`);
    const force = setTimeout(() => {
      log('error', `shutdown took longer than ${config.shutdownTimeoutMs} ms; exiting anyway`);
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    // A keep-alive connection whose response was still streaming when close() began turns idle
    // only afterwards, and Node would hold it open until its keep-alive timeout; close those as they free up.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    // The force timer above bounds all of it: a database that never answers the goodbye cannot hold the exit.
    void (async () => {
      let clean = true;
      try {
        await app.close();
      } catch (error) {
        clean = false;
        log('error', `error while closing: ${String(error)}`);
      }
      try {
        await closeStores();
      } catch (error) {
        clean = false;
        log('error', `error while closing the database: ${String(error)}`);
      }
      if (clean) log('info', 'closed cleanly');
      process.exit(clean ? 0 : 1);
    })();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${shownHost === '0.0.0.0' ? 'localhost' : shownHost}:${port}/`;
  log('info', `NewsReader English is ready: open ${url} in a browser (API health: ${url}api/health)`);
  console.log(`\nNewsReader English is ready at ${url}\n`);
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
