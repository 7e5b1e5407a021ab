/**
 * The word look-up call, decoded with the shared contract. Its own module so that only the
 * detail page's chunk carries it. A word the dictionary does not know is an answer (null), not
 * an error; a look-up is retried once, because a learner waiting on a popover would rather see
 * "Try again" than a spinner for the list pages' full retry schedule.
 */
import type { DictionaryLanguage } from '../../common/dictionary';
import { toWordEntry, type WordEntry } from '../domain/word-lookup';
import { DictionaryWithPhraseCodec } from '../../common/dictionary-contract';
import { ApiError } from './errors';
import { defaultRequestOptions, requestJson, type RequestOptions } from './http';

export interface DictionaryApi {
  /**
   * The entry, or null when the dictionary has no entry for the word. `phrase`: the phrase the
   * word stands in, in the text (give up for gave); its entry comes as the entry's `phrase`.
   */
  lookUpWord(word: string, language: DictionaryLanguage, signal?: AbortSignal, phrase?: string): Promise<WordEntry | null>;
}

export const LOOKUP_MAX_RETRIES = 1;

export function createDictionaryClient(options: Partial<RequestOptions> = {}): DictionaryApi {
  const base: RequestOptions = { ...defaultRequestOptions(), maxRetries: LOOKUP_MAX_RETRIES, ...options };
  return {
    async lookUpWord(word, language, signal, phrase) {
      try {
        const response = await requestJson(
          `/dictionary/${encodeURIComponent(word)}`,
          phrase === undefined ? { language } : { language, phrase },
          DictionaryWithPhraseCodec,
          signal === undefined ? base : { ...base, signal },
        );
        return toWordEntry(response);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404 && error.serverError?.code === 'not_found') return null;
        throw error;
      }
    },
  };
}
