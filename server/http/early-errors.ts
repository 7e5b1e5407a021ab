/**
 * Answers for requests that never reach a route: Node's HTTP parser refusing the request
 * (400 bad request line, 431 headers too large, 408 too slow) and the router refusing the
 * URL. They get the same error shape and security headers as every other answer. Fastify takes
 * both only as server options (there is no request, or no route, for a plugin's hooks to run
 * on), so earlyErrors() returns the options buildServer passes to Fastify().
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyServerOptions } from 'fastify';
import { errorBody, type ApiErrorCode } from './api-error';

function clientErrorAnswer(code: string | undefined): { status: number; code: ApiErrorCode; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, code: 'headers_too_large', message: 'The request headers are too large.' };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, code: 'request_timeout', message: 'The request took too long to arrive.' };
  }
  return { status: 400, code: 'bad_request', message: 'The request is not valid HTTP.' };
}

/** Fastify's clientErrorHandler: the raw socket is all there is, so the answer is written by hand. */
export function clientErrorHandler(headers: Readonly<Record<string, string>>) {
  return function handle(error: Error & { code?: string }, socket: Socket): void {
    // A reset connection has nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const answer = clientErrorAnswer(error.code);
    const body = JSON.stringify(errorBody(answer.code, answer.message));
    if (socket.writable) {
      const lines = [
        `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}`,
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'cache-control: no-store',
        'connection: close',
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}

/** Fastify's frameworkErrors: the router could not decode the path (bad percent-encoding, invalid UTF-8). */
export function sendBadUrl(reply: FastifyReply, headers: Readonly<Record<string, string>>): void {
  void reply
    .headers(headers)
    .code(400)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(errorBody('bad_request', 'The address is not valid: it has bad percent-encoding or invalid UTF-8.')));
}

/** Fastify's server options for both: the raw socket's answers and the router's. */
export function earlyErrors(
  headers: Readonly<Record<string, string>>,
): Required<Pick<FastifyServerOptions, 'clientErrorHandler' | 'frameworkErrors'>> {
  return {
    clientErrorHandler: clientErrorHandler(headers),
    frameworkErrors(error, request, reply) {
      request.log.info({ err: error, url: request.url }, 'refused an undecodable URL');
      sendBadUrl(reply as unknown as FastifyReply, headers);
    },
  };
}
