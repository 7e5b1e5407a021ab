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
import { escapeHtml } from '../../common/escape-html';
import { SHARED_TEXTS } from '../../common/labels';
import { DEFAULT_LANGUAGE, textLanguageFor } from '../../common/languages';
import { notFoundPageTitle } from '../../common/page-meta';
import { errorBody, type ApiErrorCode } from './api-error';
import { isApiPath, pathOf } from './paths';

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

/**
 * The router could not decode a page's address: no page can be there. The learner gets a 400 (the address is
 * bad, as the API says too) whose page says "not found" in the language of the first segment (a two-letter
 * one, as every page path has; else the default), with the way home: not the API's JSON. A page of its own:
 * the page renderer needs a route, which an undecodable address never reaches.
 */
export function sendBadPageUrl(reply: FastifyReply, headers: Readonly<Record<string, string>>, url: string): void {
  const segment = /^\/([a-z]{2})(?=\/|$)/i.exec(pathOf(url))?.[1]?.toLowerCase() ?? DEFAULT_LANGUAGE;
  const language = textLanguageFor(segment);
  const texts = SHARED_TEXTS[language];
  const html =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${escapeHtml(notFoundPageTitle(texts))}</title></head><body><main><h1>${escapeHtml(texts.notFoundTitle)}</h1>` +
    `<p><a href="/${segment}">${escapeHtml(texts.pages.home.title)}</a></p></main></body></html>`;
  void reply.headers(headers).code(400).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/** Fastify's server options for both: the raw socket's answers and the router's. */
export function earlyErrors(
  headers: Readonly<Record<string, string>>,
): Required<Pick<FastifyServerOptions, 'clientErrorHandler' | 'frameworkErrors'>> {
  return {
    clientErrorHandler: clientErrorHandler(headers),
    frameworkErrors(error, request, reply) {
      request.log.info({ err: error, url: request.url }, 'refused an undecodable URL');
      const isPageRead = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(pathOf(request.url));
      if (isPageRead) sendBadPageUrl(reply as unknown as FastifyReply, headers, request.url);
      else sendBadUrl(reply as unknown as FastifyReply, headers);
    },
  };
}
