/**
 * Texts of the review page (/{lang}/review), apart from texts.ts because only the review
 * route's chunk needs them. Dates and intervals go through Intl in the page language; due dates
 * are shown in the learner's own time zone (unlike article dates, which are UTC for everyone),
 * because "due at 17:00" is about the learner's day.
 */
import { DATE_LOCALES, type TextLanguage } from '../../common/languages';
import type { WordStoreProblem } from './saved-words';
import type { ReviewGrade } from './scheduling';

/** The word store's problems, as src/domain/saved-words.ts defines them. */
export type StoreProblem = WordStoreProblem;

export interface ReviewTexts {
  readonly heading: string;
  /** What a review is: the page's structure, shown before the words load. */
  readonly intro: string;
  readonly loading: string;
  /** "3 of 10" */
  readonly progress: (position: number, total: number) => string;
  /** Said by screen readers when a card appears. */
  readonly cardAnnounced: (word: string, position: number, total: number) => string;
  readonly answerAnnounced: (word: string) => string;
  readonly sentenceLabel: string;
  readonly fromArticle: string;
  /** The article link's name when the word has no article title (an imported word). */
  readonly anArticle: string;
  readonly reveal: string;
  readonly revealHint: string;
  readonly pronunciation: string;
  readonly glossLabel: string;
  readonly englishDefinition: string;
  readonly gradesLabel: string;
  readonly grades: Readonly<Record<ReviewGrade, string>>;
  readonly keysHint: string;
  readonly saving: string;
  readonly doneTitle: string;
  readonly reviewed: (count: number) => string;
  readonly gradeCount: (grade: string, count: number) => string;
  readonly nextDue: (date: string) => string;
  readonly emptyTitle: string;
  readonly noWordsTitle: string;
  readonly noWordsBody: string;
  readonly toArticles: string;
  readonly toWords: string;
  readonly problems: Readonly<Record<StoreProblem, string>>;
  readonly tryAgain: string;
}

export const REVIEW_TEXTS = {
  en: {
    heading: 'Review',
    intro:
      'The words you saved come back here when it is time to see them again. Recall what a word means, show the answer, then say how well you knew it: the better you knew it, the later it comes back.',
    loading: 'Loading your words…',
    progress: (position, total) => `${position} of ${total}`,
    cardAnnounced: (word, position, total) => `Card ${position} of ${total}: ${word}`,
    answerAnnounced: (word) => `Answer for ${word} shown. Grade it with keys 1 to 4.`,
    sentenceLabel: 'In the sentence',
    fromArticle: 'From',
    anArticle: 'the article',
    reveal: 'Show answer',
    revealHint: 'Space or Enter',
    pronunciation: 'Pronunciation',
    glossLabel: 'Meaning',
    englishDefinition: 'English definition',
    gradesLabel: 'How well did you remember it?',
    grades: { again: 'Again', hard: 'Hard', good: 'Good', easy: 'Easy' },
    keysHint: 'Keys 1, 2, 3 and 4 choose Again, Hard, Good and Easy.',
    saving: 'Saving…',
    doneTitle: 'Review finished',
    reviewed: (count) => (count === 1 ? 'You reviewed 1 word.' : `You reviewed ${count} words.`),
    gradeCount: (grade, count) => `${grade}: ${count}`,
    nextDue: (date) => `Next review: ${date}.`,
    emptyTitle: 'Nothing to review right now',
    noWordsTitle: 'No saved words yet',
    noWordsBody: 'Save words while you read an article, and they come here for review.',
    toArticles: 'Read articles',
    toWords: 'My words',
    problems: {
      unavailable: 'This browser cannot keep saved words (storage is turned off or unavailable, as in some private windows).',
      newerVersion: 'Your saved words were stored by a newer version of this site. Reload the page to update it.',
      quotaFull: 'The browser’s storage is full, so the grade could not be saved.',
      failed: 'Your saved words could not be read or saved.',
    },
    tryAgain: 'Try again',
  },
  zh: {
    heading: '复习',
    intro: '你收藏的单词到了该复习的时候会出现在这里。先回想单词的意思，再显示答案，然后说出你记得多好：记得越好，它下次出现得越晚。',
    loading: '正在加载你的单词…',
    progress: (position, total) => `第 ${position} 个，共 ${total} 个`,
    cardAnnounced: (word, position, total) => `第 ${position} 个，共 ${total} 个：${word}`,
    answerAnnounced: (word) => `已显示 ${word} 的答案。用数字键 1 到 4 评分。`,
    sentenceLabel: '原句',
    fromArticle: '出自',
    anArticle: '原文',
    reveal: '显示答案',
    revealHint: '空格键或回车键',
    pronunciation: '发音',
    glossLabel: '释义',
    englishDefinition: '英文释义',
    gradesLabel: '你记得怎么样？',
    grades: { again: '重来', hard: '困难', good: '良好', easy: '简单' },
    keysHint: '数字键 1、2、3、4 分别选择重来、困难、良好、简单。',
    saving: '正在保存…',
    doneTitle: '复习完成',
    reviewed: (count) => `你复习了 ${count} 个单词。`,
    gradeCount: (grade, count) => `${grade}：${count}`,
    nextDue: (date) => `下次复习：${date}。`,
    emptyTitle: '现在没有要复习的单词',
    noWordsTitle: '还没有保存的单词',
    noWordsBody: '阅读文章时保存单词，它们会出现在这里供你复习。',
    toArticles: '阅读文章',
    toWords: '我的生词',
    problems: {
      unavailable: '此浏览器无法保存单词（存储已关闭或不可用，例如在某些无痕窗口中）。',
      newerVersion: '你的单词由本网站的较新版本保存。请重新加载页面以更新。',
      quotaFull: '浏览器存储空间已满，无法保存评分。',
      failed: '无法读取或保存你的单词。',
    },
    tryAgain: '重试',
  },
  es: {
    heading: 'Repaso',
    intro:
      'Las palabras que guardaste vuelven aquí cuando toca verlas de nuevo. Recuerda qué significa la palabra, muestra la respuesta y di qué tan bien la sabías: cuanto mejor la sabías, más tarde vuelve.',
    loading: 'Cargando tus palabras…',
    progress: (position, total) => `${position} de ${total}`,
    cardAnnounced: (word, position, total) => `Tarjeta ${position} de ${total}: ${word}`,
    answerAnnounced: (word) => `Respuesta de ${word} a la vista. Califícala con las teclas 1 a 4.`,
    sentenceLabel: 'En la frase',
    fromArticle: 'De',
    anArticle: 'el artículo',
    reveal: 'Mostrar respuesta',
    revealHint: 'Espacio o Intro',
    pronunciation: 'Pronunciación',
    glossLabel: 'Significado',
    englishDefinition: 'Definición en inglés',
    gradesLabel: '¿Qué tal la recordabas?',
    grades: { again: 'Otra vez', hard: 'Difícil', good: 'Bien', easy: 'Fácil' },
    keysHint: 'Las teclas 1, 2, 3 y 4 eligen Otra vez, Difícil, Bien y Fácil.',
    saving: 'Guardando…',
    doneTitle: 'Repaso terminado',
    reviewed: (count) => (count === 1 ? 'Has repasado 1 palabra.' : `Has repasado ${count} palabras.`),
    gradeCount: (grade, count) => `${grade}: ${count}`,
    nextDue: (date) => `Próximo repaso: ${date}.`,
    emptyTitle: 'Nada que repasar ahora',
    noWordsTitle: 'Aún no has guardado palabras',
    noWordsBody: 'Guarda palabras mientras lees un artículo y aparecerán aquí para repasarlas.',
    toArticles: 'Leer artículos',
    toWords: 'Mis palabras',
    problems: {
      unavailable:
        'Este navegador no puede guardar palabras (el almacenamiento está desactivado o no disponible, como en algunas ventanas privadas).',
      newerVersion: 'Tus palabras las guardó una versión más reciente de este sitio. Recarga la página para actualizarla.',
      quotaFull: 'El almacenamiento del navegador está lleno y no se pudo guardar la calificación.',
      failed: 'No se pudieron leer ni guardar tus palabras.',
    },
    tryAgain: 'Reintentar',
  },
} satisfies Record<TextLanguage, ReviewTexts>;

export function reviewTextsFor(language: TextLanguage): ReviewTexts {
  return REVIEW_TEXTS[language];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "1 minute", "10 minutes", "3 days", "2.1 months" in the page language, as the grade buttons say it. */
export function formatInterval(ms: number, language: TextLanguage): string {
  const locale = DATE_LOCALES[language];
  const say = (value: number, unit: 'minute' | 'hour' | 'day' | 'month' | 'year', digits = 0) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: digits }).format(value);
  if (ms < HOUR) return say(Math.max(1, Math.round(ms / MINUTE)), 'minute');
  if (ms < DAY) return say(Math.round(ms / HOUR), 'hour');
  if (ms < 30 * DAY) return say(Math.round(ms / DAY), 'day');
  if (ms < 365 * DAY) return say(ms / (30 * DAY), 'month', 1);
  return say(ms / (365 * DAY), 'year', 1);
}

/** The next due date and time, e.g. "March 12, 2026 at 9:00 AM", in the learner's time zone. */
export function formatDue(iso: string, language: TextLanguage, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(DATE_LOCALES[language], {
    dateStyle: 'long',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}
