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

/**
 * `loaded`: languages at hand from the start (tests and server rendering pass all three). A load
 * asks the loader each time: a dynamic import fetches a module once, and one that failed
 * (offline) is asked again next time.
 */
export function createTextsSource(loaders: TextLoaders, loaded: Partial<Record<TextLanguage, Texts>> = {}): TextsSource {
  const ready = new Map(Object.entries(loaded) as Array<[TextLanguage, Texts]>);
  const listeners = new Set<() => void>();
  return {
    loaded: (language) => ready.get(language),
    load: (language) =>
      loaders[language]().then((texts) => {
        ready.set(language, texts);
        for (const listener of listeners) listener();
        return texts;
      }),
    subscribe(onChange) {
      listeners.add(onChange);
      return () => {
        listeners.delete(onChange);
      };
    },
  };
}
