/**
 * Builds the Fastify server: security headers, rate limit, compression, the JSON API, the
 * built web app's files and every page path answered with its index.html. main.ts listens
 * on it; tests call buildServer() and use inject().
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { constants as zlib } from 'node:zlib';
import type { ServerConfig } from './config';
import fastifyUnderPressure from '@fastify/under-pressure';
import { ApiError, errorBody, type ApiErrorCode } from './http/api-error';
import { clientErrorHandler, sendBadUrl } from './http/early-errors';
import { loggerOptions } from './http/logging';
import { IndexTemplate } from './http/html-shell';
import { normalisedPath, registerRateLimit } from './http/rate-limit';
import { securityHeaders } from './http/security-headers';
import type { Dictionary } from './dictionary/types';
import { registerApiRoutes } from './routes/api-routes';
import { registerDictionaryRoutes } from './routes/dictionary-routes';
import { createPageRenderer } from './routes/page-routes';
import { StoreUnavailableError } from './store/errors';
import { ReadOverloadError } from './store/read-pool';
import { inlineReader, type ArticleReader } from './store/reader';
import { SqliteArticleStore } from './store/sqlite-store';
import type { ArticleStore } from './store/types';
import { WatchedStore, type DatabaseHealth } from './store/watched-store';

export interface BuildServerOptions {
  readonly store: ArticleStore;
  readonly config: ServerConfig;
  /** The bundled dictionary: word look-up, and vocabulary forms in rendered articles. */
  readonly dictionary?: Dictionary;
  /** Fastify's logger option; defaults to one at config.logLevel (off when "silent"). */
  readonly logger?: FastifyServerOptions['logger'];
  /** The API's reads; defaults to reading `store` on the event loop. main.ts passes a worker pool. */
  readonly reader?: ArticleReader;
  /** The health check; defaults to WatchedStore.check() or a count through `store`. */
  readonly health?: () => DatabaseHealth;
}

function defaultHealth(store: ArticleStore): () => DatabaseHealth {
  if (store instanceof WatchedStore) return () => store.check();
  return () => {
    try {
      return { status: 'ok', articleCount: store.count() };
    } catch (error) {
      return { status: 'unavailable', articleCount: null, problem: error instanceof Error ? error.message : String(error) };
    }
  };
}

function sendError(reply: FastifyReply, status: number, code: ApiErrorCode, message: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(errorBody(code, message)));
}

/** Source maps and dot files stay in dist/ for debugging and the build, but are not public. */
export function isPublicFile(pathName: string): boolean {
  if (pathName === '/index.html' || isApiPath(pathName)) return false;
  if (/\.map$/i.test(pathName)) return false;
  return !pathName.split('/').some((segment) => segment.startsWith('.'));
}

const ONE_YEAR_SECONDS = 31_536_000;

function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** A missing file must not come back as the app's HTML (a broken script tag would then parse HTML). */
function looksLikeFile(pathname: string): boolean {
  if (pathname.startsWith('/assets/')) return true;
  const segments = pathname.split('/').filter(Boolean);
  return segments.length === 1 && /\.[A-Za-z0-9]{1,8}$/.test(segments[0]!);
}

export async function buildServer({ store, config, logger, dictionary, reader, health }: BuildServerOptions): Promise<FastifyInstance> {
  const headers = securityHeaders(config.analytics, config.publicUrl.startsWith('https:'));
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    // Long enough for a 64-letter word percent-encoded (up to 9 bytes a letter), so it gets a clear 400.
    routerOptions: { maxParamLength: 600 },
    bodyLimit: 16 * 1024,
    return503OnClosing: true,
    clientErrorHandler: clientErrorHandler(headers),
    frameworkErrors(error, request, reply) {
      request.log.info({ err: error, url: request.url }, 'refused an undecodable URL');
      sendBadUrl(reply as unknown as FastifyReply, headers);
    },
  });

  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });

  await registerRateLimit(app, {
    max: config.rateLimitMax,
    windowMs: config.rateLimitWindowMs,
    exempt: ['/api/health'],
  });

  if (config.maxEventLoopDelayMs > 0) {
    await app.register(fastifyUnderPressure, {
      maxEventLoopDelay: config.maxEventLoopDelayMs,
      retryAfter: 2,
      // Health probes are never shed: they must report what is going on.
      pressureHandler: async (request, reply) => {
        if (normalisedPath(request.url) === '/api/health') return;
        void reply.header('retry-after', 2);
        throw new ApiError(503, 'overloaded', 'The server is overloaded. Please try again in a moment.');
      },
    });
  }

  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).type('application/json; charset=utf-8').send(JSON.stringify(error.toBody()));
    }
    if (error instanceof StoreUnavailableError) {
      request.log.error({ err: error }, 'the database cannot be read');
      return reply
        .code(503)
        .header('retry-after', 30)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(errorBody('database_unavailable', 'The article database is unavailable. Please try again later.')));
    }
    if (error instanceof ReadOverloadError) {
      request.log.warn({ err: error }, 'shed a read');
      return sendError(reply.header('retry-after', 2), 503, 'overloaded', error.message);
    }
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const message = error instanceof Error ? error.message : 'Bad request';
      const code: ApiErrorCode = status === 415 ? 'unsupported_media_type' : status === 413 ? 'payload_too_large' : 'bad_request';
      return sendError(reply, status, code, message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(500)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(errorBody('internal_error', 'Something went wrong on our side. Please try again later.')));
  });

  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    // Brotli's default quality (11) is far too slow for per-request compression.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  // The answer cache needs the database's data version; stores without one (tests' fakes) go uncached.
  const versioned = store instanceof WatchedStore || store instanceof SqliteArticleStore ? store : undefined;
  registerApiRoutes(app, {
    reader: reader ?? inlineReader(() => store),
    health: health ?? defaultHealth(store),
    ...(dictionary ? { forms: dictionary } : {}),
    ...(versioned
      ? {
          dataVersion: () => versioned.dataVersion(),
          saveRendered: (id, hash, language, html) => versioned.saveRenderedHtml(id, hash, language, html),
          answerCacheEntries: config.answerCacheEntries,
        }
      : {}),
  });
  if (dictionary) registerDictionaryRoutes(app, dictionary);

  // main.ts may build the app only after the server exists, so the folder is made now and
  // filled later; until index.html appears, page paths answer 503.
  mkdirSync(config.distDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.distDir,
    prefix: '/',
    wildcard: true,
    index: false,
    cacheControl: false,
    // index.html is only ever served through the page renderer, with its head filled in.
    allowedPath: (pathName) => isPublicFile(pathName),
    setHeaders(res, filePath) {
      const relative = filePath.slice(config.distDir.length).replaceAll('\\', '/');
      res.setHeader(
        'cache-control',
        relative.startsWith('/assets/') ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'public, max-age=3600',
      );
    },
  });

  const renderPage = createPageRenderer({
    store,
    template: new IndexTemplate(join(config.distDir, 'index.html')),
    publicUrl: config.publicUrl,
  });

  // "/" is the dist directory itself to @fastify/static (which refuses directories), so it gets its own route.
  app.get('/', (request, reply) => renderPage(request, reply, '/'));

  // Unknown API paths count against the rate limit like known ones.
  const notFoundOptions = app.hasDecorator('rateLimit') ? { preHandler: app.rateLimit() } : {};
  app.setNotFoundHandler(notFoundOptions, (request, reply) => {
    // Absolute-form targets (GET http://host/api/x) and encoded spellings (/%61pi/x) are still API paths.
    const pathname = pathOf(request.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '') || '/');
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(normalisedPath(request.url)) || !isRead) {
      const body = errorBody(
        'not_found',
        isApiPath(pathname)
          ? `There is no API endpoint ${request.method} ${pathname.slice(0, 200)}`
          : `Nothing answers ${request.method} here`,
      );
      return reply.code(404).type('application/json; charset=utf-8').send(JSON.stringify(body));
    }
    if (looksLikeFile(pathname)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return renderPage(request, reply, pathname);
  });

  return app;
}
