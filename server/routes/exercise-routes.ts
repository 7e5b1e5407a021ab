/**
 * GET /api/articles/{id}/exercises?language=…: the article's practice set (server/exercises/,
 * docs/exercises.md). Made on the first request from the stored paragraphs and the dictionary,
 * deterministically (seeded by the article's id and content hash), then kept by the answer cache
 * until the data changes; the same article version therefore always answers the same set.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ApiErrorBodyCodec } from '../../common/contract';
import { EXERCISE_LANGUAGES, GapFillCodec, ListeningCodec, MatchCodec, WordOrderCodec } from '../../common/exercise-contract';
import { LANGUAGE_CODES, DEFAULT_LANGUAGE, type LanguageCode } from '../../common/languages';
import { missingArticleMessage } from '../../common/page-data';
import { exerciseLanguageOf, exercisesAnswer } from '../answers/exercise-answers';
import type { ExerciseLexicon } from '../exercises/lexicon';
import { ApiError } from '../http/api-error';
import { CACHE_POLICY } from '../http/cache-policy';
import { jsonSchemaOf } from '../http/codec-schema';
import { answerCache } from '../plugins/answer-cache';
import type { ArticleReads } from '../store/article-store';

export interface ExerciseRoutesOptions {
  readonly reader: Pick<ArticleReads, 'byId'>;
  /** The generator's word index, built on first use (server/exercises/lexicon.ts). */
  readonly lexicon: () => ExerciseLexicon;
  readonly dataVersion?: () => number;
  readonly answerCacheEntries?: number;
}

const SCHEMA = {
  // The same limits as GET /api/articles/{id} (schemas.ts).
  params: {
    type: 'object',
    properties: { id: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[^\\u0000-\\u001f\\u007f]*$' } },
    required: ['id'],
  },
  querystring: { type: 'object', properties: { language: { type: 'string', enum: [...LANGUAGE_CODES], default: DEFAULT_LANGUAGE } } },
  response: {
    // The codec-to-schema bridge takes no union of objects, so the item union is written here from its members.
    200: {
      type: 'object',
      properties: {
        article_id: { type: 'string' },
        language: { type: 'string', enum: [...EXERCISE_LANGUAGES] },
        exercises: { type: 'array', items: { anyOf: [GapFillCodec, ListeningCodec, WordOrderCodec, MatchCodec].map(jsonSchemaOf) } },
      },
      required: ['article_id', 'language', 'exercises'],
    },
    '4xx': jsonSchemaOf(ApiErrorBodyCodec),
    '5xx': jsonSchemaOf(ApiErrorBodyCodec),
  },
};

export const exerciseRoutes: FastifyPluginAsync<ExerciseRoutesOptions> = async (app, options) => {
  const { reader, lexicon, dataVersion, answerCacheEntries } = options;
  await app.register(answerCache, {
    entries: dataVersion ? (answerCacheEntries ?? 500) : 0,
    version: dataVersion ?? (() => 0),
  });
  app.get<{ Params: { id: string }; Querystring: { language: LanguageCode } }>(
    '/articles/:id/exercises',
    { schema: SCHEMA },
    async (request, reply) => {
      const { id } = request.params;
      const language = exerciseLanguageOf(request.query.language);
      return reply.sendAnswer(
        `exercises\u0000${language}\u0000${id}`,
        async () => {
          const body = await exercisesAnswer(reader, lexicon(), id, language);
          if (!body) throw new ApiError(404, 'not_found', missingArticleMessage(id), 'id');
          return body;
        },
        CACHE_POLICY.article,
      );
    },
  );
};
