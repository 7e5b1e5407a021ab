import { describe, expect, it } from 'vitest';
import {
  articleClickFromHomepage,
  articleComplete,
  articleStart,
  languageChange,
  privacyOptOut,
  vocabularyInteraction,
} from '../../../src/domain/analytics-events';
import { detectionStep, isInChina } from '../../../src/domain/china-detection';

describe('analytics events', () => {
  it('carry their fields with category engagement and value 1 by default', () => {
    expect(articleStart({ articleId: 'a1', source: 'bbc', language: 'zh', difficulty: 'beginner' })).toEqual({
      name: 'article_start',
      params: { article_id: 'a1', source: 'bbc', language: 'zh', difficulty: 'beginner', category: 'engagement', value: 1 },
    });
    expect(articleClickFromHomepage({ articleId: 'a2', source: 'npr' })).toEqual({
      name: 'article_click_from_homepage',
      params: { article_id: 'a2', source: 'npr', category: 'engagement', value: 1 },
    });
    expect(languageChange({ fromLanguage: 'zh', toLanguage: 'es' }).params).toEqual({
      from_language: 'zh',
      to_language: 'es',
      category: 'engagement',
      value: 1,
    });
    expect(vocabularyInteraction({ word: 'resilient', articleId: 'a3', action: 'lookup' })).toEqual({
      name: 'vocabulary_interaction',
      params: { word: 'resilient', article_id: 'a3', action: 'lookup', category: 'engagement', value: 1 },
    });
    expect(privacyOptOut()).toEqual({ name: 'privacy_opt_out', params: { category: 'engagement', value: 1 } });
  });

  it('round the reading time and omit absent fields', () => {
    expect(articleComplete({ articleId: 'a1', readingTimeSeconds: 125.5 }).params).toEqual({
      article_id: 'a1',
      reading_time: 126,
      category: 'engagement',
      value: 1,
    });
    expect(articleComplete({ articleId: 'a1', readingTimeSeconds: 125.4 }).params.reading_time).toBe(125);
    expect(articleComplete({ articleId: 'a1', readingTimeSeconds: Number.NaN }).params.reading_time).toBe(0);
  });

  it('let the caller override category and value', () => {
    expect(articleStart({ articleId: 'a1' }, { category: 'reading', value: 3 }).params).toEqual({
      article_id: 'a1',
      category: 'reading',
      value: 3,
    });
  });
});

describe('China detection rule', () => {
  const none = { timeZone: 'Europe/Madrid', languages: ['es-ES', 'en'], referrer: 'https://www.google.com/' };

  it('timezone Shanghai or Beijing decides without a probe', () => {
    expect(detectionStep({ ...none, timeZone: 'Asia/Shanghai' })).toBe('china');
    expect(detectionStep({ ...none, timeZone: 'Asia/Beijing' })).toBe('china');
    expect(detectionStep({ ...none, timeZone: 'Asia/Hong_Kong' })).toBe('not-china');
  });

  it('a .cn referrer decides without a probe', () => {
    expect(detectionStep({ ...none, referrer: 'https://www.example.com.cn/news' })).toBe('china');
  });

  it('a zh browser language needs the probe to succeed', () => {
    const zh = { ...none, languages: ['en-US', 'ZH-cn'] };
    expect(detectionStep(zh)).toBe('probe-needed');
    expect(isInChina(zh, true)).toBe(true);
    expect(isInChina(zh, false)).toBe(false);
  });

  it('no signal means not in China, whatever a probe said', () => {
    expect(detectionStep(none)).toBe('not-china');
    expect(isInChina(none, true)).toBe(false);
    expect(isInChina({ timeZone: '', languages: [], referrer: '' }, false)).toBe(false);
  });
});
