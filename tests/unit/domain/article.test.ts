// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CATEGORY_IDS } from '../../../common/catalog';
import type { ArticleDetail, ArticleListItem } from '../../../common/contract';
import { CATEGORY_LABELS, DIFFICULTY_LABELS } from '../../../common/labels';
import type { TextLanguage } from '../../../common/languages';
import { categoryLabel as labelFrom } from '../../../common/shared-texts';
import { pickBody, sourceLabel, toArticleCard, toArticleView } from '../../../src/domain/article';

function listItem(overrides: Partial<ArticleListItem> = {}): ArticleListItem {
  return {
    article_id: 'a-1',
    title: 'Top-level title',
    source: 'npr',
    date: '2024-03-05T10:00:00Z',
    word_count: 130,
    categories: ['health'],
    preview: {},
    ...overrides,
  };
}

function detail(overrides: Partial<ArticleDetail> = {}): ArticleDetail {
  return {
    article_id: 'd-1',
    title: 'Detail title',
    source: 'bbc',
    date: '2024-03-05T10:00:00Z',
    categories: ['politics', 'education'],
    ...overrides,
  };
}

describe('toArticleCard', () => {
  it('uses top-level values when the preview is empty', () => {
    expect(toArticleCard(listItem())).toEqual({
      id: 'a-1',
      title: 'Top-level title',
      source: 'npr',
      date: '2024-03-05T10:00:00Z',
      wordCount: 130,
      readingTimeMinutes: 3,
      summary: '',
      difficulty: undefined,
      categories: ['health'],
    });
  });

  it('lets every preview value take precedence over the top-level one', () => {
    const card = toArticleCard(
      listItem({
        preview: {
          title: 'Preview title',
          source: 'bbc',
          date: '2025-01-02T00:00:00Z',
          word_count: 900,
          estimated_reading_time: 4,
          summary: 'Preview summary',
          difficulty_level: 'advanced',
        },
      }),
    );
    expect(card).toMatchObject({
      title: 'Preview title',
      source: 'bbc',
      date: '2025-01-02T00:00:00Z',
      wordCount: 900,
      readingTimeMinutes: 4,
      summary: 'Preview summary',
      difficulty: 'advanced',
    });
  });

  it('falls back to ceil(words / 60) minutes, using the preview word count when present', () => {
    expect(toArticleCard(listItem({ word_count: 60 })).readingTimeMinutes).toBe(1);
    expect(toArticleCard(listItem({ word_count: 61 })).readingTimeMinutes).toBe(2);
    expect(toArticleCard(listItem({ word_count: 100, preview: { word_count: 301 } })).readingTimeMinutes).toBe(6);
    expect(toArticleCard(listItem({ word_count: 0 })).readingTimeMinutes).toBe(0);
  });

  it('ignores a blank preview title or a nonsense reading time instead of showing them', () => {
    const card = toArticleCard(listItem({ preview: { title: '  ', estimated_reading_time: -3 } }));
    expect(card.title).toBe('Top-level title');
    expect(card.readingTimeMinutes).toBe(3);
  });

  it('keeps a search snippet and copies the categories', () => {
    const item = listItem({ snippet: 'a <mark>hit</mark>' });
    const card = toArticleCard(item);
    expect(card.snippet).toBe('a <mark>hit</mark>');
    expect(card.categories).not.toBe(item.categories);
    expect('snippet' in toArticleCard(listItem())).toBe(false);
  });
});

describe('toArticleView', () => {
  it('defaults to 8 minutes and intermediate without learning metadata', () => {
    const view = toArticleView(detail());
    expect(view.readingTimeMinutes).toBe(8);
    expect(view.difficulty).toBe('intermediate');
    expect(view.body).toBeNull();
    expect(view).toMatchObject({ id: 'd-1', title: 'Detail title', source: 'bbc', categories: ['politics', 'education'] });
  });

  it('uses learning metadata when present', () => {
    const view = toArticleView(detail({ learning_metadata: { estimated_reading_time: 3, difficulty_level: 'beginner' } }));
    expect(view.readingTimeMinutes).toBe(3);
    expect(view.difficulty).toBe('beginner');
  });

  it('takes html_content, then learning_content, then content_html', () => {
    const all = { html_content: '<p>html</p>', learning_content: '<p>learning</p>', content_html: '<p>content</p>' };
    expect(toArticleView(detail(all)).body).toBe('<p>html</p>');
    expect(toArticleView(detail({ ...all, html_content: null })).body).toBe('<p>learning</p>');
    expect(toArticleView(detail({ ...all, html_content: '', learning_content: undefined })).body).toBe('<p>content</p>');
    expect(toArticleView(detail({ html_content: '   ', learning_content: '', content_html: null })).body).toBeNull();
    expect(pickBody({ content_html: '<p>only</p>' })).toBe('<p>only</p>');
  });

  it('carries a non-empty summary only', () => {
    expect(toArticleView(detail({ summary: 'Short summary' })).summary).toBe('Short summary');
    expect(toArticleView(detail({ summary: '' })).summary).toBeUndefined();
  });
});

const categoryLabel = (category: string, language: TextLanguage) => labelFrom(category, CATEGORY_LABELS[language]);

describe('labels', () => {
  it('names the seven category tags in English, Chinese and Spanish', () => {
    expect(categoryLabel('technology', 'en')).toBe('Technology');
    expect(categoryLabel('sports', 'zh')).toBe('体育');
    expect(categoryLabel('immigration', 'zh')).toBe('移民');
    expect(categoryLabel('education', 'es')).toBe('Educación');
    expect(categoryLabel('business', 'es')).toBe('Negocios');
    for (const id of ['technology', 'politics', 'business', 'health', 'sports', 'immigration', 'education']) {
      for (const lang of ['en', 'zh', 'es'] as const) expect(categoryLabel(id, lang)).not.toBe(id);
    }
  });

  it('names categories in English by their capitalised ids (the structured data of article pages relies on it)', () => {
    for (const id of CATEGORY_IDS) expect(CATEGORY_LABELS.en[id]).toBe(id.charAt(0).toUpperCase() + id.slice(1));
  });

  it('shows unknown categories raw, including names of object properties', () => {
    expect(categoryLabel('space-weather', 'zh')).toBe('space-weather');
    expect(categoryLabel('constructor', 'en')).toBe('constructor');
    expect(categoryLabel('Technology', 'en')).toBe('Technology');
  });

  it('shows sources as uppercase codes and names difficulty levels', () => {
    expect(sourceLabel('npr')).toBe('NPR');
    expect(sourceLabel(' reuters ')).toBe('REUTERS');
    expect(sourceLabel('local-paper')).toBe('LOCAL-PAPER');
    expect(DIFFICULTY_LABELS.zh.advanced).toBe('高级');
    expect(DIFFICULTY_LABELS.es.beginner).toBe('Principiante');
  });
});
