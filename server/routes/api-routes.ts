/**
 * The JSON API under /api. Handlers validate input (query-params.ts), ask the store and shape
 * the answer to the contract in src/api/contract.ts; they never touch SQL.
 */
import type { FastifyInstance } from 'fastify';
import type {
  ArticleListItem,
  ArticlePage,
  ArticleResponse,
  CategoriesResponse,
  HealthResponse,
  SourcesResponse,
} from '../../src/api/contract';
import { CATEGORY_IDS, SOURCES, SOURCE_IDS } from '../../src/domain/catalog';
import { textLanguageFor, type LanguageCode } from '../../src/domain/languages';
import { CATEGORY_NAMES } from '../content/labels';
import { renderArticleHtml } from '../content/render-article';
import { missingHelp } from '../content/vocabulary-help';
import type { WordForms } from '../content/word-markup';
import type { ArticleReader } from '../store/reader';
import type { ArticleSummaryRow, Page, StoredArticle } from '../store/types';
import type { DatabaseHealth } from '../store/watched-store';
import { ApiError } from '../http/api-error';
import { sendJson } from '../http/json-reply';
import { articleIdParam, languageParam, latestParams, searchParams, type RawQuery } from '../http/query-params';

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

function toPage(page: Page<ArticleSummaryRow>, limit: number, offset: number): ArticlePage {
  return { articles: page.items.map(toListItem), total: page.total, limit, offset };
}

/**
 * Rendered bodies are cached per article, language and content hash: rendering and
 * sanitising with jsdom costs tens of milliseconds, a lookup nothing, and a changed
 * article has a new hash so a stale body is never served.
 */
class RenderedCache {
  private readonly entries = new Map<string, string>();

  constructor(
    private readonly capacity: number,
    private readonly forms?: WordForms,
  ) {}

  get(article: StoredArticle, language: LanguageCode): string {
    const key = `${article.id}\u0000${language}\u0000${article.contentHash}`;
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const html = renderArticleHtml(article, language, this.forms);
    this.entries.set(key, html);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return html;
  }
}

export interface ApiDependencies {
  /** Reads for the API, possibly off the event loop (read-pool.ts). */
  readonly reader: ArticleReader;
  /** A real check of the database, cheap enough for every health probe. */
  readonly health: () => DatabaseHealth;
  /** The bundled dictionary's lemmas, so rendered articles highlight vocabulary in every form. */
  readonly forms?: WordForms;
}

export function registerApiRoutes(app: FastifyInstance, { reader, health, forms }: ApiDependencies): void {
  const rendered = new RenderedCache(500, forms);

  app.get('/api/articles/latest', async (request, reply) => {
    const params = latestParams(request.query as RawQuery);
    const page = await reader.latest({
      limit: params.limit,
      offset: params.offset,
      ...(params.category ? { category: params.category } : {}),
      ...(params.source ? { source: params.source } : {}),
      ...(params.difficulty ? { difficulty: params.difficulty } : {}),
    });
    return sendJson(request, reply, toPage(page, params.limit, params.offset));
  });

  app.get('/api/articles/search', async (request, reply) => {
    const params = searchParams(request.query as RawQuery);
    const page = await reader.search({
      q: params.q,
      limit: params.limit,
      offset: params.offset,
      ...(params.category ? { category: params.category } : {}),
      ...(params.source ? { source: params.source } : {}),
      ...(params.difficulty ? { difficulty: params.difficulty } : {}),
    });
    return sendJson(request, reply, toPage(page, params.limit, params.offset));
  });

  app.get('/api/articles/:id', async (request, reply) => {
    const language = languageParam(request.query as RawQuery);
    const id = articleIdParam((request.params as { id?: unknown }).id);
    const article = await reader.byId(id);
    if (!article) throw new ApiError(404, 'not_found', `There is no article with id "${id}"`, 'id');
    const body: ArticleResponse = {
      article: {
        article_id: article.id,
        title: article.title,
        source: article.source,
        date: article.publishedAt,
        categories: [...article.categories],
        summary: article.summary,
        word_count: article.wordCount,
        url: article.url,
        learning_metadata: {
          estimated_reading_time: article.readingTimeMinutes,
          difficulty_level: article.difficulty,
          missing_in_language: missingHelp(article, language),
        },
        html_content: rendered.get(article, language),
      },
    };
    return sendJson(request, reply, body);
  });

  app.get('/api/categories', async (request, reply) => {
    const names = CATEGORY_NAMES[textLanguageFor(languageParam(request.query as RawQuery))];
    const body: CategoriesResponse = { categories: CATEGORY_IDS.map((id) => ({ id, name: names[id] })) };
    return sendJson(request, reply, body);
  });

  app.get('/api/sources', async (request, reply) => {
    const body: SourcesResponse = {
      sources: SOURCE_IDS.map((id) => ({ id, name: SOURCES[id].name, home_page: SOURCES[id].homePage })),
    };
    return sendJson(request, reply, body);
  });

  app.get('/api/health', { config: { rateLimit: false } }, async (request, reply) => {
    let checked: DatabaseHealth;
    try {
      checked = health();
    } catch (error) {
      checked = { status: 'unavailable', articleCount: null, problem: error instanceof Error ? error.message : String(error) };
    }
    if (checked.status !== 'ok') request.log.error({ problem: checked.problem }, `health check: database ${checked.status}`);
    const body: HealthResponse =
      checked.status === 'ok'
        ? { status: 'ok', database: 'reachable', article_count: checked.articleCount }
        : checked.status === 'degraded'
          ? {
              status: 'degraded',
              database: checked.articleCount === null ? 'unreachable' : 'reachable',
              article_count: checked.articleCount,
              ...(checked.problem ? { problem: checked.problem } : {}),
            }
          : { status: 'unavailable', database: 'unreachable', article_count: null };
    return reply
      .code(body.status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(body));
  });
}
