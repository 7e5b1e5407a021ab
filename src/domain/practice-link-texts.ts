/** The link from an article's end to its practice page, apart from practice-texts.ts so the article chunk carries only this. */
import type { TextLanguage } from '../../common/languages';

export const PRACTICE_LINK_TEXTS: Readonly<Record<TextLanguage, string>> = {
  en: 'Practise with this article',
  zh: '用这篇文章做练习',
  es: 'Practica con este artículo',
};
