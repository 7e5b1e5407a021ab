/**
 * Texts only the server writes: the headings and labels of the rendered article. Per text
 * language (en, zh, es); other languages get English. The names of categories and difficulty
 * levels are the web app's too, in common/labels.ts, so the API and the pages never disagree.
 */
import type { TextLanguage } from '../../common/languages';

export interface ArticleLabels {
  readonly summary: string;
  readonly articleText: string;
  readonly keyVocabulary: string;
  readonly culturalContext: string;
  readonly definition: string;
  readonly example: string;
  readonly translation: string;
  /** Where a vocabulary word has no translation in the learner's language. */
  readonly noTranslation: string;
  readonly source: string;
  readonly categories: string;
  readonly readOriginal: string;
  /** Under help a language model wrote, with the model's name. */
  readonly machineWritten: (model: string) => string;
  readonly hardSentences: string;
  readonly readingTime: (minutes: number) => string;
  readonly wordCount: (words: number) => string;
}

export const ARTICLE_LABELS: Readonly<Record<TextLanguage, ArticleLabels>> = {
  en: {
    summary: 'Summary',
    articleText: 'Article',
    keyVocabulary: 'Key vocabulary',
    culturalContext: 'Cultural context',
    definition: 'Definition',
    example: 'Example',
    translation: 'Translation',
    noTranslation: 'No translation yet',
    source: 'Source',
    categories: 'Categories',
    readOriginal: 'Read the original article',
    machineWritten: (model) => `Machine-written by the language model ${model}; it may contain mistakes.`,
    hardSentences: 'Hard sentences explained',
    readingTime: (m) => `${m} min read`,
    wordCount: (w) => `${w} words`,
  },
  zh: {
    summary: '摘要',
    articleText: '正文',
    keyVocabulary: '重点词汇',
    culturalContext: '文化背景',
    definition: '英文释义',
    example: '例句',
    translation: '中文释义',
    noTranslation: '暂无中文释义（下面是英文释义）',
    source: '来源',
    categories: '类别',
    readOriginal: '阅读原文',
    machineWritten: (model) => `以上内容由语言模型 ${model} 自动生成，可能有错误。`,
    hardSentences: '难句解析',
    readingTime: (m) => `阅读约 ${m} 分钟`,
    wordCount: (w) => `${w} 词`,
  },
  es: {
    summary: 'Resumen',
    articleText: 'Artículo',
    keyVocabulary: 'Vocabulario clave',
    culturalContext: 'Contexto cultural',
    definition: 'Definición en inglés',
    example: 'Ejemplo',
    translation: 'Traducción',
    noTranslation: 'Aún sin traducción al español (abajo, la definición en inglés)',
    source: 'Fuente',
    categories: 'Categorías',
    readOriginal: 'Leer el artículo original',
    machineWritten: (model) => `Escrito automáticamente por el modelo de lenguaje ${model}; puede contener errores.`,
    hardSentences: 'Frases difíciles explicadas',
    readingTime: (m) => `${m} min de lectura`,
    wordCount: (w) => `${w} palabras`,
  },
};
