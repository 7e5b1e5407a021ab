/**
 * The answers of the dictionary API, built from the bundled dictionary: a word's entries (with the
 * phrase it stands in), and the placement's words of a level. routes/dictionary-routes.ts sends them.
 */
import type { DictionaryLanguage } from '../../common/dictionary';
import type { DictionaryResponse, DictionaryWithPhrase } from '../../common/dictionary-contract';
import { listCheck, type LevelWords } from '../../common/lemma-contract';
import { BASELINE_RANK, FREQUENCY_BAND_SIZE, tagsOfLevel, type PlacementLevel } from '../../common/placement-levels';
import type { Dictionary, LookupResult } from '../dictionary/dictionary-types';
import { ApiError } from '../http/api-error';

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

/** A word's entries, its phrase's first when the phrase has its own; a 404 when the dictionary has no entry. */
export function dictionaryAnswer(
  dictionary: Dictionary,
  word: string,
  language: DictionaryLanguage,
  { phrase, sentence, category }: { phrase?: string | undefined; sentence?: string | undefined; category?: string | undefined },
): DictionaryWithPhrase {
  const context = {
    ...(sentence === undefined ? {} : { sentence }),
    ...(category === undefined ? {} : { category }),
  };
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
}

/** The placement's words of a level: bundled data. */
export function levelWordsAnswer(dictionary: Dictionary, level: PlacementLevel): LevelWords {
  const top = (FREQUENCY_BAND_SIZE as Readonly<Record<string, number>>)[level] ?? BASELINE_RANK;
  const words = dictionary.wordsOfLevel?.(tagsOfLevel(level), top) ?? [];
  // With its check, so the browser can match it to the cards' answers without hashing it.
  const body: LevelWords = { level, words: words.join(' '), check: listCheck(words) };
  return body;
}
