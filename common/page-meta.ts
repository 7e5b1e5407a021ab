/**
 * What each page says about itself in the document head, per text language.
 * Shared by the web app (React 19 head tags) and the server (tags injected into the
 * HTML it serves, so link previews work without JavaScript).
 */
import { OPEN_GRAPH_LOCALES, type TextLanguage } from './languages';

export const SITE_NAME = 'NewsReader English';

export type PageKind = 'home' | 'list' | 'detail' | 'search' | 'words' | 'review';

/** Pages about what this browser keeps (saved words, review): personal, so never indexed. */
export const PRIVATE_PAGE_KINDS: readonly PageKind[] = ['words', 'review'];

interface PageTexts {
  readonly title: string;
  readonly description: string;
  readonly keywords: string;
}

export const PAGE_TEXTS: Readonly<Record<TextLanguage, Readonly<Record<'home' | 'list' | 'words' | 'review', PageTexts>>>> = {
  en: {
    home: {
      title: `${SITE_NAME}: learn English with the news`,
      description: 'Read current news articles in English with key vocabulary, explanations and cultural context in your own language.',
      keywords: 'learn English, English news, English reading practice, vocabulary, ESL',
    },
    list: {
      title: `All articles | ${SITE_NAME}`,
      description: 'Browse, search and filter English news articles by category, source and difficulty.',
      keywords: 'English articles, news for learners, beginner English, intermediate English, advanced English',
    },
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
  },
  zh: {
    home: {
      title: `${SITE_NAME}：通过新闻学英语`,
      description: '阅读最新英文新闻，配有重点词汇、讲解和文化背景，用你的母语学习英语。',
      keywords: '学英语, 英语新闻, 英语阅读, 英语词汇, 英语学习',
    },
    list: {
      title: `全部文章 | ${SITE_NAME}`,
      description: '按类别、来源和难度浏览、搜索和筛选英文新闻文章。',
      keywords: '英语文章, 英语新闻, 初级英语, 中级英语, 高级英语',
    },
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
  },
  es: {
    home: {
      title: `${SITE_NAME}: aprende inglés con las noticias`,
      description: 'Lee noticias actuales en inglés con vocabulario clave, explicaciones y contexto cultural en tu idioma.',
      keywords: 'aprender inglés, noticias en inglés, lectura en inglés, vocabulario, inglés como segunda lengua',
    },
    list: {
      title: `Todos los artículos | ${SITE_NAME}`,
      description: 'Explora, busca y filtra noticias en inglés por categoría, fuente y dificultad.',
      keywords: 'artículos en inglés, noticias para estudiantes, inglés básico, inglés intermedio, inglés avanzado',
    },
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
  },
};

export interface ArticleMetaInput {
  readonly title: string;
  readonly summary?: string;
  readonly date?: string;
  readonly categories?: readonly string[];
}

export interface PageMeta {
  readonly title: string;
  readonly description: string;
  readonly keywords: string;
  /** Path only; the origin is added by whoever writes the tag. */
  readonly canonicalPath: string;
  readonly ogLocale: string;
  readonly ogType: 'website' | 'article';
}

const DETAIL_SUFFIX: Readonly<Record<TextLanguage, string>> = {
  en: 'Read with vocabulary and cultural notes',
  zh: '配有词汇与文化背景的英文阅读',
  es: 'Lectura con vocabulario y notas culturales',
};

export function pageMeta(kind: PageKind, language: TextLanguage, path: string, article?: ArticleMetaInput): PageMeta {
  const base = PAGE_TEXTS[language][kind === 'home' || kind === 'words' || kind === 'review' ? kind : 'list'];
  const common = { canonicalPath: path, ogLocale: OPEN_GRAPH_LOCALES[language] };
  if (kind === 'detail' && article) {
    return {
      ...common,
      title: `${article.title} | ${SITE_NAME}`,
      description: article.summary?.trim() || `${article.title}. ${DETAIL_SUFFIX[language]}.`,
      keywords: [...(article.categories ?? []), base.keywords].join(', '),
      ogType: 'article',
    };
  }
  return { ...common, ...base, ogType: 'website' };
}
