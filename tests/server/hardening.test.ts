// @vitest-environment node
/**
 * Issue 13, cases 2, 3, 7 and 8 and the search limits, against a listening server (raw
 * sockets for what inject() cannot send: absolute-form targets, huge headers, bad request lines).
 */
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestContext } from './fixtures';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

async function listen(config: Parameters<typeof startTestServer>[0] = {}): Promise<{ ctx: TestContext; port: number }> {
  ctx = await startTestServer(config);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  return { ctx, port: typeof address === 'object' && address ? address.port : 0 };
}

export interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** Sends bytes as they are and reads the answer until the server closes or it is complete. */
export function raw(port: number, request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error('no answer within 5 s')), 5000);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(text)?.[1];
      if (end !== -1 && length !== undefined && text.length >= end + 4 + Number(length)) socket.end();
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      if (chunks.length === 0) reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
  });
}

function expectHardenedError(answer: RawAnswer, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['x-frame-options']).toBe('DENY');
  const body = JSON.parse(answer.body) as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(typeof body.error.code).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
}

describe('case 2: the rate limit counts every spelling of an API path', () => {
  it('counts /%61pi/... and absolute-form request lines like /api/...', async () => {
    const { port } = await listen({ config: { rateLimitMax: 2, rateLimitWindowMs: 60_000 } });
    const statuses: number[] = [];
    for (const target of [
      '/%61pi/articles/search?q=moon',
      `http://127.0.0.1:${port}/api/articles/search?q=moon`,
      '/%61pi/articles/search?q=moon',
      `http://127.0.0.1:${port}/api/sources`,
    ]) {
      const answer = await raw(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
  });
});

describe('case 3 and the search limits: bad queries are 400s that say why', () => {
  it('answers 400 naming q for a NUL or other control character, never 503', async () => {
    ({ ctx } = await listen());
    for (const q of ['moon%00', '%00', 'a%01b', 'tele%1Fscope']) {
      const res = await ctx.app.inject(`/api/articles/search?q=${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_parameter', parameter: 'q' } });
    }
  });

  it('refuses more than 8 words with a message, and still answers 8', async () => {
    ({ ctx } = await listen());
    const many = await ctx.app.inject(`/api/articles/search?q=${encodeURIComponent(Array(50).fill('the').join(' '))}`);
    expect(many.statusCode).toBe(400);
    expect(many.json().error).toMatchObject({ code: 'invalid_parameter', parameter: 'q' });
    expect(many.json().error.message).toMatch(/at most 8 words/);
    const eight = await ctx.app.inject(`/api/articles/search?q=${encodeURIComponent('a b c d e f g telescope')}`);
    expect(eight.statusCode).toBe(200);
    const long = await ctx.app.inject(`/api/articles/search?q=${'x'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
  });
});

describe('case 7: only files meant for the public are served', () => {
  it('answers 404 for source maps and dot files in the build folder, and serves the assets', async () => {
    ({ ctx } = await listen());
    writeFileSync(join(ctx.config.distDir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
    writeFileSync(join(ctx.config.distDir, '.build-stamp.json'), '{"hash":"x"}');
    expect((await ctx.app.inject('/assets/index-abc123.js')).statusCode).toBe(200);
    for (const path of ['/assets/index-abc123.js.map', '/.build-stamp.json', '/%2Ebuild-stamp.json', '/assets/%69ndex-abc123.js.map']) {
      const res = await ctx.app.inject(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).not.toContain('secret.ts');
      expect(res.body, path).not.toContain('"hash"');
    }
  });
});

describe('case 8: errors raised before routing have the API error shape and the security headers', () => {
  it('431 for oversized headers', async () => {
    const { port } = await listen();
    const answer = await raw(port, `GET /api/sources HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectHardenedError(answer, 431);
  });

  it('400 for a request line the parser refuses, and for bad percent-encoding', async () => {
    const { port } = await listen();
    expectHardenedError(await raw(port, 'GET /api/so urces HTTP/1.1\r\nHost: x\r\n\r\n'), 400);
    expectHardenedError(await raw(port, 'GET /api/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), 400);
  });

  it('415 for a body of an unknown content type', async () => {
    const { port } = await listen();
    const body = '{"a":1}';
    const answer = await raw(
      port,
      `POST /api/articles/latest HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: ;;\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expectHardenedError(answer, 415);
    expect(JSON.parse(answer.body).error.code).toBe('unsupported_media_type');
  });
});
