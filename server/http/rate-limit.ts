/**
 * A per-client fixed-window rate limit for /api/*, kept in memory (one process serves the
 * site). Over the limit: 429 with Retry-After, in the API's error shape.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error';

export interface RateLimitOptions {
  /** Requests per window per client; 0 switches the limit off. */
  readonly max: number;
  readonly windowMs: number;
  /** Paths that never count (health checks). */
  readonly exempt?: readonly string[];
  readonly now?: () => number;
}

interface Window {
  count: number;
  resetAt: number;
}

export function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): void {
  if (options.max <= 0) return;
  const now = options.now ?? Date.now;
  const windows = new Map<string, Window>();
  let nextSweep = now() + options.windowMs;
  const exempt = new Set(options.exempt ?? []);

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0]!;
    if (!path.startsWith('/api/') || exempt.has(path)) return;
    const time = now();
    if (time >= nextSweep) {
      // Forget finished windows so the map cannot grow with every client ever seen.
      for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key);
      nextSweep = time + options.windowMs;
    }
    let window = windows.get(request.ip);
    if (!window || window.resetAt <= time) {
      window = { count: 0, resetAt: time + options.windowMs };
      windows.set(request.ip, window);
    }
    window.count += 1;
    const remaining = Math.max(0, options.max - window.count);
    const resetSeconds = Math.max(1, Math.ceil((window.resetAt - time) / 1000));
    reply.header('x-ratelimit-limit', options.max);
    reply.header('x-ratelimit-remaining', remaining);
    reply.header('x-ratelimit-reset', resetSeconds);
    if (window.count > options.max) {
      reply.header('retry-after', resetSeconds);
      throw new ApiError(429, 'rate_limited', 'Too many requests. Please wait a moment and try again.');
    }
  });
}
