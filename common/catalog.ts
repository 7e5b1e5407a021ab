/** The seven category tags an article may carry. */
export const CATEGORY_IDS = ['technology', 'politics', 'business', 'health', 'sports', 'immigration', 'education'] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

/** The categories the list page's select offers. */
export const FILTERABLE_CATEGORIES = ['technology', 'politics', 'business', 'health', 'sports'] as const;
export type FilterableCategory = (typeof FILTERABLE_CATEGORIES)[number];

export const SOURCE_IDS = ['cbs', 'npr', 'bbc', 'reuters'] as const;
export type SourceId = (typeof SOURCE_IDS)[number];

export interface SourceInfo {
  readonly id: SourceId;
  readonly name: string;
  readonly homePage: string;
}

export const SOURCES: Readonly<Record<SourceId, SourceInfo>> = {
  cbs: { id: 'cbs', name: 'CBS News', homePage: 'https://www.cbsnews.com/' },
  npr: { id: 'npr', name: 'NPR', homePage: 'https://www.npr.org/' },
  bbc: { id: 'bbc', name: 'BBC', homePage: 'https://www.bbc.com/news' },
  reuters: { id: 'reuters', name: 'Reuters', homePage: 'https://www.reuters.com/' },
};

export const DIFFICULTY_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type DifficultyLevel = (typeof DIFFICULTY_LEVELS)[number];

export const DEFAULT_DIFFICULTY: DifficultyLevel = 'intermediate';

/**
 * Help an article may lack in the learner's language: a summary written in it, or cultural
 * notes (imported articles have none; the samples have them in every language).
 */
export const MISSING_HELP_KINDS = ['summary', 'cultural_notes'] as const;
export type MissingHelp = (typeof MISSING_HELP_KINDS)[number];

export function isCategoryId(value: unknown): value is CategoryId {
  return typeof value === 'string' && (CATEGORY_IDS as readonly string[]).includes(value);
}

export function isSourceId(value: unknown): value is SourceId {
  return typeof value === 'string' && (SOURCE_IDS as readonly string[]).includes(value);
}

export function isDifficultyLevel(value: unknown): value is DifficultyLevel {
  return typeof value === 'string' && (DIFFICULTY_LEVELS as readonly string[]).includes(value);
}
