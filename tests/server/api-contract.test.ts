// @vitest-environment node
/**
 * Real requests to the server, every response decoded with the web app's own io-ts codecs
 * (common/contract.ts): if either side drifts, this fails.
 */
import { isRight } from 'fp-ts/Either';
import type * as t from 'io-ts';
import { PathReporter } from 'io-ts/PathReporter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorBodyCodec,
  ArticlePageCodec,
  ArticleResponseCodec,
  CategoriesResponseCodec,
  HealthResponseCodec,
  SourcesResponseCodec,
} from '../../common/contract';
import { startTestServer, type TestContext } from './fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestServer({ config: { rateLimitMax: 2, rateLimitWindowMs: 60_000 } });
});
afterAll(async () => {
  await ctx.close();
});

let client = 0;
/** Each request from its own address, so only the rate-limit case meets the limit. */
async function decoded<C extends t.Mixed>(codec: C, url: string, status: number): Promise<t.TypeOf<C>> {
  client += 1;
  const res = await ctx.app.inject({ url, remoteAddress: `192.0.2.${client}` });
  expect(res.statusCode, url).toBe(status);
  const result = codec.decode(res.json());
  expect(isRight(result), `${url}: ${PathReporter.report(result).join('; ')}`).toBe(true);
  return res.json();
}

describe('every response decodes with the web app codecs', () => {
  it.each([
    '/api/articles/latest',
    '/api/articles/latest?language=es&limit=4',
    '/api/articles/latest?limit=20&category=business&source=reuters&difficulty=advanced',
    '/api/articles/latest?offset=100',
    '/api/articles/search?q=telescope',
    '/api/articles/search?q=%22%2A',
  ])('article page %s', async (url) => {
    await decoded(ArticlePageCodec, url, 200);
  });

  it.each(['zh', 'es', 'ja', 'ko', 'en'])('article detail in %s', async (language) => {
    const body = await decoded(ArticleResponseCodec, `/api/articles/f-telescope-title?language=${language}`, 200);
    expect(body.article.html_content).toContain('nr-article');
  });

  it('categories, sources and health', async () => {
    await decoded(CategoriesResponseCodec, '/api/categories?language=es', 200);
    await decoded(SourcesResponseCodec, '/api/sources', 200);
    await decoded(HealthResponseCodec, '/api/health', 200);
  });

  it.each([
    ['/api/articles/latest?limit=0', 400],
    ['/api/articles/latest?language=fr', 400],
    ['/api/articles/search', 400],
    ['/api/articles/unknown-id', 404],
    ['/api/nothing', 404],
    ['/api/articles/%E0%A4%A', 400],
  ] as const)('error %s', async (url, status) => {
    await decoded(ApiErrorBodyCodec, url, status);
  });

  it('rate limited (429) and database unavailable (503)', async () => {
    const send = () => ctx.app.inject({ url: '/api/sources', remoteAddress: '198.51.100.7' });
    await send();
    await send();
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(isRight(ApiErrorBodyCodec.decode(limited.json()))).toBe(true);

    const broken = await startTestServer();
    try {
      broken.store.close();
      const list = await broken.app.inject('/api/articles/latest');
      expect(list.statusCode).toBe(503);
      expect(isRight(ApiErrorBodyCodec.decode(list.json()))).toBe(true);
      const health = await broken.app.inject('/api/health');
      expect(health.statusCode).toBe(503);
      expect(isRight(HealthResponseCodec.decode(health.json()))).toBe(true);
    } finally {
      await broken.close();
    }
  });
});
