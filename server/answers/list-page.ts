/**
 * A page of articles as the API answers it (latest and search): the store's rows in the contract's shape, and the
 * search answer already serialised, for the read workers. A worker that hands the HTTP thread this text instead of the
 * rows saves the structured clone of twenty objects on the thread every search waits for (decision 58). Kept apart
 * from article-answers.ts so a worker loads only this and the schema, not the renderer.
 */
import fastJson from 'fast-json-stringify';
import { ArticlePageCodec, type ArticleListItem, type ArticlePage } from '../../common/contract';
import { jsonSchemaOf } from '../http/codec-schema';
import type { ArticleSummaryRow, Page } from '../store/types';

export function toListItem(row: ArticleSummaryRow): ArticleListItem {
  return {
    article_id: row.id,
    title: row.title,
    source: row.source,
    date: row.publishedAt,
    word_count: row.wordCount,
    categories: [...row.categories],
    preview: {
      source: row.source,
      date: row.publishedAt,
      word_count: row.wordCount,
      estimated_reading_time: row.readingTimeMinutes,
      title: row.title,
      summary: row.summary,
      difficulty_level: row.difficulty,
    },
    ...(row.snippet !== undefined ? { snippet: row.snippet } : {}),
  };
}

export function toPage(page: Page<ArticleSummaryRow>, limit: number, offset: number): ArticlePage {
  return {
    articles: page.items.map(toListItem),
    total: page.total,
    limit,
    offset,
    ...(page.totalCapped ? { total_capped: true } : {}),
  };
}

/** The same schema and serialiser the routes' 200 answer uses (routes/schemas.ts ARTICLE_PAGE, Fastify's fast-json-stringify). */
const serialiseArticlePage = fastJson(jsonSchemaOf(ArticlePageCodec) as Parameters<typeof fastJson>[0]);

/** The JSON text of GET /api/articles/search's answer for this page of rows. */
export function articlePageJson(page: Page<ArticleSummaryRow>, limit: number, offset: number): string {
  return serialiseArticlePage(toPage(page, limit, offset));
}
