/**
 * Every text language's texts at once, for what runs with all of them at hand: the tests and
 * rendering on the server. The browser's entry never imports this module; it loads the page
 * language's chunk (src/app/text-chunks.ts).
 */
import type { TextLanguage } from '../../common/languages';
import type { Texts } from './texts';
import { texts as en } from './texts/en';
import { texts as es } from './texts/es';
import { texts as zh } from './texts/zh';

export const TEXTS: Readonly<Record<TextLanguage, Texts>> = { en, zh, es };

export function textsFor(language: TextLanguage): Texts {
  return TEXTS[language];
}
