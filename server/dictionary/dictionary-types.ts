/** The dictionary's public contract, used by the HTTP route, the importer and the UI. */
import type { DictionaryLanguage, WordSense } from '../../common/dictionary';

/** The learner's language the gloss is in (shared with the web app in common/dictionary.ts); English entries have none. */
export type { DictionaryLanguage };

/** One part of speech of a headword: the same shape the web app's entry shows (WordSense). */
export type DictionaryEntry = WordSense;

export interface LookupContext {
  readonly sentence?: string;
  /** The article's category (common/catalog.ts CATEGORY_IDS): its words count as context too. */
  readonly category?: string;
}

export interface LookupResult {
  readonly query: string;
  readonly lemma: string;
  readonly entries: readonly DictionaryEntry[];
}

/** A phrase headword, as the phrase finder (server/content/phrase-finder.ts) needs it. */
export interface PhraseListing {
  readonly phrase: string;
  /** Its most common part of speech. */
  readonly partOfSpeech: string;
  /** Common enough to be marked in article text (seen in WordNet's tagged corpus, or a level mark). */
  readonly markable: boolean;
}

export interface Dictionary {
  /**
   * undefined = not in the dictionary. query is the word or phrase as asked (trimmed). With a
   * context (the sentence the word stands in, the article's category), each part of speech shows
   * the sense it most likely means there (sense-ranking.ts), with that sense's glosses, and the part
   * of speech the word has in the sentence comes first (sentence-pos.ts).
   */
  lookUp(word: string, language: DictionaryLanguage, context?: LookupContext): LookupResult | undefined;
  /** The lemma a form resolves to, or undefined when neither it nor a lemma of it is known. */
  lemmaOf(form: string): string | undefined;
  /**
   * Gloss of lemma for that part of speech (importer: sense chosen by the word's part of speech in
   * its sentence); falls back to the lemma's most common part of speech only when
   * `fallbackToOtherPos` is true.
   */
  gloss(lemma: string, partOfSpeech: string, language: 'zh' | 'es', fallbackToOtherPos?: boolean): string | undefined;
  /**
   * Headwords of a placement level (common/placement-levels.ts), most frequent first: those tagged
   * with the level's exams, or the level's band of the most frequent, plus the baseline.
   */
  wordsOfLevel?(tags: readonly string[], topRank: number): string[];
  /**
   * The sense of a headword's part of speech that a sentence means, when it is not the most frequent
   * one (which the entry and gloss() give): its definition and glosses ('' where no source gives one).
   */
  senseIn(
    lemma: string,
    partOfSpeech: string,
    sentence: string,
    category?: string,
  ): { definition: string; zh: string; es: string } | undefined;
  /** Every phrase headword (give up, waiting list), for finding phrases in article text. */
  phrases(): readonly PhraseListing[];
  /** Data version (the manifest's combined hash), so callers can tell when glosses may have changed. */
  readonly version: string;
  close(): void;
}

export interface DictionaryLoadReport {
  readonly built: boolean;
  readonly millis: number;
  readonly headwords: number;
  readonly path: string;
}

/** The message names the damaged file and what is wrong with it. */
export class DictionaryDataError extends Error {
  override readonly name = 'DictionaryDataError';
}
