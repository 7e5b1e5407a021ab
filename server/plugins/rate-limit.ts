/**
 * A per-client fixed-window rate limit for /api/* (@fastify/rate-limit, kept in memory: one
 * process serves the site). The decision uses the route the router matched, never the raw
 * request line, so `/%61pi/...` or an absolute-form target (`GET http://host/api/...`) count
 * like `/api/...`. Over the limit: 429 with Retry-After, in the API's error shape. Not
 * encapsulated: the limit applies to every route registered after it, and pages.ts's not-found
 * handler uses its `rateLimit()` decorator.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http/api-error';
import { normalisedPath } from '../http/paths';

export interface RateLimitOptions {
  /** Requests per window per client; 0 switches the limit off. */
  readonly max: number;
  readonly windowMs: number;
  /** Route patterns that never count (health checks). */
  readonly exempt?: readonly string[];
}

export function isLimitedRoute(route: string | undefined, exempt: ReadonlySet<string>): boolean {
  return route !== undefined && route.startsWith('/api/') && !exempt.has(route);
}

/** The matched route pattern; for unknown paths (the not-found handler), the normalised path. */
function routeOf(request: FastifyRequest): string | undefined {
  return request.routeOptions.url ?? normalisedPath(request.url);
}

const rateLimitPlugin: FastifyPluginAsync<RateLimitOptions> = async (app, options) => {
  if (options.max <= 0) return;
  const exempt = new Set(options.exempt ?? []);
  await app.register(fastifyRateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.windowMs,
    allowList: (request: FastifyRequest) => !isLimitedRoute(routeOf(request), exempt),
    errorResponseBuilder: () => new ApiError(429, 'rate_limited', 'Too many requests. Please wait a moment and try again.'),
  });
};

export const rateLimit = fp(rateLimitPlugin, { fastify: '5.x', name: 'rate-limit' });
