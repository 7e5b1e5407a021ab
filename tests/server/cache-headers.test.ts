// @vitest-environment node
/**
 * What a CDN in front of several nodes, and a browser, may keep (server/http/cache-policy.ts):
 * public answers revalidate with ETags and may sit at the edge for a while; an import changes the
 * ETag of what it changed; errors and health are never stored.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, startTestServer, type TestContext } from './fixtures';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestServer();
});
afterAll(async () => {
  await ctx.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, headers });
}

/** The Cache-Control directives as a map: `s-maxage=60` → { 's-maxage': '60' }. */
function directives(header: unknown): Record<string, string> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    (header as string).split(',').map((part) => {
      const [name, value] = part.trim().split('=');
      return [name!.toLowerCase(), value ?? ''];
    }),
  );
}

describe('answers a CDN may keep', () => {
  it.each([
    ['latest', '/api/articles/latest?language=zh&limit=5'],
    ['search', '/api/articles/search?language=zh&q=telescope'],
    ['an article', '/api/articles/f-telescope-title?language=es'],
    ['categories', '/api/categories?language=zh'],
    ['sources', '/api/sources'],
  ])('%s is public, revalidated by browsers, kept for a while at the edge, with an ETag', async (_name, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const cache = directives(res.headers['cache-control']);
    expect(cache).toHaveProperty('public');
    expect(cache['max-age']).toBe('0');
    expect(Number(cache['s-maxage'])).toBeGreaterThan(0);
    expect(Number(cache['stale-while-revalidate'])).toBeGreaterThan(0);
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await get(url, { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('an article is kept at the edge longer than a list, which new articles change', async () => {
    const list = directives((await get('/api/articles/latest?language=zh')).headers['cache-control']);
    const one = directives((await get('/api/articles/f-telescope-title?language=zh')).headers['cache-control']);
    expect(Number(one['s-maxage'])).toBeGreaterThan(Number(list['s-maxage']));
  });

  it('compressed answers say that they vary with Accept-Encoding', async () => {
    const res = await get('/api/articles/latest?language=zh&limit=20', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
  });

  it('hashed assets are immutable', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    const cache = directives(res.headers['cache-control']);
    expect(cache).toHaveProperty('immutable');
    expect(Number(cache['max-age'])).toBeGreaterThanOrEqual(31_536_000);
  });
});

describe('built files with their compressed forms beside them (scripts/build/precompressed-files.ts)', () => {
  const script = `console.log(${JSON.stringify('built '.repeat(600))});\n`;
  // Not what the server's own compression would make (its Brotli quality is 4, its gzip level the default).
  const brotliForm = brotliCompressSync(script);
  const gzipForm = gzipSync(script, { level: 1 });
  beforeAll(() => {
    const assets = join(ctx.config.distDir, 'assets');
    writeFileSync(join(assets, 'route-def456.js'), script);
    writeFileSync(join(assets, 'route-def456.js.br'), brotliForm);
    writeFileSync(join(assets, 'route-def456.js.gz'), gzipForm);
  });

  it('are sent in the form the browser takes, as scripts, immutable, varying with Accept-Encoding', async () => {
    const brotli = await get('/assets/route-def456.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^application\/javascript/);
    expect(String(brotli.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(directives(brotli.headers['cache-control'])).toHaveProperty('immutable');
    expect(brotli.rawPayload.equals(brotliForm)).toBe(true);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

    const gzip = await get('/assets/route-def456.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(gzipForm)).toBe(true);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/route-def456.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});

describe('an import', () => {
  it('changes the ETags of the lists and the article it changed, and only those', async () => {
    const listUrl = '/api/articles/latest?language=zh&limit=5';
    const changedUrl = '/api/articles/f-telescope-title?language=zh';
    const untouchedUrl = '/api/articles/f-oldest?language=zh';
    const before = { list: await get(listUrl), changed: await get(changedUrl), untouched: await get(untouchedUrl) };
    expect(before.untouched.statusCode).toBe(200);

    const stored = ctx.store.byId('f-telescope-title')!;
    ctx.store.upsert(
      article({
        id: stored.id,
        source: stored.source,
        title: `${stored.title}, and a second one`,
        publishedAt: stored.publishedAt,
        summary: stored.summary,
        paragraphs: [...stored.paragraphs, 'A second instrument will open next year.'],
        difficulty: stored.difficulty,
        categories: [...stored.categories],
      }),
    );

    const revalidate = (url: string, res: Awaited<ReturnType<typeof get>>) => get(url, { 'if-none-match': res.headers.etag as string });
    const list = await revalidate(listUrl, before.list);
    expect(list.statusCode).toBe(200);
    expect(list.headers.etag).not.toBe(before.list.headers.etag);
    const changed = await revalidate(changedUrl, before.changed);
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('and a second one');
    expect((await revalidate(untouchedUrl, before.untouched)).statusCode).toBe(304);
  });
});

describe('answers no cache keeps', () => {
  it.each([
    ['health', '/api/health', 200],
    ['a bad parameter', '/api/articles/latest?limit=0', 400],
    ['an unknown article', '/api/articles/no-such-article?language=zh', 404],
    ['an unknown endpoint', '/api/nothing-here', 404],
  ])('%s is no-store', async (_name, url, status) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('pages', () => {
  it.each([
    ['home', '/zh'],
    ['the list', '/es/articles'],
    ['an article', '/en/articles/f-telescope-title'],
  ])('%s is public with an ETag, and a revalidation that matches is a 304 without a body', async (_name, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const cache = directives(res.headers['cache-control']);
    expect(cache).toHaveProperty('public');
    expect(cache['max-age']).toBe('0');
    expect(Number(cache['s-maxage'])).toBeGreaterThan(0);
    // A page names its deploy's hashed scripts: a stale one could load scripts that are gone.
    expect(cache).toHaveProperty('must-revalidate');
    expect(cache).not.toHaveProperty('stale-while-revalidate');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await get(url, { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('pages in other languages are other answers with other ETags', async () => {
    const zh = await get('/zh/articles/f-telescope-title');
    const es = await get('/es/articles/f-telescope-title');
    expect(zh.headers.etag).not.toBe(es.headers.etag);
  });

  it.each([
    ['saved words', '/zh/words', 200],
    ['review', '/es/review', 200],
    ['an unknown article', '/zh/articles/no-such-article', 404],
    ['an unknown page', '/zh/no/such/page', 404],
  ])('%s is never stored', async (_name, url, status) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
