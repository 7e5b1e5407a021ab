/**
 * Sheds requests with 503 `overloaded` + Retry-After while the event loop lags more than
 * `maxEventLoopDelayMs` (@fastify/under-pressure); 0 turns it off. Health probes are never shed:
 * they must report what is going on. Nor are the build's hashed files (/assets/*): they cost a file
 * read, and a page whose route module was refused a moment ago stays broken until it is reloaded
 * (a failed dynamic import is not retried by the browser), which sheds nothing. (Reads waiting too long for a worker are shed by the read
 * pool; error-handler.ts answers those.)
 */
import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http/api-error';
import { normalisedPath } from '../http/paths';

export interface LoadSheddingOptions {
  readonly maxEventLoopDelayMs: number;
}

const RETRY_AFTER_SECONDS = 2;

const loadSheddingPlugin: FastifyPluginAsync<LoadSheddingOptions> = async (app, { maxEventLoopDelayMs }) => {
  if (maxEventLoopDelayMs <= 0) return;
  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    retryAfter: RETRY_AFTER_SECONDS,
    pressureHandler: async (request, reply) => {
      const path = normalisedPath(request.url);
      if (path === '/api/health' || path.startsWith('/assets/')) return;
      void reply.header('retry-after', RETRY_AFTER_SECONDS);
      throw new ApiError(503, 'overloaded', 'The server is overloaded. Please try again in a moment.');
    },
  });
};

export const loadShedding = fp(loadSheddingPlugin, { fastify: '5.x', name: 'load-shedding' });
