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
import { ApiError, errorBody } from './http/api-error';
import { IndexTemplate } from './http/html-shell';
import { registerRateLimit } from './http/rate-limit';
import { securityHeaders } from './http/security-headers';
import type { Dictionary } from './dictionary/types';
import { registerApiRoutes } from './routes/api-routes';
import { registerDictionaryRoutes } from './routes/dictionary-routes';
import { createPageRenderer } from './routes/page-routes';
import { StoreUnavailableError } from './store/errors';
import type { ArticleStore } from './store/types';

export interface BuildServerOptions {
  readonly store: ArticleStore;
  readonly config: ServerConfig;
  /** The bundled dictionary: word look-up, and vocabulary forms in rendered articles. */
  readonly dictionary?: Dictionary;
  /** Fastify's logger option; defaults to one at config.logLevel (off when "silent"). */
  readonly logger?: FastifyServerOptions['logger'];
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

export async function buildServer({ store, config, logger, dictionary }: BuildServerOptions): Promise<FastifyInstance> {
  const headers = securityHeaders(config.analytics, config.publicUrl.startsWith('https:'));
  const app = Fastify({
    logger: logger ?? (config.logLevel === 'silent' ? false : { level: config.logLevel }),
    trustProxy: config.trustProxy,
    // Long enough for a 64-letter word percent-encoded (up to 9 bytes a letter), so it gets a clear 400.
    routerOptions: { maxParamLength: 600 },
    bodyLimit: 16 * 1024,
    return503OnClosing: true,
    frameworkErrors(error, request, reply) {
      // Bad percent-encoding or invalid UTF-8 in the path: the router cannot even decode it.
      request.log.info({ err: error, url: request.url }, 'refused an undecodable URL');
      void (reply as unknown as FastifyReply)
        .headers(headers)
        .code(400)
        .type('application/json; charset=utf-8')
        .send(
          JSON.stringify(
            errorBody('bad_request', 'The address is not valid: it has bad percent-encoding or invalid UTF-8.'),
          ),
        );
    },
  });

  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });

  registerRateLimit(app, {
    max: config.rateLimitMax,
    windowMs: config.rateLimitWindowMs,
    exempt: ['/api/health'],
  });

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
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const message = error instanceof Error ? error.message : 'Bad request';
      return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(errorBody('bad_request', message)));
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

  registerApiRoutes(app, store, dictionary);
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
    allowedPath: (pathName) => pathName !== '/index.html' && !isApiPath(pathName),
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

  app.setNotFoundHandler((request, reply) => {
    const pathname = pathOf(request.url);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(pathname) || !isRead) {
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
