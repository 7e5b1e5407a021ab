/**
 * GET /api/dictionary/{word}?language=zh|es|en[&phrase=…]: one word's (or phrase's: give up, look
 * after) entry, resolved to its lemma, with a gloss in the learner's language; with `phrase`, the
 * entry of the phrase the word stands in comes too, as `phrase`; with `sentence`, each part of
 * speech shows the sense the sentence means (and `category`, the article's, weighs in). The word is NFC-normalised and trimmed, then validated by the
 * route's schema (schemas.ts, the wordProblem rules in common/dictionary.ts). Answers change only when the
 * dictionary data is rebuilt (a new release), so they may be cached for a day and served stale
 * for a week while revalidating.
 */
import type { FastifyPluginAsync, preValidationHookHandler } from 'fastify';
import type { Dictionary } from '../dictionary/dictionary-types';
import { ApiError } from '../http/api-error';
import { CACHE_POLICY } from '../http/cache-policy';
import { ifNoneMatchMatches } from '../http/json-reply';
import { answerCache } from '../plugins/answer-cache';
import { dictionaryAnswer, levelWordsAnswer } from '../answers/dictionary-answers';
import { ROUTE_SCHEMAS, type DictionaryQuery, type LevelHashesQuery, type LevelQuery, type WordParams } from './schemas';
import { rankHashesAnswer } from '../answers/rank-hashes-answer';
import { RANK_HASHES_FORMAT } from '../../common/rank-hashes';

const normaliseWord: preValidationHookHandler = (request, _reply, done) => {
  const params = request.params as Record<string, unknown>;
  if (typeof params.word === 'string') params.word = params.word.normalize('NFC').trim();
  const query = request.query as Record<string, unknown>;
  if (typeof query.phrase === 'string') query.phrase = query.phrase.normalize('NFC').trim();
  done();
};

export interface DictionaryRoutesOptions {
  readonly dictionary: Dictionary;
}

export const dictionaryRoutes: FastifyPluginAsync<DictionaryRoutesOptions> = async (app, { dictionary }) => {
  // Words a page asks for again (every reader of an article taps the same few) are served as text.
  // The dictionary never changes while the server runs: one version for every kept answer.
  await app.register(answerCache, { entries: 5000, maxChars: 8 * 1024 * 1024, version: () => 0, cacheControl: CACHE_POLICY.dictionary });

  app.get<{ Params: WordParams; Querystring: DictionaryQuery }>(
    '/dictionary/:word',
    { schema: ROUTE_SCHEMAS.dictionary, preValidation: normaliseWord },
    async (request, reply) => {
      const { word } = request.params;
      const { language, phrase, sentence, category } = request.query;
      const key = `${language}\u0000${word}\u0000${phrase ?? ''}\u0000${sentence ?? ''}\u0000${category ?? ''}`;
      return reply.sendAnswer(key, () => dictionaryAnswer(dictionary, word, language, { phrase, sentence, category }));
    },
  );

  // The placement's words: bundled data, cached like an entry.
  app.get<{ Querystring: LevelQuery }>('/level-words', { schema: ROUTE_SCHEMAS.levelWords }, async (request, reply) => {
    const { level } = request.query;
    return reply.sendAnswer(`level\u0000${level}`, () => levelWordsAnswer(dictionary, level));
  });

  // The cards' frequency list as a table of its keys' hashes (decision 46), named by the list's check and the table's
  // format: an address never changes content, so browsers keep it; another check (a list since replaced) or another
  // format (a browser's code from before a format change) is a 404.
  const hashes = rankHashesAnswer(dictionary);
  app.get<{ Querystring: LevelHashesQuery }>('/level-words/hashes', { schema: ROUTE_SCHEMAS.levelWordHashes }, async (request, reply) => {
    const table = hashes();
    if (request.query.v !== table.check) {
      throw new ApiError(404, 'not_found', `No frequency list ${request.query.v}: the list is now ${table.check}`, 'v');
    }
    if (request.query.f !== String(RANK_HASHES_FORMAT)) {
      throw new ApiError(
        404,
        'not_found',
        `No hash table of format ${request.query.f}: this server makes format ${RANK_HASHES_FORMAT}`,
        'f',
      );
    }
    reply.header('etag', table.etag).header('cache-control', CACHE_POLICY.hashedAsset);
    if (ifNoneMatchMatches(request.headers['if-none-match'], table.etag)) return reply.code(304).send();
    return reply.code(200).type('application/octet-stream').send(table.bytes);
  });

  // Without a word the path would fall through to "no such endpoint"; say what is missing instead.
  app.get('/dictionary/', async () => {
    throw new ApiError(400, 'invalid_parameter', 'word is required: the path is /api/dictionary/{word}', 'word');
  });
};
