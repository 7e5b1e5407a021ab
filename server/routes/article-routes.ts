/**
 * GET /api/articles/latest, /api/articles/search and /api/articles/{id}: Fastify has validated the
 * query and path against the route's schema (schemas.ts) before a handler runs; handlers ask the
 * store for the answer (answers/article-answers.ts, shaped to the contract in common/contract.ts); they never touch SQL.
 * Answers go through the answer cache (plugins/answer-cache.ts), keyed by the validated query.
 */
import type { FastifyPluginAsync, preValidationHookHandler } from 'fastify';
import { missingArticleMessage } from '../../common/page-data';
import { memoisedForms, type WordForms } from '../content/word-markup';
import { MAX_INVENTORY_IDS } from '../../common/lemma-contract';
import { ApiError } from '../http/api-error';
import { CACHE_POLICY } from '../http/cache-policy';
import { answerCache } from '../plugins/answer-cache';
import type { ArticleReads } from '../store/article-store';
import type { RenderLanguage } from '../store/types';
import { ROUTE_SCHEMAS, type ArticleParams, type LanguageQuery, type LatestQuery, type LemmasQuery, type SearchQuery } from './schemas';
import {
  articleAnswer,
  checkSearchWords,
  fallbackRenderer,
  latestAnswer,
  lemmasAnswer,
  searchAnswer,
  searchQueryOf,
} from '../answers/article-answers';
import { SerialisedJson } from '../http/json-reply';

function keyOf(route: string, query: LatestQuery, ...rest: string[]): string {
  return [route, query.category ?? '', query.source ?? '', query.difficulty ?? '', query.limit, query.offset, ...rest].join('\u0000');
}

/** The schema checks q's length after trimming; the words are counted by the search tokenizer, which JSON Schema cannot. */
const trimSearchText: preValidationHookHandler = (request, _reply, done) => {
  const query = request.query as Record<string, unknown>;
  if (typeof query.q === 'string') query.q = query.q.trim();
  done();
};

/** The ids of GET /api/lemmas?ids=a,b: 1 to MAX_INVENTORY_IDS distinct, non-empty ids. */
export function inventoryIds(ids: string): string[] {
  const list = [...new Set(ids.split(',').map((id) => id.trim()))];
  if (list.some((id) => id === '' || id.length > 200 || [...id].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f))) {
    throw new ApiError(400, 'invalid_parameter', 'ids must be article ids separated by commas, none empty', 'ids');
  }
  if (list.length > MAX_INVENTORY_IDS) {
    throw new ApiError(
      400,
      'invalid_parameter',
      `ids names ${list.length} articles; ask for at most ${MAX_INVENTORY_IDS} at a time`,
      'ids',
      [`at most ${MAX_INVENTORY_IDS} ids`],
    );
  }
  return list;
}

export interface ArticleRoutesOptions {
  /** Reads for the API, possibly off the event loop (read-pool.ts). */
  readonly reader: ArticleReads;
  /** The bundled dictionary's lemmas, so pages rendered on a read highlight vocabulary in every form. */
  readonly forms?: WordForms;
  /** The cards' frequency list (common/lemma-contract.ts RANKED_LEVEL); without it the cards' inventories spell every lemma. */
  readonly rankedWords?: () => readonly string[];
  /** The database's data version (bumped by every write, from any process); without it nothing is cached. */
  readonly dataVersion?: () => number;
  /** Stores a page rendered on a read, so the next read finds it. */
  readonly saveRendered?: (id: string, contentHash: string, language: RenderLanguage, html: string) => void;
  /** Serialised answers kept (answer-cache.ts); 0 turns the cache off. */
  readonly answerCacheEntries?: number;
}

export const articleRoutes: FastifyPluginAsync<ArticleRoutesOptions> = async (app, options) => {
  const { reader, forms, rankedWords, dataVersion, saveRendered, answerCacheEntries } = options;
  const render = fallbackRenderer(forms);
  const lemmaForms = forms ? memoisedForms(forms) : undefined;
  await app.register(answerCache, {
    entries: dataVersion ? (answerCacheEntries ?? 2000) : 0,
    version: dataVersion ?? (() => 0),
  });

  app.get<{ Querystring: LatestQuery }>('/articles/latest', { schema: ROUTE_SCHEMAS.latest }, async (request, reply) => {
    const query = request.query;
    return reply.sendAnswer(keyOf('latest', query, query.cursor ?? ''), () => latestAnswer(reader, query), CACHE_POLICY.list);
  });

  app.get<{ Querystring: SearchQuery }>(
    '/articles/search',
    { schema: ROUTE_SCHEMAS.search, preValidation: trimSearchText },
    async (request, reply) => {
      const query = request.query;
      checkSearchWords(query.q);
      // Where the store serialises off this thread (SQLite's read workers), its text goes out as it is.
      const compute = reader.searchJson
        ? async () => new SerialisedJson(await reader.searchJson!(searchQueryOf(query)))
        : () => searchAnswer(reader, query);
      return reply.sendAnswer(keyOf('search', query, query.q), compute, CACHE_POLICY.list);
    },
  );

  app.get<{ Querystring: LemmasQuery }>('/lemmas', { schema: ROUTE_SCHEMAS.lemmas }, async (request, reply) => {
    const ids = inventoryIds(request.query.ids);
    return reply.sendAnswer(
      `lemmas\u0000${ids.join(',')}`,
      async () => (await lemmasAnswer(reader, ids, lemmaForms, false, rankedWords?.()))!,
      CACHE_POLICY.article,
    );
  });

  app.get<{ Params: ArticleParams }>('/articles/:id/lemmas', { schema: ROUTE_SCHEMAS.articleLemmas }, async (request, reply) => {
    const { id } = request.params;
    return reply.sendAnswer(
      `article-lemmas\u0000${id}`,
      async () => {
        const body = await lemmasAnswer(reader, [id], lemmaForms, true);
        if (!body) throw new ApiError(404, 'not_found', missingArticleMessage(id), 'id');
        return body;
      },
      CACHE_POLICY.article,
    );
  });

  app.get<{ Params: ArticleParams; Querystring: LanguageQuery }>(
    '/articles/:id',
    { schema: ROUTE_SCHEMAS.article },
    async (request, reply) => {
      const { id } = request.params;
      const { language } = request.query;
      return reply.sendAnswer(
        `article\u0000${language}\u0000${id}`,
        async () => {
          const body = await articleAnswer(reader, id, language, { render, saveRendered, log: request.log });
          if (!body) throw new ApiError(404, 'not_found', missingArticleMessage(id), 'id');
          return body;
        },
        CACHE_POLICY.article,
      );
    },
  );
};
