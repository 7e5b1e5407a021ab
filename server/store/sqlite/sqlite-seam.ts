/**
 * The SQLite store behind the store seam (article-store.ts). Each call runs synchronously on this
 * thread and hands back a settled promise, except what the server gives to others: searches may go to
 * the read workers (read-pool.ts), and the health check to the watched file (watched-store.ts).
 */
import {
  healthByCount,
  type ArticleReads,
  type ArticleStore,
  type DatabaseHealth,
  type FeedValidators,
  type SchemaFill,
  type StoredView,
} from '../article-store';
import type { StoryIdentity } from '../story-identity';
import type { ArticleInput, ArticleQuery, ArticleRenderer, RenderLanguage, SearchQuery } from '../types';
import type { SqliteArticleStore } from './sqlite-store';
import { SEARCH_KEYS_FILL } from './search-order';
import { SEARCH_WORDS_FILL } from './search-words';
import { SEARCH_TERMS_FILL } from './search-terms';

/** SQLite v10's fill (search-order.ts) behind the seam. */
function searchKeysFill(current: () => SqliteArticleStore): SchemaFill {
  return {
    name: SEARCH_KEYS_FILL,
    unavailable: ['search'],
    owedSince: () => current().searchKeysFill.owedSince(),
    fill: async (ids) => current().searchKeysFill.fillWrite(ids),
    finish: async () => current().searchKeysFill.finishWrite(),
    tidy: async () => current().searchKeysFill.mergeWrite(),
  };
}

/** SQLite v12's fill (search-words.ts): after v10's, whose keys it needs. */
function searchWordsFill(current: () => SqliteArticleStore): SchemaFill {
  return {
    name: SEARCH_WORDS_FILL,
    unavailable: ['prefix search'],
    owedSince: () => current().searchWordsFill.owedSince(),
    fill: async (ids) => current().searchWordsFill.fillWrite(ids),
    finish: async () => {
      current().searchWordsFill.finishWrite();
      // Never recorded done while still owed (only possible were v10's fill still owed): the passes stop and retry at the next start.
      if (current().searchWordsFill.owedSince() !== undefined) throw new Error('the search-words fill waits for the search-keys fill');
    },
    tidy: async () => current().searchWordsFill.mergeWrite(),
  };
}

/** SQLite v13's fill (search-terms.ts): nothing waits for it (ranking reads the old way where a row is missing). */
function searchTermsFill(current: () => SqliteArticleStore): SchemaFill {
  return {
    name: SEARCH_TERMS_FILL,
    unavailable: [],
    owedSince: () => current().searchTermsFill.owedSince(),
    fill: async (ids) => current().searchTermsFill.fillWrite(ids),
    finish: async () => {
      current().searchTermsFill.finish();
      if (current().searchTermsFill.owedSince() !== undefined) throw new Error('the search-terms fill waits for the search-keys fill');
    },
    tidy: async () => false,
  };
}

export interface SqliteSeamOptions {
  /**
   * Where searches run (the read workers); on this thread when absent. A list page reads under
   * limit + 500 index entries from its list's mark (list-reads.ts; each mark read, once per data
   * version, by the first page that needs it) and an article a few rows by key (well under a millisecond at
   * 100,000 articles, see list-queries.ts), less than the worker round trip and the copy of the
   * answer between threads; only search, whose cost grows with the matches, needs a worker.
   */
  readonly search?: ArticleReads['search'];
  /** The same searches answered as the API's JSON text (read-pool.ts searchJson); absent, the route serialises. */
  readonly searchJson?: ArticleReads['searchJson'];
  /** The health check (the watched file); a count through the store when absent. */
  readonly check?: () => DatabaseHealth;
  /** Closes what the server opened (the watched file, the read workers); the store itself when absent. */
  readonly close?: () => Promise<void>;
}

/** `store` is read on every call, so a reopened file (watched-store.ts) is followed. */
export function sqliteSeam(store: SqliteArticleStore | (() => SqliteArticleStore), options: SqliteSeamOptions = {}): ArticleStore {
  const current = typeof store === 'function' ? store : () => store;
  const call =
    <A extends unknown[], R>(method: (s: SqliteArticleStore, ...args: A) => R) =>
    async (...args: A): Promise<R> =>
      method(current(), ...args);
  const seam: ArticleStore = {
    latest: call((s, query: ArticleQuery) => s.latest(query)),
    search: options.search ?? call((s, query: SearchQuery) => s.search(query)),
    ...(options.searchJson ? { searchJson: options.searchJson } : {}),
    byId: call((s, id: string, language?: RenderLanguage) => s.byId(id, language)),
    page: call((s, id: string, language: RenderLanguage) => s.page(id, language)),
    count: call((s) => s.count()),
    upsert: call((s, article: ArticleInput) => s.upsert(article)),
    upsertMany: call((s, articles: Iterable<ArticleInput>) => s.upsertMany(articles)),
    upsertStory: call((s, article: ArticleInput, identity: StoryIdentity) => s.upsertStory(article, identity)),
    findStory: call((s, urlKeys: readonly string[]) => s.findStory(urlKeys)),
    backfillStoryIdentity: call((s) => s.backfillStoryIdentity()),
    olderSameStory: call((s, id: string) => s.olderSameStory(id)),
    mergeStory: call((s, dropId: string, keepId: string) => s.mergeStory(dropId, keepId)),
    feedState: call((s, url: string) => s.feedState(url)),
    saveFeedState: call((s, url: string, state: FeedValidators) => s.saveFeedState(url, state)),
    compactSearch: call((s) => s.compactSearch()),
    dataVersion: () => current().dataVersion(),
    setRenderer: (renderer) => current().setRenderer(renderer),
    saveRenderedHtml: call((s, id: string, hash: string, language: RenderLanguage, html: string) =>
      s.saveRenderedHtml(id, hash, language, html),
    ),
    clearRenderedHtml: call((s) => s.clearRenderedHtml()),
    renderedView: call((s, id: string, view: string) => s.renderedView(id, view)),
    viewWithHead: call((s, id: string, view: string) => s.viewWithHead(id, view)),
    saveRenderedView: call((s, id: string, view: string, stored: StoredView) => s.saveRenderedView(id, view, stored)),
    idsWithoutHtml: call((s, limit: number, after?: string) => s.idsWithoutHtml(limit, after)),
    renderStored: call((s, ids: readonly string[], renderer: ArticleRenderer) => s.renderStored(ids, renderer)),
    articleIds: call((s) => s.articleIds()),
    idsAfter: call((s, limit: number, after?: string) => s.idsAfter(limit, after)),
    schemaFills: () => [searchKeysFill(current), searchWordsFill(current), searchTermsFill(current)],
    contentPass: call((s, name: string) => s.contentPass(name)),
    recordContentPass: call((s, name: string, version: string) => s.recordContentPass(name, version)),
    check: options.check ? async () => options.check!() : () => healthByCount(() => seam.count()),
    close: options.close ?? (async () => current().close()),
  };
  return seam;
}
