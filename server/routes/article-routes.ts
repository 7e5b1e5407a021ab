/**
 * GET /api/articles/latest, /api/articles/search and /api/articles/{id}: Fastify has validated the
 * query and path against the route's schema (schemas.ts) before a handler runs; handlers ask the
 * reader and shape the answer to the contract in common/contract.ts; they never touch SQL.
 * Answers go through the answer cache (plugins/answer-cache.ts), keyed by the validated query.
 */
import type { FastifyPluginAsync, preValidationHookHandler } from 'fastify';
import type { ArticleListItem, ArticlePage, ArticleResponse } from '../../common/contract';
import { QUERY_LIMITS } from '../../common/contract';
import type { LanguageCode } from '../../common/languages';
import { missingArticleMessage } from '../../common/page-data';
import { renderArticleHtml } from '../content/render-article';
import { renderLanguageOf } from '../content/stored-pages';
import { machineWritten, missingHelp } from '../content/vocabulary-help';
import { memoisedForms, type WordForms } from '../content/word-markup';
import { lemmaInventory } from '../content/lemma-inventory';
import { encodeInventories, MAX_INVENTORY_IDS, type LemmaInventories, type PlainInventory } from '../../common/lemma-contract';
import { decodeCursor, encodeCursor } from './list-cursor';
import { ApiError } from '../http/api-error';
import { CACHE_POLICY } from '../http/cache-policy';
import { answerCache } from '../plugins/answer-cache';
import { searchWords } from '../store/fts-query';
import type { ArticleReads } from '../store/article-store';
import type { ArticleSummaryRow, Page, RenderLanguage, StoredArticle } from '../store/types';
import { ROUTE_SCHEMAS, type ArticleParams, type LanguageQuery, type LatestQuery, type LemmasQuery, type SearchQuery } from './schemas';

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
export function fallbackRenderer(forms?: WordForms) {
  const remembered = forms ? memoisedForms(forms) : undefined;
  return (article: StoredArticle, language: RenderLanguage) => renderArticleHtml(article, language, remembered);
}

/** The filters latest and search share, without the ones not given. */
function filtersOf(query: LatestQuery) {
  return {
    limit: query.limit,
    offset: query.offset,
    ...(query.category ? { category: query.category } : {}),
    ...(query.source ? { source: query.source } : {}),
    ...(query.difficulty ? { difficulty: query.difficulty } : {}),
  };
}

function keyOf(route: string, query: LatestQuery, ...rest: string[]): string {
  return [route, query.category ?? '', query.source ?? '', query.difficulty ?? '', query.limit, query.offset, ...rest].join('\u0000');
}

/** The schema checks q's length after trimming; the words are counted by the search tokenizer, which JSON Schema cannot. */
const trimSearchText: preValidationHookHandler = (request, _reply, done) => {
  const query = request.query as Record<string, unknown>;
  if (typeof query.q === 'string') query.q = query.q.trim();
  done();
};

function checkSearchWords(q: string): void {
  const terms = searchWords(q).length;
  if (terms > QUERY_LIMITS.qMaxTerms) {
    throw new ApiError(400, 'invalid_parameter', `q has ${terms} words; search at most ${QUERY_LIMITS.qMaxTerms} words at a time`, 'q', [
      `at most ${QUERY_LIMITS.qMaxTerms} words`,
    ]);
  }
}

export interface ArticleAnswerDeps {
  readonly render: (article: StoredArticle, language: RenderLanguage) => string;
  readonly saveRendered?: ArticleRoutesOptions['saveRendered'];
  readonly log: { warn(object: unknown, message: string): void };
}

/** The answer of GET /api/articles/{id}?language=…, or null when there is no such article; server rendering embeds the same. */
export async function articleAnswer(
  reader: ArticleReads,
  id: string,
  language: LanguageCode,
  deps: ArticleAnswerDeps,
): Promise<ArticleResponse | null> {
  const { render, saveRendered, log } = deps;
  const renderLanguage = renderLanguageOf(language);
  const article = await reader.page(id, renderLanguage);
  if (!article) return null;
  let html = article.html;
  if (html === undefined) {
    // No stored page for this content (written by an older server or a tool without the
    // dictionary): read the whole article and render it once.
    const whole = await reader.byId(id);
    if (!whole) return null;
    html = render(whole, renderLanguage);
    try {
      saveRendered?.(article.id, article.contentHash, renderLanguage, html);
    } catch (error) {
      // A read-only or busy database still serves the page; the next read renders again.
      log.warn({ err: error }, 'could not store a rendered article page');
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
        ...machineWritten(article, language),
      },
      html_content: html,
    },
  };
  return body;
}

/**
 * The answer of GET /api/articles/latest for these filters: from the offset, or after the cursor (then
 * the offset counts from there). next_cursor names the page's last article while more may follow.
 */
export async function latestAnswer(reader: ArticleReads, query: LatestQuery): Promise<ArticlePage> {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  // Without a cursor the total says whether more follow; after one, a row past the page does.
  const read = await reader.latest({ ...filtersOf(query), ...(after ? { after, limit: query.limit + 1 } : {}) });
  const page = after ? { ...read, items: read.items.slice(0, query.limit) } : read;
  const more = after ? read.items.length > query.limit : query.offset + query.limit < page.total;
  const last = page.items[page.items.length - 1];
  const answer = toPage(page, query.limit, query.offset);
  return more && last ? { ...answer, next_cursor: encodeCursor({ publishedAt: last.publishedAt, id: last.id }) } : answer;
}

/** The answer of GET /api/articles/search for this (trimmed, checked) query. */
export async function searchAnswer(reader: ArticleReads, query: SearchQuery): Promise<ArticlePage> {
  // Also for the list page the server renders from a search in its address, which no route schema checked.
  checkSearchWords(query.q);
  return toPage(await reader.search({ q: query.q, ...filtersOf(query) }), query.limit, query.offset);
}

/** The ids of GET /api/lemmas?ids=a,b: 1 to MAX_INVENTORY_IDS distinct, non-empty ids. */
export function inventoryIds(ids: string): string[] {
  const list = [...new Set(ids.split(',').map((id) => id.trim()))];
  if (list.some((id) => id === '' || id.length > 200 || [...id].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f))) {
    throw new ApiError(400, 'invalid_parameter', 'ids must be article ids separated by commas, none empty', 'ids');
  }
  if (list.length > MAX_INVENTORY_IDS) {
    throw new ApiError(
      400,
      'invalid_parameter',
      `ids names ${list.length} articles; ask for at most ${MAX_INVENTORY_IDS} at a time`,
      'ids',
      [`at most ${MAX_INVENTORY_IDS} ids`],
    );
  }
  return list;
}

/**
 * The lemma inventories of these articles (unknown ids are left out), and with `withForms` the
 * inflected forms of the body: computed on a read from the stored paragraphs, then kept by the answer cache.
 */
export async function lemmasAnswer(
  reader: ArticleReads,
  ids: readonly string[],
  forms: WordForms | undefined,
  withForms = false,
  ranked?: readonly string[],
): Promise<LemmaInventories | null> {
  const found: PlainInventory[] = [];
  const formMap = new Map<string, string>();
  for (const id of ids) {
    const article = await reader.byId(id);
    if (!article) continue;
    const inventory = lemmaInventory(article.paragraphs, forms);
    found.push({ articleId: article.id, words: inventory.words, lemmas: inventory.lemmas });
    for (const [form, lemma] of inventory.forms) formMap.set(form, lemma);
  }
  if (withForms && found.length === 0) return null;
  return encodeInventories(found, withForms ? formMap : undefined, ranked);
}

export interface ArticleRoutesOptions {
  /** Reads for the API, possibly off the event loop (read-pool.ts). */
  readonly reader: ArticleReads;
  /** The bundled dictionary's lemmas, so pages rendered on a read highlight vocabulary in every form. */
  readonly forms?: WordForms;
  /** The cards' frequency list (common/lemma-contract.ts RANKED_LEVEL); without it the cards' inventories spell every lemma. */
  readonly rankedWords?: () => readonly string[];
  /** The database's data version (bumped by every write, from any process); without it nothing is cached. */
  readonly dataVersion?: () => number;
  /** Stores a page rendered on a read, so the next read finds it. */
  readonly saveRendered?: (id: string, contentHash: string, language: RenderLanguage, html: string) => void;
  /** Serialised answers kept (answer-cache.ts); 0 turns the cache off. */
  readonly answerCacheEntries?: number;
}

export const articleRoutes: FastifyPluginAsync<ArticleRoutesOptions> = async (app, options) => {
  const { reader, forms, rankedWords, dataVersion, saveRendered, answerCacheEntries } = options;
  const render = fallbackRenderer(forms);
  const lemmaForms = forms ? memoisedForms(forms) : undefined;
  await app.register(answerCache, {
    entries: dataVersion ? (answerCacheEntries ?? 2000) : 0,
    version: dataVersion ?? (() => 0),
  });

  app.get<{ Querystring: LatestQuery }>('/articles/latest', { schema: ROUTE_SCHEMAS.latest }, async (request, reply) => {
    const query = request.query;
    return reply.sendAnswer(keyOf('latest', query, query.cursor ?? ''), () => latestAnswer(reader, query), CACHE_POLICY.list);
  });

  app.get<{ Querystring: SearchQuery }>(
    '/articles/search',
    { schema: ROUTE_SCHEMAS.search, preValidation: trimSearchText },
    async (request, reply) => {
      const query = request.query;
      checkSearchWords(query.q);
      return reply.sendAnswer(keyOf('search', query, query.q), () => searchAnswer(reader, query), CACHE_POLICY.list);
    },
  );

  app.get<{ Querystring: LemmasQuery }>('/lemmas', { schema: ROUTE_SCHEMAS.lemmas }, async (request, reply) => {
    const ids = inventoryIds(request.query.ids);
    return reply.sendAnswer(
      `lemmas\u0000${ids.join(',')}`,
      async () => (await lemmasAnswer(reader, ids, lemmaForms, false, rankedWords?.()))!,
      CACHE_POLICY.article,
    );
  });

  app.get<{ Params: ArticleParams }>('/articles/:id/lemmas', { schema: ROUTE_SCHEMAS.articleLemmas }, async (request, reply) => {
    const { id } = request.params;
    return reply.sendAnswer(
      `article-lemmas\u0000${id}`,
      async () => {
        const body = await lemmasAnswer(reader, [id], lemmaForms, true);
        if (!body) throw new ApiError(404, 'not_found', missingArticleMessage(id), 'id');
        return body;
      },
      CACHE_POLICY.article,
    );
  });

  app.get<{ Params: ArticleParams; Querystring: LanguageQuery }>(
    '/articles/:id',
    { schema: ROUTE_SCHEMAS.article },
    async (request, reply) => {
      const { id } = request.params;
      const { language } = request.query;
      return reply.sendAnswer(
        `article\u0000${language}\u0000${id}`,
        async () => {
          const body = await articleAnswer(reader, id, language, { render, saveRendered, log: request.log });
          if (!body) throw new ApiError(404, 'not_found', missingArticleMessage(id), 'id');
          return body;
        },
        CACHE_POLICY.article,
      );
    },
  );
};
