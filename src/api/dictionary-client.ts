/**
 * The word look-up call, decoded with the shared contract. Its own module so that only the
 * detail page's chunk carries it. A word the dictionary does not know is an answer (null), not
 * an error; a look-up is retried once, because a learner waiting on a popover would rather see
 * "Try again" than a spinner for the list pages' full retry schedule.
 */
import { MAX_CONTEXT_SENTENCE_LENGTH, type DictionaryLanguage } from '../../common/dictionary';
import { toWordEntry, type WordEntry } from '../domain/word-lookup';
import { DictionaryWithPhraseCodec } from '../../common/dictionary-contract';
import { ApiError } from './errors';
import { defaultRequestOptions, requestJson, type RequestOptions } from './http';

export interface DictionaryApi {
  /**
   * The entry, or null when the dictionary has no entry for the word. `phrase`: the phrase the
   * word stands in, in the text (give up for gave); its entry comes as the entry's `phrase`.
   */
  lookUpWord(word: string, language: DictionaryLanguage, signal?: AbortSignal, context?: LookupContext): Promise<WordEntry | null>;
}

/** Where the word stands: the phrase the server marked it with, its sentence and the article's category. */
export interface LookupContext {
  readonly phrase?: string;
  readonly sentence?: string;
  readonly category?: string;
}

export const LOOKUP_MAX_RETRIES = 1;

export function createDictionaryClient(options: Partial<RequestOptions> = {}): DictionaryApi {
  const base: RequestOptions = { ...defaultRequestOptions(), maxRetries: LOOKUP_MAX_RETRIES, ...options };
  return {
    async lookUpWord(word, language, signal, context = {}) {
      const { phrase, sentence, category } = context;
      try {
        const response = await requestJson(
          `/dictionary/${encodeURIComponent(word)}`,
          {
            language,
            ...(phrase === undefined ? {} : { phrase }),
            // The server takes a sentence of at most 400 characters, without angle brackets.
            ...(sentence ? { sentence: sentence.replace(/[<>]/g, ' ').slice(0, MAX_CONTEXT_SENTENCE_LENGTH) } : {}),
            ...(category ? { category } : {}),
          },
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
