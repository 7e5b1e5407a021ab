/**
 * Validation of a dictionary look-up: the word from the path and the answer language. A word
 * that cannot be one (empty, too long, no letters, markup or control characters) is a 400 with
 * the reason; a plausible word the dictionary does not know is the route's 404.
 */
import { DICTIONARY_LANGUAGES, MAX_LOOKUP_WORD_LENGTH, wordProblem, type DictionaryLanguage } from '../../src/domain/word-lookup';
import { ApiError } from './api-error';
import { oneOf, type RawQuery } from './query-params';

const PROBLEM_MESSAGES = {
  empty: 'word is required: the path is /api/dictionary/{word}',
  too_long: `word must be at most ${MAX_LOOKUP_WORD_LENGTH} characters`,
  no_letters: 'word must contain at least one letter',
  markup: 'word must not contain markup (< > & " `) or control characters',
} as const;

export interface DictionaryParams {
  readonly word: string;
  readonly language: DictionaryLanguage;
}

export function dictionaryParams(rawWord: unknown, query: RawQuery): DictionaryParams {
  const word = (typeof rawWord === 'string' ? rawWord : '').normalize('NFC').trim();
  const problem = wordProblem(word);
  if (problem !== undefined) throw new ApiError(400, 'invalid_parameter', PROBLEM_MESSAGES[problem], 'word');
  return { word, language: oneOf(query, 'language', DICTIONARY_LANGUAGES) ?? 'en' };
}
