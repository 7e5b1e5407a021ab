/**
 * The texts the server and the web app both show: page heads (title, description, keywords),
 * category and difficulty names. One module per text language (shared-texts-en.ts, -zh.ts,
 * -es.ts), so the web app's chunk for one language carries only that language's; the server
 * takes all three from labels.ts.
 */
import type { CategoryId, DifficultyLevel } from './catalog';

export interface PageTexts {
  readonly title: string;
  readonly description: string;
  readonly keywords: string;
}

export interface SharedTexts {
  /** The personal pages' (words, review) are in personal-page-texts.ts, with their own chunks. */
  readonly pages: Readonly<Record<'home' | 'list', PageTexts>>;
  /** Ends the description of an article page whose article has no summary. */
  readonly detailSuffix: string;
  /** The heading and (with the site name) the title of the page for an address that matches none. */
  readonly notFoundTitle: string;
  readonly categories: Readonly<Record<CategoryId, string>>;
  readonly difficulties: Readonly<Record<DifficultyLevel, string>>;
}

/** Display name of a category tag; values outside the seven known tags are shown raw. */
export function categoryLabel(category: string, names: SharedTexts['categories']): string {
  return Object.hasOwn(names, category) ? names[category as CategoryId] : category;
}
