/**
 * The analytics events the site records (product spec, section 7), as plain data.
 * Providers translate them to their own calls; nothing here knows about a provider.
 * Every event carries category "engagement" and value 1 unless the caller says otherwise.
 */
export const ANALYTICS_EVENT_NAMES = [
  'article_start',
  'article_complete',
  'vocabulary_interaction',
  'language_change',
  'article_click_from_homepage',
  'privacy_opt_out',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

export const DEFAULT_EVENT_CATEGORY = 'engagement';
export const DEFAULT_EVENT_VALUE = 1;

export type EventFieldValue = string | number | boolean;

export interface AnalyticsEventParams {
  readonly category: string;
  readonly value: number;
  readonly [field: string]: EventFieldValue;
}

export interface AnalyticsEvent {
  readonly name: AnalyticsEventName;
  readonly params: AnalyticsEventParams;
}

export interface EventOverrides {
  readonly category?: string;
  readonly value?: number;
}

function analyticsEvent(
  name: AnalyticsEventName,
  fields: Readonly<Record<string, EventFieldValue | undefined>>,
  overrides: EventOverrides = {},
): AnalyticsEvent {
  const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Record<string, EventFieldValue>;
  return {
    name,
    params: {
      ...defined,
      category: overrides.category ?? DEFAULT_EVENT_CATEGORY,
      value: overrides.value ?? DEFAULT_EVENT_VALUE,
    },
  };
}

export interface ArticleStartFields {
  readonly articleId: string;
  readonly source?: string;
  readonly language?: string;
  readonly difficulty?: string;
}

export function articleStart(fields: ArticleStartFields, overrides?: EventOverrides): AnalyticsEvent {
  return analyticsEvent(
    'article_start',
    { article_id: fields.articleId, source: fields.source, language: fields.language, difficulty: fields.difficulty },
    overrides,
  );
}

export interface ArticleCompleteFields {
  readonly articleId: string;
  /** Time the learner spent on the article, in seconds; sent rounded to whole seconds. */
  readonly readingTimeSeconds: number;
  readonly language?: string;
  readonly difficulty?: string;
}

export function articleComplete(fields: ArticleCompleteFields, overrides?: EventOverrides): AnalyticsEvent {
  const seconds = Number.isFinite(fields.readingTimeSeconds) ? Math.max(0, Math.round(fields.readingTimeSeconds)) : 0;
  return analyticsEvent(
    'article_complete',
    { article_id: fields.articleId, reading_time: seconds, language: fields.language, difficulty: fields.difficulty },
    overrides,
  );
}

export interface VocabularyInteractionFields {
  readonly word: string;
  readonly articleId?: string;
  /** What the learner did with the word, e.g. "lookup" or "save". */
  readonly action?: string;
  readonly language?: string;
}

export function vocabularyInteraction(fields: VocabularyInteractionFields, overrides?: EventOverrides): AnalyticsEvent {
  return analyticsEvent(
    'vocabulary_interaction',
    { word: fields.word, article_id: fields.articleId, action: fields.action, language: fields.language },
    overrides,
  );
}

export interface LanguageChangeFields {
  readonly fromLanguage: string;
  readonly toLanguage: string;
}

export function languageChange(fields: LanguageChangeFields, overrides?: EventOverrides): AnalyticsEvent {
  return analyticsEvent('language_change', { from_language: fields.fromLanguage, to_language: fields.toLanguage }, overrides);
}

export interface ArticleClickFromHomepageFields {
  readonly articleId: string;
  readonly source: string;
}

export function articleClickFromHomepage(fields: ArticleClickFromHomepageFields, overrides?: EventOverrides): AnalyticsEvent {
  return analyticsEvent('article_click_from_homepage', { article_id: fields.articleId, source: fields.source }, overrides);
}

export function privacyOptOut(overrides?: EventOverrides): AnalyticsEvent {
  return analyticsEvent('privacy_opt_out', {}, overrides);
}
