/**
 * The answers of the article API, built from the store: the latest list, a search, one article, lemma
 * inventories. The API's routes (routes/article-routes.ts) send them; server-rendered pages
 * (pages/embedded-answers.ts) embed the same answers, so the web app finds exactly its own requests.
 */
import type { ArticlePage, ArticleResponse } from '../../common/contract';
import { QUERY_LIMITS } from '../../common/contract';
import type { LanguageCode } from '../../common/languages';
import { renderArticleHtml } from '../content/render-article';
import { renderLanguageOf } from '../content/stored-pages';
import { machineWritten, missingHelp } from '../content/vocabulary-help';
import { memoisedForms, type WordForms } from '../content/word-markup';
import { lemmaInventory } from '../content/lemma-inventory';
import type { LemmaInventories, PlainInventory } from '../../common/lemma-contract';
import { encodeInventories } from '../../common/lemma-encode';
import { ApiError } from '../http/api-error';
import { searchWords } from '../store/fts-query';
import type { ArticleReads } from '../store/article-store';
import type { ArticleWithPage, RenderLanguage, SearchQuery as StoreSearchQuery, StoredArticle } from '../store/types';
import { type LatestQuery, type SearchQuery } from './answer-queries';
import { decodeCursor, encodeCursor } from './list-cursor';
import { toPage } from './list-page';

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

export function checkSearchWords(q: string): void {
  const terms = searchWords(q).length;
  if (terms > QUERY_LIMITS.qMaxTerms) {
    throw new ApiError(400, 'invalid_parameter', `q has ${terms} words; search at most ${QUERY_LIMITS.qMaxTerms} words at a time`, 'q', [
      `at most ${QUERY_LIMITS.qMaxTerms} words`,
    ]);
  }
}

export interface ArticleAnswerDeps {
  readonly render: (article: StoredArticle, language: RenderLanguage) => string;
  readonly saveRendered?: (id: string, contentHash: string, language: RenderLanguage, html: string) => void;
  readonly log: { warn(object: unknown, message: string): void };
}

/** The answer of GET /api/articles/{id}?language=…, or null when there is no such article; server rendering embeds the same. */
export async function articleAnswer(
  reader: ArticleReads,
  id: string,
  language: LanguageCode,
  deps: ArticleAnswerDeps,
): Promise<ArticleResponse | null> {
  return (await articleAnswerAndRow(reader, id, language, deps))?.answer ?? null;
}

/** The article's answer with the row it was made from (a page's head reads the row: its id, translated summary). */
export async function articleAnswerAndRow(
  reader: ArticleReads,
  id: string,
  language: LanguageCode,
  deps: ArticleAnswerDeps,
): Promise<{ readonly answer: ArticleResponse; readonly row: ArticleWithPage } | null> {
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
  return { answer: body, row: article };
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
  return toPage(await reader.search(searchQueryOf(query)), query.limit, query.offset);
}

/** The store's query for an API search query (the route checked its words). */
export function searchQueryOf(query: SearchQuery): StoreSearchQuery {
  return { q: query.q, ...filtersOf(query) };
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
