/**
 * What the personal pages (saved words, review) say about themselves in the document head, in
 * every text language. Apart from the shared texts of each language, so that only those pages'
 * own chunks and the server carry them.
 */
import type { TextLanguage } from './languages';
import type { PersonalPageKind } from './page-meta';
import type { PageTexts } from './shared-texts';
import { SITE_NAME } from './site-name';

export const PERSONAL_PAGE_TEXTS: Readonly<Record<TextLanguage, Readonly<Record<PersonalPageKind, PageTexts>>>> = {
  en: {
    words: {
      title: `My words | ${SITE_NAME}`,
      description: 'The English words you saved while reading, kept in this browser.',
      keywords: 'saved words, English vocabulary, word list',
    },
    review: {
      title: `Review | ${SITE_NAME}`,
      description: 'Review the English words you saved, spaced so that they stick.',
      keywords: 'vocabulary review, spaced repetition, flashcards',
    },
    level: {
      title: `Find your level | ${SITE_NAME}`,
      description: 'Tell the site which English words you already know, so every article shows how much of it you can read.',
      keywords: 'English level, vocabulary size, placement',
    },
    progress: {
      title: `My progress | ${SITE_NAME}`,
      description: 'The English words you know, what you marked each day and the articles you finished, from this browser.',
      keywords: 'progress, vocabulary, streak',
    },
    practice: {
      title: `Practice | ${SITE_NAME}`,
      description: "Gap fills, listening, word order and meanings made from the article's own sentences.",
      keywords: 'English practice, gap fill, listening, vocabulary',
    },
  },
  zh: {
    words: {
      title: `我的生词 | ${SITE_NAME}`,
      description: '你在阅读中保存的英语单词，保存在本浏览器中。',
      keywords: '生词本, 英语词汇, 单词表',
    },
    review: {
      title: `复习 | ${SITE_NAME}`,
      description: '按间隔重复复习你保存的英语单词，记得更牢。',
      keywords: '单词复习, 间隔重复, 单词卡',
    },
    level: {
      title: `测测你的水平 | ${SITE_NAME}`,
      description: '告诉网站你已经认识哪些英语单词，每篇文章都会显示你能读懂多少。',
      keywords: '英语水平, 词汇量, 分级',
    },
    progress: {
      title: `我的进度 | ${SITE_NAME}`,
      description: '你认识的英语单词、每天标记的词和读完的文章，来自本浏览器。',
      keywords: '学习进度, 词汇量, 连续天数',
    },
    practice: {
      title: `练习 | ${SITE_NAME}`,
      description: '用文章自己的句子做的练习：选词填空、听写、排词成句和词义配对。',
      keywords: '英语练习, 选词填空, 听力, 词汇',
    },
  },
  es: {
    words: {
      title: `Mis palabras | ${SITE_NAME}`,
      description: 'Las palabras en inglés que guardaste al leer, guardadas en este navegador.',
      keywords: 'palabras guardadas, vocabulario en inglés, lista de palabras',
    },
    review: {
      title: `Repaso | ${SITE_NAME}`,
      description: 'Repasa las palabras en inglés que guardaste, espaciadas para que se queden.',
      keywords: 'repaso de vocabulario, repetición espaciada, tarjetas',
    },
    level: {
      title: `Tu nivel | ${SITE_NAME}`,
      description: 'Dile al sitio qué palabras en inglés ya conoces y cada artículo te mostrará cuánto puedes leer.',
      keywords: 'nivel de inglés, vocabulario, prueba de nivel',
    },
    progress: {
      title: `Mi progreso | ${SITE_NAME}`,
      description: 'Las palabras en inglés que conoces, las que marcaste cada día y los artículos que terminaste, desde este navegador.',
      keywords: 'progreso, vocabulario, racha',
    },
    practice: {
      title: `Práctica | ${SITE_NAME}`,
      description: 'Huecos, dictado, orden de palabras y significados hechos con las frases del propio artículo.',
      keywords: 'práctica de inglés, completar huecos, comprensión auditiva, vocabulario',
    },
  },
};
