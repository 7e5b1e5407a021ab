// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PoliteFetcher } from '../../server/ingest/polite-fetcher';
import { startFixtureServer, type FixtureServer } from './fixture-server';
import { failureOf } from './fetch-failure';

let server: FixtureServer;

beforeAll(async () => {
  server = await startFixtureServer({
    '/slow': { body: '<html><body>slow</body></html>', contentType: 'text/html', delayMs: 150 },
    '/hang': { hang: true },
    '/big': { body: 'x'.repeat(5000), contentType: 'text/plain' },
    '/big-stream': { body: 'y'.repeat(200_000), contentType: 'text/html', chunked: true },
    '/small-stream': { body: 'z'.repeat(40_000), contentType: 'text/html', chunked: true },
    '/feed': { body: '<rss/>', contentType: 'application/rss+xml', etag: '"abc"' },
    '/gone': { body: 'gone', contentType: 'text/plain', status: 410 },
  });
});
afterAll(async () => {
  await server.close();
});

describe('PoliteFetcher', () => {
  it('keeps at most the configured number of requests in flight per host', async () => {
    const fetcher = new PoliteFetcher({ allowPrivateHosts: true, perHostConcurrency: 2 });
    const results = await Promise.all(Array.from({ length: 6 }, () => fetcher.fetch(server.url('/slow'), { accept: 'text/html' })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(server.maxConcurrent()).toBe(2);
  });

  it('gives up on a request that does not answer within the time-out', async () => {
    const started = Date.now();
    const failure = await failureOf(
      new PoliteFetcher({ allowPrivateHosts: true, timeoutMs: 300 }).fetch(server.url('/hang'), { accept: 'text/html' }),
    );
    expect(failure.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refuses a body over the size limit', async () => {
    const failure = await failureOf(
      new PoliteFetcher({ allowPrivateHosts: true, maxBytes: 1000 }).fetch(server.url('/big'), { accept: '*/*' }),
    );
    expect(failure.kind).toBe('too-large');
    expect(failure.message).toContain('1000 bytes limit');
  });

  it('stops reading a streamed body without a length as soon as it passes the limit', async () => {
    const fetcher = new PoliteFetcher({ allowPrivateHosts: true, maxBytes: 64 * 1024 });
    expect((await failureOf(fetcher.fetch(server.url('/big-stream'), { accept: 'text/html' }))).kind).toBe('too-large');
    const small = await fetcher.fetch(server.url('/small-stream'), { accept: 'text/html' });
    expect(small.body.byteLength).toBe(40_000);
  });

  it('sends validators and reports 304 Not Modified', async () => {
    const fetcher = new PoliteFetcher({ allowPrivateHosts: true });
    const first = await fetcher.fetch(server.url('/feed'), { accept: 'application/rss+xml' });
    expect(first).toMatchObject({ status: 200, etag: '"abc"' });
    const second = await fetcher.fetch(server.url('/feed'), { accept: 'application/rss+xml', etag: first.etag! });
    expect(second.status).toBe(304);
    expect(second.body.byteLength).toBe(0);
  });

  it('reports HTTP errors and addresses it cannot fetch', async () => {
    const fetcher = new PoliteFetcher({ allowPrivateHosts: true });
    expect((await failureOf(fetcher.fetch(server.url('/gone'), { accept: '*/*' }))).message).toMatch(/HTTP 410/);
    expect((await failureOf(fetcher.fetch('ftp://example.org/feed', { accept: '*/*' }))).kind).toBe('bad-url');
    expect((await failureOf(fetcher.fetch('not a url', { accept: '*/*' }))).kind).toBe('bad-url');
  });

  it('stops when the run is stopped', async () => {
    const stop = new AbortController();
    const pending = new PoliteFetcher({ allowPrivateHosts: true, signal: stop.signal }).fetch(server.url('/hang'), { accept: 'text/html' });
    setTimeout(() => stop.abort(), 50);
    expect((await failureOf(pending)).kind).toBe('aborted');
  });
});
