/**
 * Every text language's shared texts (shared-texts.ts) in one table, and the category and
 * difficulty names the server uses (/api/categories, rendered articles, page heads). The web app
 * never imports this module: it loads one language's texts at a time.
 */
import type { CategoryId, DifficultyLevel } from './catalog';
import type { TextLanguage } from './languages';
import type { SharedTexts } from './shared-texts';
import { SHARED_TEXTS_EN } from './shared-texts-en';
import { SHARED_TEXTS_ES } from './shared-texts-es';
import { SHARED_TEXTS_ZH } from './shared-texts-zh';

export const SHARED_TEXTS: Readonly<Record<TextLanguage, SharedTexts>> = { en: SHARED_TEXTS_EN, zh: SHARED_TEXTS_ZH, es: SHARED_TEXTS_ES };

/** Category names; the server names the categories with it in /api/categories and in rendered articles. */
export const CATEGORY_LABELS: Readonly<Record<TextLanguage, Readonly<Record<CategoryId, string>>>> = {
  en: SHARED_TEXTS_EN.categories,
  zh: SHARED_TEXTS_ZH.categories,
  es: SHARED_TEXTS_ES.categories,
};

export const DIFFICULTY_LABELS: Readonly<Record<TextLanguage, Readonly<Record<DifficultyLevel, string>>>> = {
  en: SHARED_TEXTS_EN.difficulties,
  zh: SHARED_TEXTS_ZH.difficulties,
  es: SHARED_TEXTS_ES.difficulties,
};
