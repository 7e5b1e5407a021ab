/**
 * What every article gets from the bundled dictionary, imported or sample alike: a Chinese and a
 * Spanish gloss for each vocabulary word (the sense chosen by the word's part of speech in the
 * article), and an example cut to the clause around the word. Hand-written glosses are kept.
 * Also names the help an article still lacks in a learner's language.
 */
import type { MissingHelp } from '../../common/catalog';
import type { LanguageCode } from '../../common/languages';
import type { MachineWritten } from '../../common/contract';
import type { ArticleInput, TranslatedLanguage, VocabularyItem } from '../store/types';
import type { LookupResult } from '../dictionary/dictionary-types';
import { formMatcher, type WordForms } from './word-markup';

export interface GlossDictionary extends WordForms {
  gloss(lemma: string, partOfSpeech: string, language: TranslatedLanguage, fallbackToOtherPos?: boolean): string | undefined;
  /** The sense the card's example means when it is not the most frequent one (the bundled dictionary's). */
  senseIn?(
    lemma: string,
    partOfSpeech: string,
    sentence: string,
    category?: string,
  ): { definition: string; zh: string; es: string } | undefined;
  /** The bundled dictionary's look-up, for phrase cards (phrase-vocabulary.ts); absent in small fakes. */
  lookUp?(word: string, language: 'en'): LookupResult | undefined;
}

const GLOSS_LANGUAGES: readonly TranslatedLanguage[] = ['zh', 'es'];

/** An example longer than this is cut to the clause around the word. */
export const EXAMPLE_MAX_WORDS = 25;
/** A clause shorter than this is too little context: a neighbouring clause is added. */
const CLAUSE_MIN_WORDS = 8;
const WORD = /\p{L}+(?:['’-]\p{L}+)*/gu;
/** Clause boundaries: the punctuation after which a new clause starts. */
const CLAUSE_END = /[,;:()]\s+|\s+[—–-]\s+|[—–]/g;

/** Words, not counting the ellipses a cut leaves, so cutting an example twice changes nothing. */
function wordCount(text: string): number {
  return text.split(/\s+/).filter((token) => token !== '' && token !== '…').length;
}

function clauses(sentence: string): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  let start = 0;
  for (const match of sentence.matchAll(CLAUSE_END)) {
    const end = match.index + match[0].length;
    if (end > start) spans.push({ start, end });
    start = end;
  }
  if (start < sentence.length) spans.push({ start, end: sentence.length });
  return spans;
}

/** At most `max` words around the character position `at`, with an ellipsis where text was cut. */
function window(sentence: string, at: number, max: number): string {
  const tokens = [...sentence.matchAll(/\S+/g)].filter((token) => token[0] !== '…');
  const centre = Math.max(
    0,
    tokens.findIndex((token) => token.index + token[0].length > at),
  );
  const first = Math.max(0, Math.min(centre - Math.floor(max / 2), tokens.length - max));
  const chosen = tokens.slice(first, first + max);
  const text = chosen.map((token) => token[0]).join(' ');
  return `${first > 0 ? '… ' : ''}${text}${first + max < tokens.length ? ' …' : ''}`;
}

function tidy(piece: string, cutBefore: boolean, cutAfter: boolean): string {
  const core = piece
    .trim()
    .replace(/^[,;:—–-]\s*/, '')
    .replace(/\s*[,;:—–-]$/, '');
  return `${cutBefore ? '… ' : ''}${core}${cutAfter ? ' …' : ''}`;
}

/** Where the word (in any form) or the phrase (as written) first stands in the text. */
function findWord(text: string, word: string, forms?: WordForms): { index: number } | undefined {
  if (/\s/.test(word.trim())) {
    const at = text.toLowerCase().indexOf(word.trim().toLowerCase());
    if (at >= 0) return { index: at };
    // An inflected phrase (coming back): where its first word stands in any form.
    const isFirst = formMatcher([word.trim().split(/\s+/)[0]!], forms);
    return [...text.matchAll(WORD)].find((match) => isFirst(match[0]));
  }
  const isForm = formMatcher([word], forms);
  return [...text.matchAll(WORD)].find((match) => isForm(match[0]));
}

/**
 * The example a learner reads: the sentence when it is short, else the clause that holds the
 * word (with neighbours while it stays short), else the words around it.
 */
export function exampleClause(sentence: string, word: string, forms?: WordForms): string {
  const text = sentence.trim();
  if (wordCount(text) <= EXAMPLE_MAX_WORDS) return text;
  const hit = findWord(text, word, forms);
  if (hit === undefined) return window(text, 0, EXAMPLE_MAX_WORDS);
  const spans = clauses(text);
  let first = spans.findIndex((span) => hit.index < span.end);
  let last = first;
  const size = () => wordCount(text.slice(spans[first]!.start, spans[last]!.end));
  while (size() < CLAUSE_MIN_WORDS) {
    const grown =
      last + 1 < spans.length && wordCount(text.slice(spans[first]!.start, spans[last + 1]!.end)) <= EXAMPLE_MAX_WORDS
        ? { first, last: last + 1 }
        : first > 0 && wordCount(text.slice(spans[first - 1]!.start, spans[last]!.end)) <= EXAMPLE_MAX_WORDS
          ? { first: first - 1, last }
          : undefined;
    if (grown === undefined) break;
    ({ first, last } = grown);
  }
  const piece = text.slice(spans[first]!.start, spans[last]!.end);
  if (wordCount(piece) > EXAMPLE_MAX_WORDS) return window(text, hit.index, EXAMPLE_MAX_WORDS);
  return tidy(piece, first > 0, last < spans.length - 1);
}

/**
 * Glosses from the dictionary where none was written, and examples cut to their clause. `category`:
 * the article's first, which weighs in the sense a card shows as it does for a tap.
 */
export function withDictionaryGlosses(
  vocabulary: readonly VocabularyItem[],
  dictionary: GlossDictionary,
  category?: string,
): VocabularyItem[] {
  return vocabulary.map((item) => {
    const translations: Partial<Record<TranslatedLanguage, string>> = { ...item.translations };
    const written = GLOSS_LANGUAGES.filter((language) => translations[language]?.trim());
    // The sense the example means (the same ranking as a tap), for cards whose definition is the
    // dictionary's most frequent sense (the importer's); a person's definition and glosses stand.
    const frequent = dictionary.lookUp?.(item.word, 'en')?.entries.find((entry) => entry.partOfSpeech === item.partOfSpeech);
    const ranked =
      frequent !== undefined && item.example !== ''
        ? dictionary.senseIn?.(item.word, item.partOfSpeech, item.example, category)
        : undefined;
    // A card an earlier pass gave the ranked sense keeps that sense's glosses (none where it has none),
    // never the most frequent sense's: a second pass changes nothing.
    const rankedBefore = ranked !== undefined && ranked.definition === item.definition;
    const sense = rankedBefore || (written.length === 0 && frequent?.definition === item.definition) ? ranked : undefined;
    for (const language of GLOSS_LANGUAGES) {
      if (translations[language]?.trim()) continue;
      const gloss = sense ? sense[language] : dictionary.gloss(item.word, item.partOfSpeech, language, true);
      if (gloss) translations[language] = gloss;
    }
    const definition = sense?.definition || item.definition;
    return { ...item, definition, example: exampleClause(item.example, item.word, dictionary), translations };
  });
}

/** The same article with its vocabulary helped by the dictionary (every other field kept). */
export function withReadingHelp<T extends Pick<ArticleInput, 'vocabulary'> & { readonly categories?: readonly string[] }>(
  article: T,
  dictionary: GlossDictionary,
): T {
  return { ...article, vocabulary: withDictionaryGlosses(article.vocabulary, dictionary, article.categories?.[0]) };
}

/** What the article page says is not there yet for a learner reading in `language`. */
export function missingHelp(
  article: Pick<ArticleInput, 'summaryTranslations' | 'culturalNotes' | 'machineHelp'>,
  language: LanguageCode,
): MissingHelp[] {
  const translated = language === 'zh' || language === 'es' ? language : undefined;
  const machine = translated ? article.machineHelp?.[translated] : undefined;
  const missing: MissingHelp[] = [];
  if (translated && !article.summaryTranslations[translated]?.trim() && !machine?.summary?.trim()) missing.push('summary');
  const notesInLanguage = article.culturalNotes.filter((note) => {
    if (!translated) return true;
    const local = note.translations[translated];
    return Boolean(local?.title?.trim() && local?.body?.trim());
  });
  if (notesInLanguage.length === 0 && !machine?.notes.length) missing.push('cultural_notes');
  return missing;
}

/** The API's marker of machine-written help shown in this language (the page says the same in words). */
export function machineWritten(
  article: Pick<ArticleInput, 'summaryTranslations' | 'culturalNotes' | 'machineHelp'>,
  language: LanguageCode,
): { machine_written?: MachineWritten } {
  const translated = language === 'zh' || language === 'es' ? language : undefined;
  const machine = translated ? article.machineHelp?.[translated] : undefined;
  if (!translated || !machine) return {};
  const parts: MachineWritten['parts'] = [];
  if (machine.summary?.trim() && !article.summaryTranslations[translated]?.trim()) parts.push('summary');
  if (machine.notes.length) parts.push('cultural_notes');
  if (machine.sentences.length) parts.push('hard_sentences');
  return parts.length ? { machine_written: { model: machine.model, parts } } : {};
}
