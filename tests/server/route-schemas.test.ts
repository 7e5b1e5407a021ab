// @vitest-environment node
/**
 * The route schemas (server/routes/schemas.ts) against the contract: every /api route declares
 * them; the response schemas, derived from the web app's io-ts codecs, name every field the codecs
 * know and drop nothing a handler builds; the query schemas allow exactly the values the shared
 * catalog and QUERY_LIMITS allow; the word schema refuses exactly what the web app's wordProblem does.
 */
import Fastify, { type RouteOptions } from 'fastify';
import type * as t from 'io-ts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ApiErrorBodyCodec,
  ArticlePageCodec,
  ArticleResponseCodec,
  CategoriesResponseCodec,
  CategoryIdCodec,
  DifficultyCodec,
  HealthResponseCodec,
  LanguageCodec,
  QUERY_LIMITS,
  SourceIdCodec,
  SourcesResponseCodec,
} from '../../common/contract';
import { DictionaryWithPhraseCodec } from '../../common/dictionary-contract';
import { wordProblem } from '../../common/dictionary';
import { jsonSchemaOf, type JsonSchema } from '../../server/http/codec-schema';
import { AnswerCache } from '../../server/http/prepared-answers';
import { apiRoutes } from '../../server/routes/api-routes';
import { MAX_OFFSET, ROUTE_SCHEMAS } from '../../server/routes/schemas';
import { sqliteSeam } from '../../server/store/sqlite/sqlite-seam';
import { startTestServer, testDictionary, type TestContext } from './fixtures';

/** Every property path a codec names, objects and arrays walked through ("articles[].preview.title"). */
function codecPaths(codec: t.Mixed, prefix = ''): string[] {
  const parts = codec as unknown as { _tag: string; props?: Record<string, t.Mixed>; types?: t.Mixed[]; type?: t.Mixed };
  switch (parts._tag) {
    case 'InterfaceType':
    case 'PartialType':
      return Object.entries(parts.props ?? {}).flatMap(([name, inner]) => [`${prefix}${name}`, ...codecPaths(inner, `${prefix}${name}.`)]);
    case 'IntersectionType':
    case 'UnionType':
      return (parts.types ?? []).flatMap((inner) => codecPaths(inner, prefix));
    case 'ArrayType':
      return codecPaths(parts.type!, `${prefix.replace(/\.$/, '')}[].`);
    default:
      return [];
  }
}

function schemaPaths(schema: JsonSchema, prefix = ''): string[] {
  if (schema.items) return schemaPaths(schema.items, `${prefix.replace(/\.$/, '')}[].`);
  return Object.entries(schema.properties ?? {}).flatMap(([name, inner]) => [
    `${prefix}${name}`,
    ...schemaPaths(inner, `${prefix}${name}.`),
  ]);
}

describe('response schemas derived from the io-ts codecs', () => {
  it.each([
    ['ArticlePage', ArticlePageCodec, ROUTE_SCHEMAS.latest.response[200]],
    ['ArticlePage (search)', ArticlePageCodec, ROUTE_SCHEMAS.search.response[200]],
    ['ArticleResponse', ArticleResponseCodec, ROUTE_SCHEMAS.article.response[200]],
    ['CategoriesResponse', CategoriesResponseCodec, ROUTE_SCHEMAS.categories.response[200]],
    ['SourcesResponse', SourcesResponseCodec, ROUTE_SCHEMAS.sources.response[200]],
    ['HealthResponse', HealthResponseCodec, ROUTE_SCHEMAS.health.response[503]],
    ['DictionaryWithPhrase', DictionaryWithPhraseCodec, ROUTE_SCHEMAS.dictionary.response[200]],
    ['ApiErrorBody', ApiErrorBodyCodec, ROUTE_SCHEMAS.latest.response['4xx']],
  ] as const)('%s names every field its codec has', (_name, codec, schema) => {
    const expected = codecPaths(codec).sort();
    expect(expected.length).toBeGreaterThan(1);
    expect(schemaPaths(schema as JsonSchema).sort()).toEqual(expected);
  });

  it('keeps required fields required, optional ones optional, nullable ones nullable, enums closed', () => {
    const item = jsonSchemaOf(ArticlePageCodec).properties!.articles!.items as JsonSchema;
    expect(item.required).toEqual(['article_id', 'title', 'source', 'date', 'word_count', 'categories', 'preview']);
    expect(item.properties!.preview!.required).toBeUndefined();
    const detail = jsonSchemaOf(ArticleResponseCodec).properties!.article!;
    expect(detail.properties!.html_content!.type).toEqual(['string', 'null']);
    expect(detail.properties!.learning_metadata!.properties!.difficulty_level!.enum).toEqual(['beginner', 'intermediate', 'advanced']);
    expect(jsonSchemaOf(HealthResponseCodec).properties!.article_count!.type).toEqual(['number', 'null']);
  });
});

describe('every /api route declares its schemas', () => {
  it('query and path parameters where it takes them, and its answers', async () => {
    const app = Fastify();
    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => void routes.push(route));
    const store = { count: () => 0 } as never;
    await app.register(apiRoutes, {
      prefix: '/api',
      reader: sqliteSeam(store),
      health: () => ({ status: 'ok', articleCount: 0 }),
      dictionary: testDictionary(),
    });
    await app.ready();
    const gets = routes.filter((route) => route.method === 'GET' && route.url !== '/api/dictionary/');
    expect(gets.map((route) => route.url).sort()).toEqual([
      '/api/articles/:id',
      '/api/articles/:id/exercises',
      '/api/articles/:id/lemmas',
      '/api/articles/latest',
      '/api/articles/search',
      '/api/categories',
      '/api/dictionary/:word',
      '/api/health',
      '/api/lemmas',
      '/api/level-words',
      '/api/level-words/hashes',
      '/api/sources',
    ]);
    for (const route of gets) {
      expect(route.schema?.response, route.url).toHaveProperty('200');
      expect(route.schema?.response, route.url).toHaveProperty('4xx');
      if (route.url.includes(':')) expect(route.schema?.params, route.url).toBeDefined();
      if (!['/api/sources', '/api/health', '/api/articles/:id/lemmas'].includes(route.url))
        expect(route.schema?.querystring, route.url).toBeDefined();
    }
    await app.close();
  });
});

describe('query schemas allow what the contract allows', () => {
  const query = (route: keyof typeof ROUTE_SCHEMAS) =>
    ((ROUTE_SCHEMAS[route] as { querystring?: JsonSchema }).querystring?.properties ?? {}) as Record<string, JsonSchema>;
  const keys = (codec: t.Mixed) => Object.keys((codec as unknown as { keys: object }).keys);
  const range = (schema: JsonSchema) => (schema.allOf as JsonSchema[]).find((part) => part.type === 'integer');

  it("enums are the codecs' values, bounds are QUERY_LIMITS", () => {
    for (const route of ['latest', 'search'] as const) {
      const properties = query(route);
      expect(properties.language!.enum).toEqual(keys(LanguageCodec));
      expect(properties.category!.enum).toEqual(keys(CategoryIdCodec));
      expect(properties.source!.enum).toEqual(keys(SourceIdCodec));
      expect(properties.difficulty!.enum).toEqual(keys(DifficultyCodec));
      expect(range(properties.limit!)).toMatchObject({ minimum: QUERY_LIMITS.limitMin, maximum: QUERY_LIMITS.limitMax });
      expect(properties.limit!.default).toBe(QUERY_LIMITS.defaultLimit);
      expect(range(properties.offset!)).toMatchObject({ minimum: 0, maximum: MAX_OFFSET });
    }
    expect(query('search').q).toMatchObject({ minLength: QUERY_LIMITS.qMinLength, maxLength: QUERY_LIMITS.qMaxLength });
    expect(query('article').language!.enum).toEqual(keys(LanguageCodec));
  });
});

describe('against the running server', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestServer({ withDictionary: true });
  });
  afterAll(async () => {
    await ctx.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('the schema serialisers drop nothing the handlers build', async () => {
    const kept: Array<[string, string]> = [];
    const put = AnswerCache.prototype.put;
    vi.spyOn(AnswerCache.prototype, 'put').mockImplementation(function (this: AnswerCache, key, version, body, serialise) {
      kept.push([JSON.stringify(body), serialise ? serialise(body) : '']);
      return put.call(this, key, version, body, serialise);
    });
    for (const url of [
      '/api/articles/latest?limit=100',
      '/api/articles/search?q=telescope',
      '/api/articles/f-telescope-title?language=zh',
      '/api/articles/f-oldest?language=en',
      '/api/dictionary/better?language=zh',
      '/api/dictionary/harbour?language=en',
    ]) {
      expect((await ctx.app.inject(url)).statusCode, url).toBe(200);
    }
    expect(kept).toHaveLength(6);
    for (const [plain, serialised] of kept) expect(serialised).toBe(plain);
  });

  it("the dictionary refuses a word exactly when the web app's wordProblem does", async () => {
    const words = [
      'harbour',
      'Children',
      ' went ',
      'São',
      'naïve',
      'café',
      '中文',
      'x',
      'a'.repeat(64),
      'a'.repeat(65),
      ' ',
      '2024',
      '!?',
      '4th',
      '<b>',
      'a&b',
      'say"',
      'back`tick',
      'tab\there',
      'nul\u0000',
      'c1\u0085',
      'line\u2028',
      'del\u007f',
      "don't",
      'well-known',
      'e-mail',
      '😀',
      '😀a',
    ];
    for (const word of words) {
      const response = await ctx.app.inject(`/api/dictionary/${encodeURIComponent(word)}?language=en`);
      const refused = wordProblem(word.normalize('NFC').trim()) !== undefined;
      expect(response.statusCode === 400, `${JSON.stringify(word)}: ${response.body.slice(0, 120)}`).toBe(refused);
    }
  });
});
