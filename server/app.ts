/**
 * Builds the Fastify server as a list of plugins: security headers, rate limit, load shedding,
 * the error handler, compression, the JSON API under /api, the built web app's files and every
 * page path answered with its index.html. main.ts listens on it; tests call buildServer() and
 * use inject(). Order matters: hooks and the error handler apply to what is registered after them.
 */
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { constants as zlib } from 'node:zlib';
import type { ServerConfig } from './config';
import type { PassesStatus } from './content/content-passes';
import type { Dictionary } from './dictionary/types';
import { earlyErrors } from './http/early-errors';
import type { ModuleLoader } from './http/server-entry';
import { loggerOptions } from './http/logging';
import { securityHeaders as securityHeaderList } from './http/security-headers';
import { errors } from './plugins/errors';
import { htmlEtags } from './plugins/html-etags';
import { loadShedding } from './plugins/load-shedding';
import { pages } from './plugins/pages';
import { rateLimit } from './plugins/rate-limit';
import { securityHeaders } from './plugins/security-headers';
import { staticFiles } from './plugins/static-files';
import { apiRoutes, type ApiOptions } from './routes/api-routes';
import { fallbackRenderer } from './routes/article-routes';
import type { ArticleDatabase } from './store/article-database';
import { databaseReader, inlineReader, type ArticleReader } from './store/reader';
import { SqliteArticleStore } from './store/sqlite-store';
import type { ArticleStore } from './store/types';
import { WatchedStore, type DatabaseHealth } from './store/watched-store';

export interface BuildServerOptions {
  /** The synchronous SQLite store (main.ts without DATABASE_URL, and most tests); or else `database`. */
  readonly store?: ArticleStore;
  /** Any store through the asynchronous interface (PostgreSQL); used when `store` is absent. */
  readonly database?: ArticleDatabase;
  readonly config: ServerConfig;
  /** The bundled dictionary: word look-up, and vocabulary forms in rendered articles. */
  readonly dictionary?: Dictionary;
  /** Fastify's logger option; defaults to one at config.logLevel (off when "silent"). */
  readonly logger?: FastifyServerOptions['logger'];
  /** A logger the process already has (main.ts: one for every line it prints); wins over `logger`. */
  readonly loggerInstance?: FastifyBaseLogger;
  /** The background content passes, reported by /api/health. */
  readonly passes?: () => PassesStatus;
  /** The API's reads; defaults to reading `store` on the event loop. main.ts passes a worker pool. */
  readonly reader?: ArticleReader;
  /** The health check; defaults to WatchedStore.check() or a count through the store. */
  readonly health?: () => DatabaseHealth | Promise<DatabaseHealth>;
  /** How the built server-rendering module is imported; Node's import() when absent (tests hand in their own). */
  readonly loadServerEntry?: ModuleLoader;
}

function defaultHealth(store: ArticleStore | ArticleDatabase): () => DatabaseHealth | Promise<DatabaseHealth> {
  if (store instanceof WatchedStore) return () => store.check();
  return async () => {
    try {
      return { status: 'ok', articleCount: await store.count() };
    } catch (error) {
      return { status: 'unavailable', articleCount: null, problem: error instanceof Error ? error.message : String(error) };
    }
  };
}

/** What the API needs from the store. The answer cache needs the database's data version; stores without one (tests' fakes) go uncached. */
function apiOptions(options: BuildServerOptions): ApiOptions {
  return { ...storeOptions(options), ...(options.passes ? { passes: options.passes } : {}) };
}

function storeOptions({ store, database, config, dictionary, reader, health }: BuildServerOptions): ApiOptions {
  if (!store) {
    if (!database) throw new Error('buildServer needs a store or a database');
    return {
      reader: reader ?? databaseReader(database),
      health: health ?? defaultHealth(database),
      ...(dictionary ? { dictionary } : {}),
      dataVersion: () => database.dataVersion(),
      // Best effort, like SQLite's: a page that could not be stored is rendered again on the next read.
      saveRendered: (id, hash, language, html) => void database.saveRenderedHtml(id, hash, language, html).catch(() => undefined),
      answerCacheEntries: config.answerCacheEntries,
    };
  }
  const versioned = store instanceof WatchedStore || store instanceof SqliteArticleStore ? store : undefined;
  return {
    reader: reader ?? inlineReader(() => store),
    health: health ?? defaultHealth(store),
    ...(dictionary ? { dictionary } : {}),
    ...(versioned
      ? {
          dataVersion: () => versioned.dataVersion(),
          saveRendered: (id, hash, language, html) => versioned.saveRenderedHtml(id, hash, language, html),
          answerCacheEntries: config.answerCacheEntries,
        }
      : {}),
  };
}

export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const { config, logger } = options;
  const store = options.store ?? options.database;
  if (!store) throw new Error('buildServer needs a store or a database');
  const headers = securityHeaderList(config.analytics, config.publicUrl.startsWith('https:'));
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: logger ?? loggerOptions(config.logLevel) }),
    trustProxy: config.trustProxy,
    // Long enough for a 64-letter word percent-encoded (up to 9 bytes a letter), so it gets a clear 400.
    routerOptions: { maxParamLength: 600 },
    bodyLimit: 16 * 1024,
    return503OnClosing: true,
    ...earlyErrors(headers),
  });

  await app.register(securityHeaders, { headers });
  await app.register(rateLimit, { max: config.rateLimitMax, windowMs: config.rateLimitWindowMs, exempt: ['/api/health'] });
  await app.register(loadShedding, { maxEventLoopDelayMs: config.maxEventLoopDelayMs });
  await app.register(errors);
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    // Brotli's default quality (11) is far too slow for per-request compression.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  const api = apiOptions(options);
  await app.register(apiRoutes, { prefix: '/api', ...api });
  await app.register(staticFiles, { distDir: config.distDir });
  await app.register(htmlEtags);
  const rendering = {
    reader: api.reader,
    answers: { render: fallbackRenderer(options.dictionary), ...(api.saveRendered ? { saveRendered: api.saveRendered } : {}) },
    ...(api.dataVersion ? { dataVersion: api.dataVersion, cacheEntries: Math.min(api.answerCacheEntries ?? 0, 500) } : {}),
  };
  await app.register(pages, {
    store,
    distDir: config.distDir,
    publicUrl: config.publicUrl,
    rendering,
    ...(options.loadServerEntry ? { loadServerEntry: options.loadServerEntry } : {}),
  });
  return app;
}
