/**
 * ETags for pages, as the API has them (http/json-reply.ts): a hash of the exact HTML, and a 304
 * without a body when If-None-Match names it. A hook rather than a step of the page route, so
 * every HTML answer gets it however it was made. Only complete bodies are hashed (a string or a
 * Buffer); a streamed answer goes out without an ETag.
 */
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { etagOf, ifNoneMatchMatches } from '../http/json-reply';

const htmlEtagsPlugin: FastifyPluginCallback = (app, _options, done) => {
  app.addHook('onSend', (request, reply, payload, next) => {
    const type = String(reply.getHeader('content-type') ?? '');
    const complete = typeof payload === 'string' || Buffer.isBuffer(payload);
    if (reply.statusCode !== 200 || !type.startsWith('text/html') || !complete) {
      next(null, payload);
      return;
    }
    // A page kept by the page cache comes with the ETag computed when it was kept.
    const known = reply.getHeader('etag');
    const etag = typeof known === 'string' ? known : etagOf(typeof payload === 'string' ? payload : payload.toString('utf8'));
    reply.header('etag', etag);
    if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) {
      reply.code(304).removeHeader('content-length');
      next(null, '');
      return;
    }
    next(null, payload);
  });
  done();
};

export const htmlEtags = fp(htmlEtagsPlugin, { fastify: '5.x', name: 'html-etags' });
