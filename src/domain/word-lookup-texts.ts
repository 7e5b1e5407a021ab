/**
 * Texts of a word's entry on the article page. Apart from texts.ts because only the article page's
 * code needs them; the home and list pages never download them. Apart from article-help-texts.ts
 * because the early look-up (src/app/early-lookup.tsx), fetched as the article page's app starts,
 * shows an entry and nothing else: the route's own texts come with the route (decision 62).
 */
import type { TextLanguage } from '../../common/languages';
import { formatCount } from './number-format';

export interface ReadingHelpTexts {
  readonly entryLabel: string;
  readonly close: string;
  readonly lookingUp: (word: string) => string;
  readonly noEntry: (word: string) => string;
  readonly failed: (word: string) => string;
  readonly tryAgain: string;
  /** "went" is a form of "go". */
  readonly formOf: (query: string, lemma: string) => string;
  readonly alsoHeadword: (headword: string) => string;
  /** Heading of the phrase's entry, shown before the tapped word's. */
  readonly phraseHeading: (phrase: string) => string;
  /** Said before glosses that belong to the word's other senses, not the definition's. */
  readonly glossOtherSense: string;
  readonly pronunciation: string;
  readonly glossLabel: string;
  /** Said where the dictionary has no gloss in this language for a sense. */
  readonly noGloss: string;
  readonly englishDefinition: string;
  readonly levels: string;
  readonly frequency: (rank: number) => string;
}

export const READING_HELP_TEXTS = {
  en: {
    entryLabel: 'Dictionary entry',
    close: 'Close',
    lookingUp: (word) => `Looking up “${word}”…`,
    noEntry: (word) => `The dictionary has no entry for “${word}”.`,
    failed: (word) => `“${word}” could not be looked up.`,
    tryAgain: 'Try again',
    formOf: (query, lemma) => `“${query}” is a form of “${lemma}”.`,
    alsoHeadword: (headword) => `“${headword}” as a word of its own`,
    phraseHeading: (phrase) => `Phrase: ${phrase}`,
    glossOtherSense: 'No translation for this sense; other senses:',
    pronunciation: 'Pronunciation',
    glossLabel: 'Meaning',
    noGloss: 'No translation in this dictionary yet.',
    englishDefinition: 'English definition',
    levels: 'Level',
    frequency: (rank) => `Frequency rank ${formatCount(rank, 'en-US')}`,
  },
  zh: {
    entryLabel: '词典释义',
    close: '关闭',
    lookingUp: (word) => `正在查询“${word}”…`,
    noEntry: (word) => `词典中没有“${word}”的释义。`,
    failed: (word) => `无法查询“${word}”。`,
    tryAgain: '重试',
    formOf: (query, lemma) => `“${query}”是“${lemma}”的变化形式。`,
    alsoHeadword: (headword) => `“${headword}”作为独立单词`,
    phraseHeading: (phrase) => `短语：${phrase}`,
    glossOtherSense: '此义项暂无中文释义；其他义项：',
    pronunciation: '发音',
    glossLabel: '中文释义',
    noGloss: '暂无中文释义。',
    englishDefinition: '英文释义',
    levels: '级别',
    frequency: (rank) => `词频排名 ${formatCount(rank, 'zh-CN')}`,
  },
  es: {
    entryLabel: 'Entrada del diccionario',
    close: 'Cerrar',
    lookingUp: (word) => `Buscando «${word}»…`,
    noEntry: (word) => `El diccionario no tiene una entrada para «${word}».`,
    failed: (word) => `No se pudo buscar «${word}».`,
    tryAgain: 'Intentar de nuevo',
    formOf: (query, lemma) => `«${query}» es una forma de «${lemma}».`,
    alsoHeadword: (headword) => `«${headword}» como palabra propia`,
    phraseHeading: (phrase) => `Expresión: ${phrase}`,
    glossOtherSense: 'Sin traducción para este sentido; otros sentidos:',
    pronunciation: 'Pronunciación',
    glossLabel: 'Significado',
    noGloss: 'Aún no hay traducción al español.',
    englishDefinition: 'Definición en inglés',
    levels: 'Nivel',
    frequency: (rank) => `Puesto de frecuencia ${formatCount(rank, 'es-ES')}`,
  },
} satisfies Record<TextLanguage, ReadingHelpTexts>;

export function readingHelpTextsFor(language: TextLanguage): ReadingHelpTexts {
  return READING_HELP_TEXTS[language];
}
