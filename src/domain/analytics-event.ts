/**
 * The analytics events the site records (product spec, section 7), as plain data: their shape
 * and the home page's click event. The other events are in analytics-events.ts; they are apart so
 * that the first load (home's click tracking) carries only this file.
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

export function analyticsEvent(
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

export interface ArticleClickFromHomepageFields {
  readonly articleId: string;
  readonly source: string;
}

export function articleClickFromHomepage(fields: ArticleClickFromHomepageFields, overrides?: EventOverrides): AnalyticsEvent {
  return analyticsEvent('article_click_from_homepage', { article_id: fields.articleId, source: fields.source }, overrides);
}
