import { textLanguageFor, type TextLanguage } from '../../common/languages';
import { TEXTS, type Texts } from '../domain/texts';
import { LanguageActorContext } from './language-context';

/** The page language as the URL gives it (may be one without texts, e.g. 'fr'). */
export function usePageLanguage(): string {
  return LanguageActorContext.useSelector((snapshot) => snapshot.context.language);
}

export function useTextLanguage(): TextLanguage {
  return textLanguageFor(usePageLanguage());
}

export function useTexts(): Texts {
  return TEXTS[useTextLanguage()];
}
