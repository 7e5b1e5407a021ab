/**
 * A per-client fixed-window rate limit for /api/* (@fastify/rate-limit, kept in memory: one
 * process serves the site). The decision uses the route the router matched, never the raw
 * request line, so `/%61pi/...` or an absolute-form target (`GET http://host/api/...`) count
 * like `/api/...`. Over the limit: 429 with Retry-After, in the API's error shape.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';

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

export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  if (options.max <= 0) return;
  const exempt = new Set(options.exempt ?? []);
  await app.register(fastifyRateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.windowMs,
    allowList: (request: FastifyRequest) => !isLimitedRoute(routeOf(request), exempt),
    errorResponseBuilder: () => new ApiError(429, 'rate_limited', 'Too many requests. Please wait a moment and try again.'),
  });
}

/** The matched route pattern; for unknown paths (the not-found handler), the normalised path. */
function routeOf(request: FastifyRequest): string | undefined {
  return request.routeOptions.url ?? normalisedPath(request.url);
}

/** Drops an absolute-form origin and the query, and decodes the path as the router would. */
export function normalisedPath(url: string): string {
  const withoutOrigin = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const path = withoutOrigin.split(/[?#]/, 1)[0] || '/';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
