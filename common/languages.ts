/** Every language code the product knows. The API accepts all of them. */
export const LANGUAGE_CODES = ['zh', 'es', 'ja', 'ko', 'en'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** Languages that have page texts; anything else is shown with English texts. */
export const TEXT_LANGUAGES = ['en', 'zh', 'es'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: LanguageCode = 'zh';

export interface LanguageOption {
  readonly code: LanguageCode;
  readonly name: string;
  readonly flag: string;
}

export const LANGUAGE_OPTIONS: Readonly<Record<LanguageCode, LanguageOption>> = {
  zh: { code: 'zh', name: '中文', flag: '🇨🇳' },
  es: { code: 'es', name: 'Español', flag: '🇪🇸' },
  ja: { code: 'ja', name: '日本語', flag: '🇯🇵' },
  ko: { code: 'ko', name: '한국어', flag: '🇰🇷' },
  en: { code: 'en', name: 'English', flag: '🇺🇸' },
};

/** The selector offers only these, in this order. */
export const OFFERED_LANGUAGES: readonly LanguageCode[] = ['zh', 'es'];

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

export function textLanguageFor(language: string): TextLanguage {
  return (TEXT_LANGUAGES as readonly string[]).includes(language) ? (language as TextLanguage) : 'en';
}

/** The API is only ever asked in a language it supports; any other page language asks in English. */
export function apiLanguageFor(language: string): LanguageCode {
  return isLanguageCode(language) ? language : 'en';
}

export const OPEN_GRAPH_LOCALES: Readonly<Record<TextLanguage, string>> = {
  en: 'en_US',
  zh: 'zh_CN',
  es: 'es_ES',
};

export const DATE_LOCALES: Readonly<Record<TextLanguage, string>> = {
  en: 'en-US',
  zh: 'zh-CN',
  es: 'es-ES',
};
