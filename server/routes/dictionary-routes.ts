/**
 * GET /api/dictionary/{word}?language=zh|es|en: one word's entry, resolved to its lemma, with a
 * gloss in the learner's language. Answers change only when the dictionary data is rebuilt (a
 * new release), so they may be cached for a day and served stale for a week while revalidating.
 */
import type { FastifyInstance } from 'fastify';
import type { DictionaryResponse } from '../../src/api/dictionary-contract';
import type { Dictionary, LookupResult } from '../dictionary/types';
import { ApiError } from '../http/api-error';
import { dictionaryParams } from '../http/dictionary-params';
import { AnswerCache } from '../http/answer-cache';
import { sendPrepared } from '../http/json-reply';
import type { RawQuery } from '../http/query-params';

export const DICTIONARY_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

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
      ...(entry.headword !== result.lemma ? { headword: entry.headword } : {}),
    })),
  };
}

/** The dictionary never changes while the server runs: one version for every cached answer. */
const DICTIONARY_ANSWER_VERSION = 0;

export function registerDictionaryRoutes(app: FastifyInstance, dictionary: Dictionary): void {
  // Words a page asks for again (every reader of an article taps the same few) are served as text.
  const answers = new AnswerCache(5000, 8 * 1024 * 1024);
  app.get('/api/dictionary/:word', async (request, reply) => {
    const { word, language } = dictionaryParams((request.params as { word?: unknown }).word, request.query as RawQuery);
    const key = `${language}\u0000${word}`;
    const cached = answers.get(key, DICTIONARY_ANSWER_VERSION);
    if (cached) return sendPrepared(request, reply, cached, DICTIONARY_CACHE_CONTROL);
    const result = dictionary.lookUp(word, language);
    if (result === undefined || result.entries.length === 0) {
      throw new ApiError(404, 'not_found', `There is no dictionary entry for "${word}"`, 'word');
    }
    return sendPrepared(request, reply, answers.put(key, DICTIONARY_ANSWER_VERSION, toDictionaryResponse(result)), DICTIONARY_CACHE_CONTROL);
  });

  // Without a word the path would fall through to "no such endpoint"; say what is missing instead.
  app.get('/api/dictionary/', async () => {
    throw new ApiError(400, 'invalid_parameter', 'word is required: the path is /api/dictionary/{word}', 'word');
  });
}
