/** The dictionary's public contract, used by the HTTP route, the importer and the UI. */
import type { DictionaryLanguage } from '../../src/domain/word-lookup';

/** The learner's language the gloss is in (the web app's own type); English entries have none. */
export type { DictionaryLanguage };

export interface DictionaryEntry {
  /** Full word, e.g. 'noun'. */
  readonly partOfSpeech: string;
  /** May be ''. */
  readonly ipa: string;
  /** In the learner's language (zh/es), a few senses joined ('港口；港湾' or 'puerto, abrigo'); absent for 'en' or when none. */
  readonly gloss?: string;
  /** English; may be '' for function words. */
  readonly definition: string;
  /** Codes: oxford3000, collins1..collins5, cet4 cet6 ielts toefl gre zk gk ky. */
  readonly tags: readonly string[];
  readonly frequencyRank: number | null;
  /** The dictionary word this entry belongs to. */
  readonly headword: string;
}

export interface LookupResult {
  readonly query: string;
  readonly lemma: string;
  readonly entries: readonly DictionaryEntry[];
}

export interface Dictionary {
  /** undefined = not in the dictionary. query is the word as asked (trimmed). */
  lookUp(word: string, language: DictionaryLanguage): LookupResult | undefined;
  /** The lemma a form resolves to, or undefined when neither it nor a lemma of it is known. */
  lemmaOf(form: string): string | undefined;
  /**
   * Gloss of lemma for that part of speech (importer: sense chosen by the word's part of speech in
   * its sentence); falls back to the lemma's most common part of speech only when
   * `fallbackToOtherPos` is true.
   */
  gloss(lemma: string, partOfSpeech: string, language: 'zh' | 'es', fallbackToOtherPos?: boolean): string | undefined;
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
