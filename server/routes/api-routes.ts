/**
 * The JSON API under /api. Handlers validate input (query-params.ts), ask the store and shape
 * the answer to the contract in src/api/contract.ts; they never touch SQL.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {
  ArticleListItem,
  ArticlePage,
  ArticleResponse,
  CategoriesResponse,
  HealthResponse,
  SourcesResponse,
} from '../../src/api/contract';
import { CATEGORY_IDS, SOURCES, SOURCE_IDS } from '../../src/domain/catalog';
import { textLanguageFor } from '../../src/domain/languages';
import { CATEGORY_NAMES } from '../content/labels';
import { renderArticleHtml } from '../content/render-article';
import { missingHelp } from '../content/vocabulary-help';
import { memoisedForms, type WordForms } from '../content/word-markup';
import { renderLanguageOf } from '../content/stored-pages';
import type { ArticleReader } from '../store/reader';
import type { ArticleSummaryRow, Page, RenderLanguage, StoredArticle } from '../store/types';
import type { DatabaseHealth } from '../store/watched-store';
import { ApiError } from '../http/api-error';
import { sendJson, sendPrepared } from '../http/json-reply';
import { AnswerCache } from '../http/answer-cache';
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
  return {
    articles: page.items.map(toListItem),
    total: page.total,
    limit,
    offset,
    ...(page.totalCapped ? { total_capped: true } : {}),
  };
}

/** Renders a page on a read (no stored one) and stores it: the fallback for articles written without pages. */
function fallbackRenderer(forms?: WordForms) {
  const remembered = forms ? memoisedForms(forms) : undefined;
  return (article: StoredArticle, language: RenderLanguage) => renderArticleHtml(article, language, remembered);
}

export interface ApiDependencies {
  /** Reads for the API, possibly off the event loop (read-pool.ts). */
  readonly reader: ArticleReader;
  /** A real check of the database, cheap enough for every health probe. */
  readonly health: () => DatabaseHealth;
  /** The bundled dictionary's lemmas, so pages rendered on a read highlight vocabulary in every form. */
  readonly forms?: WordForms;
  /** The database's data version (bumped by every write, from any process); without it nothing is cached. */
  readonly dataVersion?: () => number;
  /** Stores a page rendered on a read, so the next read finds it. */
  readonly saveRendered?: (id: string, contentHash: string, language: RenderLanguage, html: string) => void;
  /** Serialised answers kept (answer-cache.ts); 0 turns the cache off. */
  readonly answerCacheEntries?: number;
}

export function registerApiRoutes(
  app: FastifyInstance,
  { reader, health, forms, dataVersion, saveRendered, answerCacheEntries }: ApiDependencies,
): void {
  const render = fallbackRenderer(forms);
  const cache = new AnswerCache(dataVersion ? (answerCacheEntries ?? 2000) : 0);

  /** The cached answer for `key`, or `compute()`'s, filed under the version read before it ran. */
  async function answer(request: FastifyRequest, reply: FastifyReply, key: string, compute: () => Promise<unknown>) {
    const version = dataVersion?.() ?? 0;
    const hit = cache.get(key, version);
    if (hit) return sendPrepared(request, reply, hit);
    return sendPrepared(request, reply, cache.put(key, version, await compute()));
  }

  app.get('/api/articles/latest', async (request, reply) => {
    const params = latestParams(request.query as RawQuery);
    const key = `latest\u0000${params.category ?? ''}\u0000${params.source ?? ''}\u0000${params.difficulty ?? ''}\u0000${params.limit}\u0000${params.offset}`;
    return answer(request, reply, key, async () => {
      const page = await reader.latest({
        limit: params.limit,
        offset: params.offset,
        ...(params.category ? { category: params.category } : {}),
        ...(params.source ? { source: params.source } : {}),
        ...(params.difficulty ? { difficulty: params.difficulty } : {}),
      });
      return toPage(page, params.limit, params.offset);
    });
  });

  app.get('/api/articles/search', async (request, reply) => {
    const params = searchParams(request.query as RawQuery);
    const key = `search\u0000${params.category ?? ''}\u0000${params.source ?? ''}\u0000${params.difficulty ?? ''}\u0000${params.limit}\u0000${params.offset}\u0000${params.q}`;
    return answer(request, reply, key, async () => {
      const page = await reader.search({
        q: params.q,
        limit: params.limit,
        offset: params.offset,
        ...(params.category ? { category: params.category } : {}),
        ...(params.source ? { source: params.source } : {}),
        ...(params.difficulty ? { difficulty: params.difficulty } : {}),
      });
      return toPage(page, params.limit, params.offset);
    });
  });

  app.get('/api/articles/:id', async (request, reply) => {
    const language = languageParam(request.query as RawQuery);
    const id = articleIdParam((request.params as { id?: unknown }).id);
    return answer(request, reply, `article\u0000${language}\u0000${id}`, async () => {
      const renderLanguage = renderLanguageOf(language);
      const article = await reader.byId(id, renderLanguage);
      if (!article) throw new ApiError(404, 'not_found', `There is no article with id "${id}"`, 'id');
      let html = article.html;
      if (html === undefined) {
        html = render(article, renderLanguage);
        try {
          saveRendered?.(article.id, article.contentHash, renderLanguage, html);
        } catch (error) {
          // A read-only or busy database still serves the page; the next read renders again.
          request.log.warn({ err: error }, 'could not store a rendered article page');
        }
      }
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
          html_content: html,
        },
      };
      return body;
    });
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
