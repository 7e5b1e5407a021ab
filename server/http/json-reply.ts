/**
 * Sends API JSON with a strong ETag (a hash of the exact body) and answers 304 when the
 * client's If-None-Match already names it, so polling clients re-download nothing.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match uses weak comparison: W/"x" matches "x"; * matches anything. */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/** Revalidate every time unless the caller knows the answer cannot change soon. */
export const REVALIDATE = 'no-cache';

/** An answer already serialised as its route's response schema would write it (a read worker's search, decision 58). */
export class SerialisedJson {
  constructor(readonly json: string) {}
}

/** The body as the route's response schema writes it (fast-json-stringify; JSON.stringify for routes without one). */
export function serialised(reply: FastifyReply, body: unknown): string {
  if (body instanceof SerialisedJson) return body.json;
  const json = reply.serialize(body);
  return typeof json === 'string' ? json : Buffer.from(json as Uint8Array).toString('utf8');
}

/** Serialised with the route's response schema, then sent as prepared text. */
export function sendJson(request: FastifyRequest, reply: FastifyReply, body: unknown, cacheControl = REVALIDATE): FastifyReply {
  const json = serialised(reply, body);
  return sendPrepared(request, reply, { json, etag: etagOf(json) }, cacheControl);
}

/** JSON already serialised with its ETag (prepared-answers.ts). */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  { json, etag }: { json: string; etag: string },
  cacheControl = REVALIDATE,
): FastifyReply {
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) {
    return reply.code(304).send();
  }
  return reply.code(200).type('application/json; charset=utf-8').send(json);
}
