/**
 * A bounded HTTP fuzzer for the real server: mixed methods, paths, encodings, query values,
 * headers and bodies, each request sent raw over node:net (so malformed ones reach the
 * parser as written), checked for a 5xx, a non-JSON API answer or a missing security header.
 */
import { connect } from 'node:net';
import { pick, random } from './synthetic-articles';

const SECURITY_HEADERS = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy'];
const METHODS = ['GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', 'FOO', 'get'];
// Formatting off: these lists read best packed, several values a line (Prettier would put one a line).
// prettier-ignore
const PATHS = [
  '/api/articles/latest', '/api/articles/search', '/api/articles/f-telescope-title', '/api/categories', '/api/sources',
  '/api/health', '/api', '/api/', '/%61pi/articles/search', '/api/articles/%00', '/api/articles/..%2f..%2fetc%2fpasswd',
  '/', '/zh', '/es/articles', '/en/search', '/assets/index-abc123.js', '/assets/index-abc123.js.map', '/.build-stamp.json',
  '/robots.txt', '/index.html', '/%E0%A4%A', '/%', '//api//sources', '/api/articles/' + 'x'.repeat(300), '/\u00e9', '/api/articles/%F0%9F%98%80',
];
// prettier-ignore
const VALUES = [
  'moon', 'telescope', '', '%00', 'a%00b', '%FF', '%E0%A4%A', Array(50).fill('the').join('+'), 'x'.repeat(250), '<script>alert(1)</script>',
  '"', "'", 'NEAR(a b)', 'a*', '^a', '-1', '0', '101', '1e9', '9007199254740993', 'zh', 'fr', 'technology', '%u0041', '%C0%AF', '..%2F',
];
const PARAMS = ['q', 'limit', 'offset', 'language', 'category', 'source', 'difficulty', 'q', 'x'];
const CONTENT_TYPES = [
  'application/json',
  'text/plain',
  ';;',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'a/b/c',
];

// The same seed gives the same requests, so a failure can be replayed.
export { random };

export function fuzzRequest(next: () => number, port: number): { target: string; bytes: Buffer } {
  const method = pick(next, METHODS);
  let target = pick(next, PATHS);
  const params = Math.floor(next() * 4);
  if (params) target += '?' + Array.from({ length: params }, () => `${pick(next, PARAMS)}=${pick(next, VALUES)}`).join('&');
  if (next() < 0.05) target = `http://127.0.0.1:${port}${target}`;
  const headers = ['Host: 127.0.0.1', 'Connection: close'];
  if (next() < 0.3) headers.push(`Accept-Encoding: ${pick(next, ['gzip', 'br', 'deflate', 'identity', '*', 'gzip;q=0'])}`);
  if (next() < 0.1) headers.push(`If-None-Match: ${pick(next, ['*', '"x"', 'W/"y"', ''])}`);
  if (next() < 0.05) headers.push(`X-Big: ${'a'.repeat(20_000)}`);
  if (next() < 0.05) headers.push(`X-Forwarded-For: ${pick(next, ['1.2.3.4', 'garbage', '::1'])}`);
  let body = '';
  if (method !== 'GET' && method !== 'HEAD' && next() < 0.6) {
    body = pick(next, ['{"a":1}', '{', 'a=b', '\u0000\u0001', 'x'.repeat(20_000)]);
    headers.push(`Content-Type: ${pick(next, CONTENT_TYPES)}`);
    headers.push(`Content-Length: ${Buffer.byteLength(body)}`);
  }
  const lineEnd = next() < 0.03 ? '\n' : '\r\n';
  const version = next() < 0.03 ? pick(next, ['HTTP/1.0', 'HTTP/9.9', 'HTTP/1.1 x']) : 'HTTP/1.1';
  const line = next() < 0.02 ? `${method} ${target.replace('?', ' ?')} ${version}` : `${method} ${target} ${version}`;
  return { target, bytes: Buffer.from(`${line}${lineEnd}${headers.join(lineEnd)}${lineEnd}${lineEnd}${body}`, 'latin1') };
}

export interface FuzzAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

export function sendRaw(port: number, bytes: Buffer, timeoutMs = 10_000): Promise<FuzzAnswer | undefined> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      if (end === -1) return resolve(undefined);
      const [statusLine = '', ...lines] = all.subarray(0, end).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const header of lines) {
        const colon = header.indexOf(':');
        if (colon > 0) headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: all.subarray(end + 4) });
    });
    socket.write(bytes);
  });
}

export interface FuzzReport {
  readonly sent: number;
  readonly answered: number;
  readonly statuses: Record<number, number>;
  /** 503 with Retry-After: deliberate load shedding. */
  readonly shed: number;
  readonly problems: string[];
}

export async function fuzz(port: number, options: { count: number; concurrency: number; seed: number }): Promise<FuzzReport> {
  const next = random(options.seed);
  const statuses: Record<number, number> = {};
  const problems: string[] = [];
  let answered = 0;
  let shed = 0;
  let sent = 0;
  const worker = async () => {
    while (sent < options.count) {
      sent += 1;
      const { target, bytes } = fuzzRequest(next, port);
      const answer = await sendRaw(port, bytes);
      if (!answer) continue;
      answered += 1;
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      const where = `${bytes.subarray(0, 120).toString('latin1').split(/\r?\n/)[0]} -> ${answer.status}`;
      if (answer.status === 503 && answer.headers['retry-after']) shed += 1;
      else if (answer.status >= 500) problems.push(`5xx: ${where} ${answer.body.subarray(0, 200).toString()}`);
      for (const header of SECURITY_HEADERS) if (!answer.headers[header]) problems.push(`no ${header}: ${where}`);
      const isApi = /^(?:https?:\/\/[^/]+)?\/(?:api|%61pi)(?:[/?]|$)/i.test(target);
      const hasBody = answer.status !== 304 && answer.status !== 204 && !/^HEAD /i.test(bytes.toString('latin1', 0, 5));
      if (isApi && hasBody && answer.status !== 101 && !/^application\/json/.test(answer.headers['content-type'] ?? '')) {
        problems.push(`not JSON (${answer.headers['content-type']}): ${where}`);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { sent, answered, statuses, shed, problems: problems.slice(0, 50) };
}
