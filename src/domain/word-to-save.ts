/**
 * What the Save buttons keep: from a dictionary entry (the word entry) or from an item of the
 * article's vocabulary list. Pure, so both buttons save the same shape.
 */
import type { TextLanguage } from '../../common/languages';
import { newCard, savedWordId, type SavedWord } from './saved-words';
import type { WordEntry } from './word-lookup';

export interface SaveSource {
  /** The word as the learner met it. */
  readonly word: string;
  readonly lemma: string;
  readonly gloss: string | null;
  readonly ipa: string | null;
  readonly definition: string | null;
  readonly sentence: string;
  /** Known only as printed (the vocabulary list): its dictionary form is looked up when it is saved. */
  readonly formOnly?: boolean;
}

export interface SaveContext {
  readonly textLanguage: TextLanguage;
  readonly articleId: string;
  readonly articleTitle: string;
  readonly now: Date;
}

function present(text: string | undefined | null): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The first sense with a gloss in the page language gives the gloss (none on English pages); the first sense the IPA and definition. */
export function saveSourceFromEntry(entry: WordEntry, word: string, sentence: string, textLanguage: TextLanguage): SaveSource {
  const first = entry.senses[0];
  const glossed = textLanguage === 'en' ? undefined : entry.senses.find((sense) => present(sense.gloss) !== null);
  return {
    word: present(word) ?? entry.query,
    lemma: entry.lemma,
    gloss: present(glossed?.gloss),
    ipa: present(first?.ipa),
    definition: present(first?.definition),
    sentence,
  };
}

export function wordToSave(source: SaveSource, context: SaveContext): SavedWord {
  return {
    id: savedWordId(source.lemma),
    word: source.word.trim(),
    lemma: source.lemma.trim(),
    gloss: context.textLanguage === 'en' ? null : present(source.gloss),
    glossLanguage: context.textLanguage,
    ipa: present(source.ipa),
    definition: present(source.definition),
    sentence: source.sentence.trim(),
    articleId: context.articleId,
    articleTitle: context.articleTitle,
    savedAt: context.now.toISOString(),
    card: newCard(context.now),
  };
}

/**
 * A word saved as printed, given the dictionary form the entry names: its id and lemma, and the
 * IPA, gloss and definition it lacked. Without an entry it stays as printed.
 */
export function withDictionaryForm(word: SavedWord, entry: WordEntry | null): SavedWord {
  if (entry === null || entry.lemma.trim() === '') return word;
  const source = saveSourceFromEntry(entry, word.word, word.sentence, word.glossLanguage);
  return {
    ...word,
    id: savedWordId(entry.lemma),
    lemma: entry.lemma.trim(),
    gloss: word.gloss ?? (word.glossLanguage === 'en' ? null : source.gloss),
    ipa: word.ipa ?? source.ipa,
    definition: word.definition ?? source.definition,
  };
}
