/** Any page language's texts as the app shows them (languages without texts get English). */
import { textLanguageFor, type TextLanguage } from '../../common/languages';
import { TEXTS } from '../../src/domain/all-texts';
import { CONSENT_TEXTS, type ConsentTexts } from '../../src/domain/consent-texts';
import { createTextsSource, TEXT_CHUNKS } from '../../src/app/text-chunks';
import type { Texts, TextsSource } from '../../src/domain/texts';

/** With the cookie banner's texts, which the app keeps in the banner's chunk (src/domain/consent-texts.ts). */
export function textsIn(language: string): Texts & { readonly consent: ConsentTexts } {
  const textLanguage = textLanguageFor(language);
  return { ...TEXTS[textLanguage], consent: CONSENT_TEXTS[textLanguage] };
}

/**
 * Texts that arrive when the test says: `initial` is loaded from the start; every `load` (even of a
 * loaded language, as the app's first request of a chunk would) waits for `arrive` or `fail`.
 */
export function controlledTexts(initial: TextLanguage) {
  const ready = new Map<TextLanguage, Texts>([[initial, TEXTS[initial]]]);
  const waiting: Array<{ language: TextLanguage; resolve: (texts: Texts) => void; reject: (error: Error) => void }> = [];
  const listeners = new Set<() => void>();
  const source: TextsSource = {
    loaded: (language) => ready.get(language),
    load: (language) => new Promise<Texts>((resolve, reject) => waiting.push({ language, resolve, reject })),
    subscribe(onChange) {
      listeners.add(onChange);
      return () => {
        listeners.delete(onChange);
      };
    },
  };
  const settle = (language: TextLanguage, how: (entry: (typeof waiting)[number]) => void) => {
    for (const entry of waiting.splice(0).filter((e) => e.language === language || (waiting.push(e), false))) how(entry);
  };
  return {
    source,
    /** The language's texts arrive: every load of it resolves. */
    arrive(language: TextLanguage) {
      ready.set(language, TEXTS[language]);
      for (const listener of listeners) listener();
      settle(language, (entry) => entry.resolve(TEXTS[language]));
    },
    /** Every load of the language fails, as a chunk does offline. */
    fail(language: TextLanguage) {
      settle(language, (entry) => entry.reject(new Error('Failed to fetch dynamically imported module')));
    },
  };
}

/** Every language's texts, loaded from the start, as the app's TextsContext carries them. */
export function allTexts(): TextsSource {
  return createTextsSource(TEXT_CHUNKS, TEXTS);
}
