/**
 * Names of the parts of speech the dictionary and the vocabulary lists use, per text language.
 * Shared by the web app (the word entry) and the server (the rendered vocabulary list).
 */
import type { TextLanguage } from './languages';

export const PART_OF_SPEECH_NAMES: Readonly<Record<TextLanguage, Readonly<Record<string, string>>>> = {
  en: {},
  zh: {
    noun: '名词',
    verb: '动词',
    adjective: '形容词',
    adverb: '副词',
    phrase: '短语',
    'phrasal verb': '短语动词',
    idiom: '习语',
    preposition: '介词',
    conjunction: '连词',
    pronoun: '代词',
    determiner: '限定词',
    article: '冠词',
    numeral: '数词',
    interjection: '感叹词',
    auxiliary: '助动词',
    abbreviation: '缩写',
    prefix: '前缀',
    suffix: '后缀',
  },
  es: {
    noun: 'sustantivo',
    verb: 'verbo',
    adjective: 'adjetivo',
    adverb: 'adverbio',
    phrase: 'frase',
    'phrasal verb': 'verbo frasal',
    idiom: 'modismo',
    preposition: 'preposición',
    conjunction: 'conjunción',
    pronoun: 'pronombre',
    determiner: 'determinante',
    article: 'artículo',
    numeral: 'numeral',
    interjection: 'interjección',
    auxiliary: 'verbo auxiliar',
    abbreviation: 'abreviatura',
    prefix: 'prefijo',
    suffix: 'sufijo',
  },
};

/** The part of speech in the learner's language; English (and anything unlisted) as given. */
export function partOfSpeechName(partOfSpeech: string, language: TextLanguage): string {
  const key = partOfSpeech.trim().toLowerCase();
  return PART_OF_SPEECH_NAMES[language][key] ?? partOfSpeech;
}
