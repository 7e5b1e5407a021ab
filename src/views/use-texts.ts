import { useContext } from 'react';
import { textLanguageFor, type TextLanguage } from '../../common/languages';
import type { Texts, TextsSource } from '../domain/texts';
import { LanguageActorContext } from './language-context';
import { TextsContext } from './texts-context';

/** The page language as the URL gives it (may be one without texts, e.g. 'fr'). */
export function usePageLanguage(): string {
  return LanguageActorContext.useSelector((snapshot) => snapshot.context.language);
}

export function useTextLanguage(): TextLanguage {
  return textLanguageFor(usePageLanguage());
}

export function useTextsSource(): TextsSource {
  const source = useContext(TextsContext);
  if (source === null) throw new Error('useTexts() needs the TextsContext the app provides');
  return source;
}

/** The page language's texts. The app shows a language only once its texts are loaded (src/app/texts-gate.ts). */
export function useTexts(): Texts {
  const language = useTextLanguage();
  const texts = useTextsSource().loaded(language);
  if (texts === undefined) throw new Error(`The ${language} texts are not loaded; the app loads a language's texts before it shows it.`);
  return texts;
}
