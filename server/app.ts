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
import type { Dictionary } from './dictionary/dictionary-types';
import { earlyErrors } from './http/early-errors';
import type { ModuleLoader } from './pages/server-entry';
import { loggerOptions } from './http/logging';
import { securityHeaders as securityHeaderList } from './http/header-policy';
import { errors } from './plugins/error-handler';
import { htmlEtags } from './plugins/html-etags';
import { loadShedding } from './plugins/load-shedding';
import { pages } from './pages/page-plugin';
import { rateLimit } from './plugins/rate-limit';
import { securityHeaders } from './plugins/security-headers';
import { staticFiles } from './plugins/static-files';
import { apiRoutes, type ApiOptions } from './routes/api-routes';
import { fallbackRenderer } from './answers/article-answers';
import { exercisesAnswer } from './answers/exercise-answers';
import { rankedListCheck } from './answers/rank-hashes-answer';
import { exerciseLexicon } from './exercises/lexicon';
import type { LanguageCode } from '../common/languages';
import type { ArticleStore } from './store/article-store';
import { viewStamp } from './pages/page-views';

export interface BuildServerOptions {
  /** The articles: either store behind the seam (store/sqlite/sqlite-seam.ts, store/postgres/postgres-store.ts). */
  readonly store: ArticleStore;
  readonly config: ServerConfig;
  /** The bundled dictionary: word look-up, and vocabulary forms in rendered articles. */
  readonly dictionary?: Dictionary;
  /** Fastify's logger option; defaults to one at config.logLevel (off when "silent"). */
  readonly logger?: FastifyServerOptions['logger'];
  /** A logger the process already has (main.ts: one for every line it prints); wins over `logger`. */
  readonly loggerInstance?: FastifyBaseLogger;
  /** The background content passes, reported by /api/health. */
  readonly passes?: () => PassesStatus;
  /** How the built server-rendering module is imported; Node's import() when absent (tests hand in their own). */
  readonly loadServerEntry?: ModuleLoader;
}

/** What the API needs from the store. */
function apiOptions({ store, config, dictionary, passes }: BuildServerOptions): ApiOptions {
  return {
    reader: store,
    health: () => store.check(),
    ...(dictionary ? { dictionary } : {}),
    dataVersion: () => store.dataVersion(),
    // Best effort: a page that could not be stored is rendered again on the next read.
    saveRendered: (id, hash, language, html) => void store.saveRenderedHtml(id, hash, language, html).catch(() => undefined),
    answerCacheEntries: config.answerCacheEntries,
    ...(passes ? { passes } : {}),
    ...(store.schemaFills ? { schemaFills: () => store.schemaFills!() } : {}),
    dictionaryDataDir: config.dictionaryDataDir,
  };
}

export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const { config, logger } = options;
  const { store } = options;
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
    answers: {
      render: fallbackRenderer(options.dictionary),
      // Home and list pages name the cards' frequency list (decision 50): a learner's page asks for its table early.
      ...(options.dictionary ? { rankedCheck: rankedListCheck(options.dictionary) } : {}),
      ...(api.saveRendered ? { saveRendered: api.saveRendered } : {}),
      // The practice page embeds the set GET /api/articles/{id}/exercises answers (the same generator and lexicon; served with a dictionary).
      ...(options.dictionary
        ? {
            exercises: (id: string, language: LanguageCode) =>
              exercisesAnswer(store, exerciseLexicon(config.dictionaryDataDir), id, language),
          }
        : {}),
    },
    ...(api.dataVersion ? { dataVersion: api.dataVersion, cacheEntries: Math.min(api.answerCacheEntries ?? 0, 500) } : {}),
    // Article pages rendered ahead (pages/page-views.ts), read and refreshed through the store.
    views: store,
    viewStamp: viewStamp(options.dictionary?.version),
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
