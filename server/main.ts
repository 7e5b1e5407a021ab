/**
 * `npm start`: build the web app if needed, open and migrate the database, load the sample
 * corpus, serve site and API on one port, and shut down cleanly on SIGTERM/SIGINT.
 */
import type { FastifyInstance } from 'fastify';
import { buildServer } from './app';
import { ConfigError, PROJECT_ROOT, configFromEnv, type ServerConfig } from './config';
import type { Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { readingHelpPass, renderedPagesPass } from './content/batched-passes';
import { ContentPasses, type Traffic } from './content/content-passes';
import { schemaFillPass } from './content/schema-fill-pass';
import { fallbackRenderer } from './answers/article-answers';
import { pageViewsPass, viewStamp } from './pages/page-views';
import { ServerEntry } from './pages/server-entry';
import { ViewThread } from './pages/view-thread';
import { RenderThread } from './content/render-thread';
import { articleRenderer } from './content/stored-pages';
import { createLogger } from './http/logging';
import { loadCorpus } from './corpus/load-corpus';
import { openDictionary } from './dictionary/open-dictionary';
import { DictionaryDataError, type Dictionary } from './dictionary/dictionary-types';
import { needsBuild, runViteBuild } from './build/web-build';
import { openStore } from './open-store';
import type { ArticleStore } from './store/article-store';

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

/**
 * What runs before the server listens is bounded by the sample corpus, never by the database: the corpus load
 * (32 files; an unchanged article writes nothing). The passes over every stored article (dictionary glosses,
 * pages of this renderer) are returned to run in the background once the server listens (content-passes.ts).
 */
async function prepareContent(
  database: ArticleStore,
  config: ServerConfig,
  dictionary: Dictionary,
  logger: Logger,
): Promise<ContentPasses> {
  // Every write from here on stores the article's rendered pages with it, filed under this renderer's version.
  const renderer = articleRenderer(dictionary);
  database.setRenderer(renderer);
  if (config.loadCorpus) {
    const result = await loadCorpus(database, config.corpusDir, dictionary);
    logger.info(
      { imported: result.imported, updated: result.updated, unchanged: result.unchanged, articles: await database.count() },
      `sample corpus: ${result.imported} imported, ${result.updated} updated, ${result.unchanged} unchanged; ${await database.count()} articles in the database`,
    );
    for (const problem of result.errors) logger.warn({ file: problem.file }, `sample corpus: skipped ${problem.file}: ${problem.message}`);
  }
  // Pages are rendered on a thread of their own, so the pass's CPU work never holds the event loop.
  const thread = new RenderThread({ dictionaryPath: config.dictionaryPath, dataDir: config.dictionaryDataDir });
  // The server build the pages plugin loads too (the same module: Node imports one URL once), for the views pass.
  const pageEntry = new ServerEntry(config.distDir, logger);
  const views = new ViewThread((reason) =>
    logger.warn(
      { contentPass: 'page-views' },
      `content pass page-views: the view thread is not used (${reason}); rendering on the event loop`,
    ),
  );
  return new ContentPasses(
    database,
    [
      // First: a schema upgrade's fill (SQLite v10's search keys) gives back what it holds (search) soonest.
      ...(database.schemaFills?.() ?? []).map((fill) => schemaFillPass(database, fill)),
      readingHelpPass(database, dictionary),
      renderedPagesPass(database, renderer, thread, (reason) =>
        logger.warn(
          { contentPass: 'rendered-pages' },
          `content pass rendered-pages: the render thread is not used (${reason}); rendering on the event loop`,
        ),
      ),
      // Last: an article page's view embeds what the passes above write (its glosses and stored body).
      pageViewsPass({
        store: database,
        reader: database,
        answers: {
          render: fallbackRenderer(dictionary),
          saveRendered: (id, hash, language, html) => void database.saveRenderedHtml(id, hash, language, html).catch(() => undefined),
        },
        // The views render on a thread of their own: the pass renders every article in every offered language.
        build: async () => {
          const built = await pageEntry.build();
          return built && { id: built.id, render: views.renderer(pageEntry.path, built.id, built.render) };
        },
        buildId: () => pageEntry.fileId(),
        origin: config.publicUrl,
        stamp: viewStamp(dictionary.version),
        log: logger,
      }),
    ],
    logger,
    {
      batchMs: config.passBatchMs,
    },
  );
}

interface Served {
  readonly app: FastifyInstance;
  /** The passes over stored content, started once the server listens (none when the database could not be opened). */
  readonly passes: ContentPasses | undefined;
  /** Resolves once the database connections are closed (a PostgreSQL pool ends its sessions). */
  readonly closeStores: () => Promise<void>;
}

/** One way on either database: open the store behind the seam, prepare its content, build the server. */
async function serve(config: ServerConfig, dictionary: Dictionary, logger: Logger): Promise<Served> {
  const { store, usable, watch } = await openStore(config, logger);
  const passes = usable ? await prepareContent(store, config, dictionary, logger) : undefined;
  const app = await buildServer({
    store,
    config,
    dictionary,
    loggerInstance: logger,
    ...(passes ? { passes: () => passes.status() } : {}),
  });
  const stopWatching = watch((message) => app.log.error(message));
  const closeStores = async () => {
    stopWatching();
    await store.close();
    dictionary.close();
  };
  return { app, passes, closeStores };
}

/** Requests the server has begun, and those not yet answered: the content passes let these go first. */
function trafficCounter(server: Server): () => Traffic {
  let begun = 0;
  let inFlight = 0;
  server.on('request', (_request, response: ServerResponse) => {
    begun += 1;
    inFlight += 1;
    let counted = true;
    const done = () => {
      if (counted) inFlight -= 1;
      counted = false;
    };
    response.once('finish', done);
    response.once('close', done);
  });
  return () => ({ begun, inFlight });
}

async function main(): Promise<void> {
  let config: ServerConfig;
  try {
    config = configFromEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      createLogger('info', 'server').fatal(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel, 'server');
  startupLogger = logger;

  // A damaged dictionary file is a broken release, not a condition to serve through: stop and say which file.
  let dictionary: Dictionary;
  try {
    const opened = openDictionary({ path: config.dictionaryPath, dataDir: config.dictionaryDataDir });
    dictionary = opened.dictionary;
    const { built, millis, headwords, path } = opened.report;
    logger.info(
      { dictionary: path, built, millis, headwords },
      built
        ? `dictionary: built ${path} from the bundled data (${headwords.toLocaleString('en-US')} words) in ${(millis / 1000).toFixed(1)} s`
        : `dictionary: ${path} is up to date (${millis} ms)`,
    );
  } catch (error) {
    if (error instanceof DictionaryDataError) {
      logger.fatal(
        `The server could not start: the bundled dictionary is damaged.\n${error.message}\nRestore the file from git (git checkout -- server/dictionary/data) or rebuild it with npm run build:dictionary.`,
      );
      process.exit(1);
    }
    throw error;
  }

  // What holds the thread before the server exists (migration, the sample corpus) is bounded by the corpus, not
  // the database; load shedding never sees it. The passes over stored articles start once the server listens.
  const { app, passes, closeStores } = await serve(config, dictionary, logger);
  const log: Log = (level, msg) => app.log[level](msg);

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
        // The batch in hand finishes and its progress is recorded; the next start resumes after it.
        await passes?.stop();
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

  const traffic = trafficCounter(app.server);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${shownHost === '0.0.0.0' ? 'localhost' : shownHost}:${port}/`;
  // Always said, whatever LOG_LEVEL (as the plain banner it replaces was): operators and scripts wait for it.
  logger.child({}, { level: 'info' }).info({ url }, `NewsReader English is ready at ${url} (API health: ${url}api/health)`);
  passes?.setTraffic(traffic);
  void passes?.start();
}

/** The logger once the configuration is read; a start that fails before then logs at info. */
let startupLogger: Logger | undefined;

main().catch((error: unknown) => {
  (startupLogger ?? createLogger('info', 'server')).fatal({ err: error }, 'The server could not start');
  process.exit(1);
});
