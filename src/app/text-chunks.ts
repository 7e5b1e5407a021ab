/**
 * The page texts as one chunk per text language. main.tsx waits for the page language's before
 * the first render (the server's HTML has already asked for it with a modulepreload, so this costs
 * no round trip), the language machine waits for a chosen language's before switching, and the
 * router holds an address whose language is not loaded yet until it is (texts-gate.ts).
 */
import type { TextLanguage } from '../../common/languages';
import type { Texts, TextsSource } from '../domain/texts';

export type TextLoaders = Readonly<Record<TextLanguage, () => Promise<Texts>>>;

/** Each a dynamic import, so each language is a chunk of its own. */
export const TEXT_CHUNKS: TextLoaders = {
  en: () => import('../domain/texts/en').then((module) => module.texts),
  zh: () => import('../domain/texts/zh').then((module) => module.texts),
  es: () => import('../domain/texts/es').then((module) => module.texts),
};

/** `loaded`: languages at hand from the start (tests and server rendering pass all three). */
export function createTextsSource(loaders: TextLoaders, loaded: Partial<Record<TextLanguage, Texts>> = {}): TextsSource {
  const ready = new Map(Object.entries(loaded) as Array<[TextLanguage, Texts]>);
  const pending = new Map<TextLanguage, Promise<Texts>>();
  const listeners = new Set<() => void>();
  return {
    loaded: (language) => ready.get(language),
    load(language) {
      const texts = ready.get(language);
      if (texts !== undefined) return Promise.resolve(texts);
      let loading = pending.get(language);
      if (loading === undefined) {
        loading = loaders[language]().then(
          (arrived) => {
            ready.set(language, arrived);
            pending.delete(language);
            for (const listener of listeners) listener();
            return arrived;
          },
          (error: unknown) => {
            // Forgotten, so the next attempt asks again rather than repeating this failure.
            pending.delete(language);
            throw error;
          },
        );
        pending.set(language, loading);
      }
      return loading;
    },
    subscribe(onChange) {
      listeners.add(onChange);
      return () => {
        listeners.delete(onChange);
      };
    },
  };
}
