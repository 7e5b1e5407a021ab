/**
 * Serialised answers for the routes of the plugin that registers this one (http/answer-cache.ts):
 * `reply.sendAnswer(key, compute)` sends the answer kept for `key` at the current data version,
 * or computes it, serialises it with the route's response schema and keeps it. Either way the
 * body goes out as prepared text with its ETag (304 when the client has it), so a repeated query
 * costs a map look-up. Wrapped with fastify-plugin so the decorator lands in the registering
 * routes' context; each routes plugin that registers it gets its own cache.
 */
import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AnswerCache } from '../http/prepared-answers';
import { REVALIDATE, sendPrepared, serialised } from '../http/json-reply';

declare module 'fastify' {
  interface FastifyReply {
    /** The kept answer for `key`, or `compute()`'s, filed under the data version read before it ran; `cacheControl` overrides the plugin's. */
    sendAnswer(key: string, compute: () => unknown, cacheControl?: string): Promise<FastifyReply>;
  }
}

export interface AnswerCacheOptions {
  /** Answers kept; 0 keeps none (every answer is still sent as prepared text). */
  readonly entries: number;
  /** Characters kept at most (the JSON texts' lengths). */
  readonly maxChars?: number;
  /** The data version answers are kept for; a new version drops every kept answer. */
  readonly version: () => number;
  readonly cacheControl?: string;
}

const answerCachePlugin: FastifyPluginCallback<AnswerCacheOptions> = (app, options, done) => {
  const cache = new AnswerCache(options.entries, options.maxChars);
  const defaultCacheControl = options.cacheControl ?? REVALIDATE;
  app.decorateReply(
    'sendAnswer',
    async function sendAnswer(this: FastifyReply, key: string, compute: () => unknown, cacheControl = defaultCacheControl) {
      const version = options.version();
      const hit = cache.get(key, version);
      if (hit) return sendPrepared(this.request, this, hit, cacheControl);
      const answer = cache.put(key, version, await compute(), (body) => serialised(this, body));
      return sendPrepared(this.request, this, answer, cacheControl);
    },
  );
  done();
};

export const answerCache = fp(answerCachePlugin, { fastify: '5.x', name: 'answer-cache' });
