/**
 * The read side the HTTP API uses: asynchronous, so reads can run off the event loop (see
 * read-pool.ts) while the importer, the corpus loader and tests keep the synchronous
 * ArticleStore. A faster search (another index, another ranking) plugs in here.
 */
import type { ArticleDatabase } from './article-database';
import type { ArticlePage, ArticleQuery, ArticleStore, ArticleSummaryRow, Page, RenderLanguage, SearchQuery, StoredArticle } from './types';

export interface ArticleReader {
  latest(query: ArticleQuery): Promise<Page<ArticleSummaryRow>>;
  search(query: SearchQuery): Promise<Page<ArticleSummaryRow>>;
  byId(id: string, language?: RenderLanguage): Promise<StoredArticle | undefined>;
  page(id: string, language: RenderLanguage): Promise<ArticlePage | undefined>;
  /** Drops open handles so the next read opens the database file again (it was replaced). */
  reopen(): Promise<void>;
  close(): Promise<void>;
}

/** Reads on the calling thread: for tests, tools and READ_WORKERS=0. */
export function inlineReader(store: () => ArticleStore): ArticleReader {
  return {
    latest: async (query) => store().latest(query),
    search: async (query) => store().search(query),
    byId: async (id, language) => store().byId(id, language),
    page: async (id, language) => store().page(id, language),
    reopen: async () => undefined,
    close: async () => undefined,
  };
}

/** Reads through the asynchronous store (PostgreSQL: the pool's connections do the waiting). */
export function databaseReader(database: ArticleDatabase): ArticleReader {
  return {
    latest: (query) => database.latest(query),
    search: (query) => database.search(query),
    byId: (id, language) => database.byId(id, language),
    page: (id, language) => database.page(id, language),
    reopen: async () => undefined,
    close: async () => undefined,
  };
}

/**
 * Bounded reads on the calling thread, search on the pool. A list page reads at most
 * offset + limit index entries and an article a few rows by key (well under a millisecond at
 * 100,000 articles, see list-queries.ts), less than the worker round trip and the copy of the
 * answer between threads; only search, whose cost grows with the matches, needs a worker.
 */
export function splitReader(inline: ArticleReader, pool: ArticleReader): ArticleReader {
  return {
    latest: (query) => inline.latest(query),
    byId: (id, language) => inline.byId(id, language),
    page: (id, language) => inline.page(id, language),
    search: (query) => pool.search(query),
    reopen: () => pool.reopen(),
    close: () => pool.close(),
  };
}
