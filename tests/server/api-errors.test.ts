// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestContext } from './fixtures';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestServer();
});
afterAll(async () => {
  await ctx.close();
});

interface ErrorBody {
  error: { code: string; message: string; parameter?: string; allowed?: string[] };
}

async function expect400(url: string, parameter: string, allowedIncludes?: string) {
  const res = await ctx.app.inject(url);
  expect(res.statusCode, url).toBe(400);
  expect(res.headers['content-type'], url).toMatch(/^application\/json/);
  const body = res.json<ErrorBody>();
  expect(body.error.code, url).toBe('invalid_parameter');
  expect(body.error.parameter, url).toBe(parameter);
  expect(body.error.message, url).toContain(parameter);
  if (allowedIncludes) {
    expect(body.error.allowed, url).toContain(allowedIncludes);
    // Ranges read "from 1 to 100" in the message and "1..100" in the allowed list.
    expect(body.error.message, url).toContain(allowedIncludes.replace(/^(\d+)\.\.(\d+)$/, 'from $1 to $2'));
  }
  return body;
}

describe('400 for every bad parameter, naming it and its allowed values', () => {
  it('limit must be an integer from 1 to 100', async () => {
    for (const limit of ['0', '101', '-1', '1.5', 'ten', '1e3', '0x10', ' 5', '99999999999999999999999999']) {
      await expect400(`/api/articles/latest?limit=${encodeURIComponent(limit)}`, 'limit', '1..100');
      await expect400(`/api/articles/search?q=moon&limit=${encodeURIComponent(limit)}`, 'limit', '1..100');
    }
    const body = await expect400('/api/articles/latest?limit=500', 'limit');
    expect(body.error.message).toBe('limit must be an integer from 1 to 100; got "500"');
  });

  it('search refuses a bad source or difficulty like latest does, and a limit of 0 or 10,000', async () => {
    const source = await expect400('/api/articles/search?q=moon&source=cnn', 'source', 'bbc');
    expect(source.error.message).toBe('source must be one of cbs, npr, bbc, reuters; got "cnn"');
    await expect400('/api/articles/search?q=moon&difficulty=expert', 'difficulty', 'advanced');
    await expect400('/api/articles/search?q=moon&source=bbc&source=npr', 'source');
    await expect400('/api/articles/search?q=moon&limit=0', 'limit', '1..100');
    await expect400('/api/articles/search?q=moon&limit=10000', 'limit', '1..100');
  });

  it('cursor must be a next_cursor the server wrote', async () => {
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      'not a cursor!',
      'abc',
      forged({ at: 1 }),
      forged(['yesterday', 'x']),
      forged(['2026-11-20T00:00:00.000Z', '']),
    ]) {
      const body = await expect400(`/api/articles/latest?cursor=${encodeURIComponent(cursor)}`, 'cursor');
      expect(body.error.message).toContain('next_cursor');
    }
    await expect400(`/api/articles/latest?cursor=${'a'.repeat(601)}`, 'cursor');
  });

  it('offset must be a non-negative integer', async () => {
    for (const offset of ['-1', 'abc', '2.5', '1e400', '123456789012345678901234567890']) {
      await expect400(`/api/articles/latest?offset=${encodeURIComponent(offset)}`, 'offset');
    }
    // A huge but exact offset is valid: an empty page, not an error.
    const res = await ctx.app.inject('/api/articles/latest?offset=9007199254740991');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ articles: [], total: 6 });
  });

  it('language, category, source and difficulty must be known values', async () => {
    await expect400('/api/articles/latest?language=fr', 'language', 'zh');
    await expect400('/api/articles/latest?language=ZH', 'language', 'es');
    await expect400('/api/articles/latest?category=weather', 'category', 'technology');
    await expect400('/api/articles/latest?source=cnn', 'source', 'reuters');
    await expect400('/api/articles/latest?difficulty=expert', 'difficulty', 'advanced');
    await expect400('/api/articles/search?q=moon&category=weather', 'category', 'education');
    await expect400('/api/articles/f-budget-vote?language=de', 'language', 'ko');
    await expect400('/api/categories?language=xx', 'language', 'en');
  });

  it('q is required, trimmed, and 1 to 200 characters', async () => {
    await expect400('/api/articles/search', 'q');
    await expect400('/api/articles/search?q=', 'q');
    await expect400('/api/articles/search?q=%20%20%20', 'q');
    await expect400(`/api/articles/search?q=${'a'.repeat(201)}`, 'q');
    const ok = await ctx.app.inject(`/api/articles/search?q=${'a'.repeat(200)}`);
    expect(ok.statusCode).toBe(200);
    const padded = await ctx.app.inject(`/api/articles/search?q=%20${'a'.repeat(200)}%20`);
    expect(padded.statusCode).toBe(200);
  });

  it('a parameter given more than once is refused', async () => {
    const body = await expect400('/api/articles/latest?limit=5&limit=6', 'limit');
    expect(body.error.message).toBe('limit was given 2 times; give it once');
    await expect400('/api/articles/search?q=a&q=b', 'q');
    await expect400('/api/articles/latest?category=health&category=sports', 'category');
  });

  it('unknown parameters are ignored', async () => {
    const res = await ctx.app.inject('/api/articles/latest?_=12345&utm_source=mail');
    expect(res.statusCode).toBe(200);
  });
});

describe('no input produces a 500', () => {
  const hostile = [
    '/api/articles/latest?limit=%FF',
    '/api/articles/latest?language=%E0%A4%A',
    '/api/articles/latest?category=%',
    '/api/articles/search?q=%FF%FE',
    '/api/articles/search?q=%',
    '/api/articles/search?q=%00',
    `/api/articles/search?q=${encodeURIComponent('"NEAR(a b, -1)" {title} : ^ * -- /* */ \\')}`,
    `/api/articles/search?q=${encodeURIComponent('😀 中文 العربية')}`,
    `/api/articles/search?q=${'%22'.repeat(200)}`,
    '/api/articles/%FF',
    '/api/articles/%E0%A4%A',
    '/api/articles/%',
    '/api/articles/%00',
    `/api/articles/${'x'.repeat(5000)}`,
    `/api/articles/latest?${'limit=1&'.repeat(500)}`,
    '/api/articles/latest?limit[]=1',
    '/api/articles/latest?limit[a]=1&offset=1e999',
    '/zh/articles/%FF',
    '/%E0%A4%A',
    '/zh/articles/%00',
    `/zh/articles/${'y'.repeat(5000)}`,
    '/api',
    '/api/',
    '/api/articles',
    '/api/articles/',
    '/api/../package.json',
    '/assets/../../package.json',
    '/..%2f..%2fpackage.json',
  ];

  it.each(hostile.map((url, index) => [index, url.slice(0, 60), url] as const))(
    'hostile input %i (%s) answers below 500 with a body',
    async (_index, _shown, url) => {
      const res = await ctx.app.inject(url);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body.length).toBeGreaterThan(0);
      expect(res.body).not.toContain('"dependencies"');
    },
  );

  it('bad percent-encoding in the path is a 400 in the error shape', async () => {
    const res = await ctx.app.inject('/api/articles/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.code).toBe('bad_request');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    ['/es/articles/%E0%A4%A', 'es', 'Página no encontrada'],
    ['/zh/%FF', 'zh', '页面不存在'],
    ['/fr/articles/%FF', 'en', 'Page not found'],
  ])('a page address with bad percent-encoding (%s) is a 400 page in its language, not JSON', async (url, lang, title) => {
    const res = await ctx.app.inject(url);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain(`<html lang="${lang}">`);
    expect(res.body).toContain(`<h1>${title}</h1>`);
  });

  it('an unknown API path or method is a JSON 404', async () => {
    const path = await ctx.app.inject('/api/nothing-here');
    expect(path.statusCode).toBe(404);
    expect(path.json<ErrorBody>().error.code).toBe('not_found');
    const method = await ctx.app.inject({ method: 'POST', url: '/api/articles/latest', payload: { a: 1 } });
    expect(method.statusCode).toBe(404);
    expect(method.json<ErrorBody>().error.code).toBe('not_found');
  });

  it('a request body that is not valid JSON does not cause a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/articles/latest',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBeLessThan(500);
  });
});
