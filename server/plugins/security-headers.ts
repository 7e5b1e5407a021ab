/**
 * The security headers (http/security-headers.ts) on every answer Fastify sends, errors included.
 * Answers written before a request exists (early-errors.ts) add the same list themselves.
 */
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  readonly headers: Readonly<Record<string, string>>;
}

const securityHeadersPlugin: FastifyPluginCallback<SecurityHeadersOptions> = (app, { headers }, done) => {
  app.addHook('onRequest', (_request, reply, next) => {
    reply.headers(headers);
    next();
  });
  done();
};

export const securityHeaders = fp(securityHeadersPlugin, { fastify: '5.x', name: 'security-headers' });
