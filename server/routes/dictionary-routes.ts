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
import type { DictionaryResponse, DictionaryWithPhrase } from '../../common/dictionary-contract';
import type { Dictionary, LookupResult } from '../dictionary/types';
import { ApiError } from '../http/api-error';
import { CACHE_POLICY } from '../http/cache-policy';
import { answerCache } from '../plugins/answer-cache';
import { ROUTE_SCHEMAS, type DictionaryQuery, type LevelQuery, type WordParams } from './schemas';
import type { LevelWords } from '../../common/lemma-contract';
import { BASELINE_RANK, FREQUENCY_BAND_SIZE, tagsOfLevel } from '../../common/placement-levels';

export function toDictionaryResponse(result: LookupResult): DictionaryResponse {
  return {
    query: result.query,
    lemma: result.lemma,
    entries: result.entries.map((entry) => ({
      part_of_speech: entry.partOfSpeech,
      ipa: entry.ipa,
      definition: entry.definition,
      tags: [...entry.tags],
      frequency_rank: entry.frequencyRank,
      ...(entry.gloss !== undefined && entry.gloss !== '' ? { gloss: entry.gloss } : {}),
      ...(entry.gloss && entry.glossOtherSense ? { gloss_other_sense: true } : {}),
      ...(entry.headword !== result.lemma ? { headword: entry.headword } : {}),
    })),
  };
}

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
      return reply.sendAnswer(key, (): DictionaryWithPhrase => {
        const context = { ...(sentence === undefined ? {} : { sentence }), ...(category === undefined ? {} : { category }) };
        const result = dictionary.lookUp(word, language, context);
        // A phrase the dictionary lacks is no error: the word's entry is what was asked for.
        const phraseResult = phrase === undefined ? undefined : dictionary.lookUp(phrase, language);
        if (result === undefined || result.entries.length === 0) {
          throw new ApiError(404, 'not_found', `There is no dictionary entry for "${word}"`, 'word');
        }
        const answer = toDictionaryResponse(result);
        return phraseResult && phraseResult.entries.length > 0 && phraseResult.lemma !== result.lemma
          ? { ...answer, phrase: toDictionaryResponse(phraseResult) }
          : answer;
      });
    },
  );

  // The placement's words: bundled data, cached like an entry.
  app.get<{ Querystring: LevelQuery }>('/level-words', { schema: ROUTE_SCHEMAS.levelWords }, async (request, reply) => {
    const { level } = request.query;
    return reply.sendAnswer(`level\u0000${level}`, () => {
      const top = (FREQUENCY_BAND_SIZE as Readonly<Record<string, number>>)[level] ?? BASELINE_RANK;
      const body: LevelWords = { level, words: (dictionary.wordsOfLevel?.(tagsOfLevel(level), top) ?? []).join(' ') };
      return body;
    });
  });

  // Without a word the path would fall through to "no such endpoint"; say what is missing instead.
  app.get('/dictionary/', async () => {
    throw new ApiError(400, 'invalid_parameter', 'word is required: the path is /api/dictionary/{word}', 'word');
  });
};
