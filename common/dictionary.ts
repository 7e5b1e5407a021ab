/**
 * What the dictionary accepts and answers, shared by the web app and the server: the languages it
 * glosses in, which words may be looked up (the server refuses the rest with a 400, and the web app
 * never asks for them), and one sense of a word.
 */
import type { TextLanguage } from './languages';

/** The dictionary answers in the page's text language: a gloss in zh or es, English only for en. */
export type DictionaryLanguage = TextLanguage;
export const DICTIONARY_LANGUAGES: readonly DictionaryLanguage[] = ['zh', 'es', 'en'];

/** No English word is longer; anything longer is not a word. */
export const MAX_LOOKUP_WORD_LENGTH = 64;

/** The sentence sent with a word to choose its sense; a longer one is cut to this many characters. */
export const MAX_CONTEXT_SENTENCE_LENGTH = 400;

/** A word has at least one letter (the server's JSON Schema for `word` reuses this pattern). */
export const LETTER = /\p{L}/u;
/** Markup and control characters never belong in a word; the server refuses them with a 400. */
// eslint-disable-next-line no-control-regex -- the point is to find control characters
export const MARKUP_OR_CONTROL = /[<>&"`\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

export type WordProblem = 'empty' | 'too_long' | 'no_letters' | 'markup';

/** Why the server refuses a word (400), or undefined when it is acceptable to ask. */
export function wordProblem(word: string): WordProblem | undefined {
  if (word.trim() === '') return 'empty';
  if (word.length > MAX_LOOKUP_WORD_LENGTH) return 'too_long';
  if (MARKUP_OR_CONTROL.test(word)) return 'markup';
  if (!LETTER.test(word)) return 'no_letters';
  return undefined;
}

/** One part of speech of a looked-up word, as the entry shows it. */
export interface WordSense {
  readonly partOfSpeech: string;
  readonly ipa: string;
  /** In the learner's language; undefined when the dictionary has none (or for English). */
  readonly gloss?: string;
  /** True when every gloss known belongs to another sense of the word than the definition's. */
  readonly glossOtherSense?: boolean;
  readonly definition: string;
  readonly tags: readonly string[];
  readonly frequencyRank: number | null;
  /** The dictionary word this sense belongs to. */
  readonly headword: string;
}
