/**
 * The analytics events the site records (product spec, section 7), as plain data.
 * Providers translate them to their own calls; nothing here knows about a provider.
 * Every event carries category "engagement" and value 1 unless the caller says otherwise.
 * Their shape and the home page's click event are in analytics-event.ts (in the first load).
 */
import { analyticsEvent, type AnalyticsEvent, type EventOverrides } from './analytics-event';

export {
  ANALYTICS_EVENT_NAMES,
  DEFAULT_EVENT_CATEGORY,
  DEFAULT_EVENT_VALUE,
  articleClickFromHomepage,
  type AnalyticsEvent,
  type AnalyticsEventName,
  type AnalyticsEventParams,
  type ArticleClickFromHomepageFields,
  type EventFieldValue,
  type EventOverrides,
} from './analytics-event';

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

export function privacyOptOut(overrides?: EventOverrides): AnalyticsEvent {
  return analyticsEvent('privacy_opt_out', {}, overrides);
}
