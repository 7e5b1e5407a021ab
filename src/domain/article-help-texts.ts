/**
 * Texts of the article page's reading help around the entry: the look-up field with its hint, and
 * the notice of what an article still lacks. Only the article's route renders them, so they come with
 * its code, not with the early look-up's (word-lookup-texts.ts, decision 62).
 */
import type { MissingHelp } from '../../common/catalog';
import type { TextLanguage } from '../../common/languages';

export interface ArticleHelpTexts {
  /** The hint above the article. */
  readonly tapHint: string;
  readonly fieldLabel: string;
  readonly fieldPlaceholder: string;
  readonly submit: string;
  readonly missingTitle: string;
  readonly missingIntro: string;
  readonly missing: Readonly<Record<MissingHelp, string>>;
}

export const ARTICLE_HELP_TEXTS = {
  en: {
    tapHint: 'Tap or click any word for its meaning.',
    fieldLabel: 'Look up a word',
    fieldPlaceholder: 'Type an English word',
    submit: 'Look up',
    missingTitle: 'Not yet available for this article',
    missingIntro: 'This article does not have these yet:',
    missing: { summary: 'a summary', cultural_notes: 'cultural notes' },
  },
  zh: {
    tapHint: '点击任意单词即可查看释义。',
    fieldLabel: '查单词',
    fieldPlaceholder: '输入英文单词',
    submit: '查询',
    missingTitle: '本文暂缺的内容',
    missingIntro: '这篇文章暂时还没有：',
    missing: { summary: '中文摘要', cultural_notes: '文化背景注释' },
  },
  es: {
    tapHint: 'Toca o haz clic en cualquier palabra para ver su significado.',
    fieldLabel: 'Buscar una palabra',
    fieldPlaceholder: 'Escribe una palabra en inglés',
    submit: 'Buscar',
    missingTitle: 'Aún no disponible para este artículo',
    missingIntro: 'Este artículo todavía no tiene:',
    missing: { summary: 'un resumen en español', cultural_notes: 'notas culturales' },
  },
} satisfies Record<TextLanguage, ArticleHelpTexts>;

export function articleHelpTextsFor(language: TextLanguage): ArticleHelpTexts {
  return ARTICLE_HELP_TEXTS[language];
}
