/**
 * One error handler for every route: whatever went wrong is answered in the API's one error shape,
 * { error: { code, message, parameter?, allowed? } }. A request that fails its route's schema is a
 * 400 naming the parameter (http/parameter-errors.ts); a database that cannot be read is a 503
 * with Retry-After; a bug is a 500 whose details go to the log only. No error answer is cached. Not encapsulated, so it
 * handles the errors of every route registered after it.
 */
import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, errorBody, type ApiErrorCode } from '../http/api-error';
import { CACHE_POLICY } from '../http/cache-policy';
import { isValidationFailure, parameterError } from '../http/parameter-errors';
import { ReadOverloadError, SearchRebuildingError, StoreUnavailableError } from '../store/store-errors';

/** How long a client is asked to wait while search is rebuilt. */
const SEARCH_REBUILDING_RETRY_SECONDS = 30;

function send(reply: FastifyReply, status: number, code: ApiErrorCode, message: string): FastifyReply {
  return reply.code(status).send(errorBody(code, message));
}

/** Fastify's own 4xx errors (bad media type, body too large, …) keep their status and message. */
function clientErrorCode(status: number): ApiErrorCode {
  return status === 415 ? 'unsupported_media_type' : status === 413 ? 'payload_too_large' : 'bad_request';
}

const errorsPlugin: FastifyPluginCallback = (app, _options, done) => {
  // An error is about this request and this node's state at that moment: no cache keeps it.
  app.addHook('onSend', (_request, reply, payload, next) => {
    if (reply.statusCode >= 400) reply.header('cache-control', CACHE_POLICY.private);
    next(null, payload);
  });
  app.setErrorHandler((error: unknown, request, reply) => {
    if (isValidationFailure(error)) {
      const refused = parameterError(error, request);
      return reply.code(refused.statusCode).send(refused.toBody());
    }
    if (error instanceof ApiError) return reply.code(error.statusCode).send(error.toBody());
    if (error instanceof StoreUnavailableError) {
      request.log.error({ err: error }, 'the database cannot be read');
      reply.header('retry-after', 30);
      return send(reply, 503, 'database_unavailable', 'The article database is unavailable. Please try again later.');
    }
    if (error instanceof SearchRebuildingError) {
      // A schema upgrade's background fill (docs/server.md, start-up): a minute or a few at 100,000 articles.
      return send(reply.header('retry-after', SEARCH_REBUILDING_RETRY_SECONDS), 503, 'search_rebuilding', error.message);
    }
    if (error instanceof ReadOverloadError) {
      request.log.warn({ err: error }, 'shed a read');
      return send(reply.header('retry-after', 2), 503, 'overloaded', error.message);
    }
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return send(reply, status, clientErrorCode(status), error instanceof Error ? error.message : 'Bad request');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'internal_error', 'Something went wrong on our side. Please try again later.');
  });
  done();
};

export const errors = fp(errorsPlugin, { fastify: '5.x', name: 'errors' });
