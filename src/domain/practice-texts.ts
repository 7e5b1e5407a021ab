/**
 * Texts of the practice page (/{lang}/articles/{id}/practice), apart from texts.ts because only
 * the practice route's chunk needs them.
 */
import type { TextLanguage } from '../../common/languages';

export interface PracticeTexts {
  readonly heading: string;
  readonly loading: string;
  readonly progress: (position: number, total: number) => string;
  readonly gapFillPrompt: string;
  readonly listeningPrompt: string;
  readonly play: string;
  readonly typedLabel: string;
  readonly check: string;
  readonly wordOrderPrompt: string;
  readonly tilesLabel: string;
  readonly builtLabel: string;
  readonly undoTile: string;
  readonly clearTiles: string;
  readonly matchPrompt: string;
  readonly chooseMeaning: string;
  readonly right: string;
  readonly wrong: string;
  readonly wrongForm: string;
  readonly rightAnswer: (answer: string) => string;
  readonly inSentence: string;
  readonly reviewBrought: string;
  readonly next: string;
  readonly save: (word: string) => string;
  readonly saved: string;
  readonly saving: string;
  readonly storeProblem: string;
  readonly summaryTitle: string;
  readonly score: (right: number, total: number) => string;
  readonly missedTitle: string;
  readonly noneMissed: string;
  readonly again: string;
  readonly backToArticle: string;
  readonly emptyTitle: string;
  readonly failedTitle: string;
  readonly missingTitle: string;
  readonly toArticles: string;
  readonly retry: string;
}

const EN: PracticeTexts = {
  heading: 'Practice',
  loading: 'Loading the exercises…',
  progress: (position, total) => `${position} of ${total}`,
  gapFillPrompt: 'Choose the word that fits the gap.',
  listeningPrompt: 'Listen, then type the missing word.',
  play: 'Play the sentence',
  typedLabel: 'Missing word',
  check: 'Check',
  wordOrderPrompt: 'Put the words in order.',
  tilesLabel: 'Words to place',
  builtLabel: 'Your sentence',
  undoTile: 'Take back the last word',
  clearTiles: 'Start again',
  matchPrompt: 'Give each word its meaning.',
  chooseMeaning: 'Choose a meaning',
  right: 'Right!',
  wrong: 'Not quite.',
  wrongForm: 'Right word, wrong form.',
  rightAnswer: (answer) => `The answer: ${answer}`,
  inSentence: 'In the article',
  reviewBrought: 'This saved word comes back in your review soon.',
  next: 'Next',
  save: (word) => `Save “${word}”`,
  saved: 'Saved',
  saving: 'Saving…',
  storeProblem: 'This browser could not store that. The practice goes on.',
  summaryTitle: 'Practice finished',
  score: (right, total) => `${right} of ${total} right`,
  missedTitle: 'Words you missed',
  noneMissed: 'You missed no words.',
  again: 'Practise again',
  backToArticle: 'Back to the article',
  emptyTitle: 'This article has no exercises yet.',
  failedTitle: 'The exercises could not be loaded.',
  missingTitle: 'There is no such article, so there is nothing to practise.',
  toArticles: 'All articles',
  retry: 'Try again',
};

const ZH: PracticeTexts = {
  heading: '练习',
  loading: '正在加载练习……',
  progress: (position, total) => `第 ${position} 题，共 ${total} 题`,
  gapFillPrompt: '选出填入空格的词。',
  listeningPrompt: '听句子，写出缺少的词。',
  play: '播放句子',
  typedLabel: '缺少的词',
  check: '检查',
  wordOrderPrompt: '把词排成句子。',
  tilesLabel: '待排的词',
  builtLabel: '你的句子',
  undoTile: '撤回最后一个词',
  clearTiles: '重新开始',
  matchPrompt: '为每个词选出词义。',
  chooseMeaning: '选择词义',
  right: '答对了！',
  wrong: '不对。',
  wrongForm: '词对了，形式不对。',
  rightAnswer: (answer) => `答案：${answer}`,
  inSentence: '文章原句',
  reviewBrought: '这个生词很快会回到你的复习中。',
  next: '下一题',
  save: (word) => `保存“${word}”`,
  saved: '已保存',
  saving: '正在保存……',
  storeProblem: '本浏览器无法保存。练习继续。',
  summaryTitle: '练习完成',
  score: (right, total) => `答对 ${right} 题，共 ${total} 题`,
  missedTitle: '答错的词',
  noneMissed: '没有答错的词。',
  again: '再练一次',
  backToArticle: '返回文章',
  emptyTitle: '这篇文章还没有练习。',
  failedTitle: '无法加载练习。',
  missingTitle: '没有这篇文章，所以没有可做的练习。',
  toArticles: '全部文章',
  retry: '重试',
};

const ES: PracticeTexts = {
  heading: 'Práctica',
  loading: 'Cargando los ejercicios…',
  progress: (position, total) => `${position} de ${total}`,
  gapFillPrompt: 'Elige la palabra que completa el hueco.',
  listeningPrompt: 'Escucha y escribe la palabra que falta.',
  play: 'Escuchar la frase',
  typedLabel: 'Palabra que falta',
  check: 'Comprobar',
  wordOrderPrompt: 'Ordena las palabras.',
  tilesLabel: 'Palabras por colocar',
  builtLabel: 'Tu frase',
  undoTile: 'Quitar la última palabra',
  clearTiles: 'Empezar de nuevo',
  matchPrompt: 'Da a cada palabra su significado.',
  chooseMeaning: 'Elige un significado',
  right: '¡Correcto!',
  wrong: 'No es así.',
  wrongForm: 'Palabra correcta, forma incorrecta.',
  rightAnswer: (answer) => `La respuesta: ${answer}`,
  inSentence: 'En el artículo',
  reviewBrought: 'Esta palabra guardada volverá pronto a tu repaso.',
  next: 'Siguiente',
  save: (word) => `Guardar «${word}»`,
  saved: 'Guardada',
  saving: 'Guardando…',
  storeProblem: 'Este navegador no pudo guardarlo. La práctica sigue.',
  summaryTitle: 'Práctica terminada',
  score: (right, total) => `${right} de ${total} correctas`,
  missedTitle: 'Palabras que fallaste',
  noneMissed: 'No fallaste ninguna palabra.',
  again: 'Practicar otra vez',
  backToArticle: 'Volver al artículo',
  emptyTitle: 'Este artículo aún no tiene ejercicios.',
  failedTitle: 'No se pudieron cargar los ejercicios.',
  missingTitle: 'Este artículo no existe, así que no hay nada que practicar.',
  toArticles: 'Todos los artículos',
  retry: 'Reintentar',
};

const PRACTICE_TEXTS: Record<TextLanguage, PracticeTexts> = { en: EN, zh: ZH, es: ES };

export function practiceTextsFor(language: TextLanguage): PracticeTexts {
  return PRACTICE_TEXTS[language];
}
