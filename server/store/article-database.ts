/**
 * The article store as every caller outside the SQLite internals sees it: asynchronous, so the
 * SQLite store (synchronous, better-sqlite3) and the PostgreSQL store (a network round trip per
 * query) stand behind one shape. The HTTP layer, the start-up passes, the importer and the
 * corpus loader use this; the contract tests (tests/store-contract) run the same suite on both.
 *
 * The SQLite adapter is a thin wrapper: each call runs synchronously and hands back a settled
 * promise, and the server keeps its read worker pool for SQLite searches (main.ts).
 */
import type { SqliteArticleStore, UpsertCounts } from './sqlite-store';
import type { StoryIdentity, StoryMatch, StoryWriteResult } from './story-identity';
import type {
  ArticleInput,
  ArticlePage,
  ArticleQuery,
  ArticleRenderer,
  ArticleSummaryRow,
  Page,
  RenderLanguage,
  SearchQuery,
  StoredArticle,
  UpsertOutcome,
} from './types';

export type { UpsertCounts } from './sqlite-store';

/** What a caller awaits works on both stores: the SQLite store answers at once, PostgreSQL later. */
export type Awaitable<T> = T | Promise<T>;

export interface FeedValidators {
  etag?: string;
  lastModified?: string;
}

export interface ArticleDatabase {
  readonly kind: 'sqlite' | 'postgres';
  latest(query: ArticleQuery): Promise<Page<ArticleSummaryRow>>;
  search(query: SearchQuery): Promise<Page<ArticleSummaryRow>>;
  byId(id: string, language?: RenderLanguage): Promise<StoredArticle | undefined>;
  page(id: string, language: RenderLanguage): Promise<ArticlePage | undefined>;
  count(): Promise<number>;
  /** One article in one transaction: all of it or nothing. */
  upsert(article: ArticleInput): Promise<UpsertOutcome>;
  /** Many articles in one transaction (the corpus loader). */
  upsertMany(articles: Iterable<ArticleInput>): Promise<UpsertCounts>;
  /**
   * One imported story, written under the id of the stored article it is (story-identity.ts), the
   * look-up and the write in one transaction that other importers wait for.
   */
  upsertStory(article: ArticleInput, identity: StoryIdentity): Promise<StoryWriteResult>;
  /** The stored story at one of these addresses (storyUrlKey keys). */
  findStory(urlKeys: readonly string[]): Promise<StoredArticle | undefined>;
  /** Gives articles stored without their identity rows (before the schema had them) those rows; how many. */
  backfillStoryIdentity(): Promise<number>;
  /** The older stored article this one repeats, if any (the merge command). */
  olderSameStory(id: string): Promise<{ id: string; matchedBy: StoryMatch } | undefined>;
  /** Merges `dropId` into `keepId`: the dropped id becomes an alias of the kept article. */
  mergeStory(dropId: string, keepId: string): Promise<boolean>;
  feedState(feedUrl: string): Promise<FeedValidators | undefined>;
  saveFeedState(feedUrl: string, state: FeedValidators): Promise<void>;
  compactSearch(): Promise<void>;
  /**
   * A number that changes after every article write by any process or node; keys the answer and page
   * caches. Synchronous because it is read on every request: PostgreSQL keeps it up to date in the
   * background (LISTEN/NOTIFY, with a periodic re-read as a time bound).
   */
  dataVersion(): number;
  /** Writes that follow store each article's rendered pages. */
  setRenderer(renderer: ArticleRenderer | undefined): void;
  saveRenderedHtml(id: string, contentHash: string, language: RenderLanguage, html: string): Promise<void>;
  clearRenderedHtml(): Promise<void>;
  idsWithoutHtml(limit: number, after?: string): Promise<string[]>;
  renderStored(ids: readonly string[], renderer: ArticleRenderer): Promise<number>;
  articleIds(): Promise<string[]>;
  /** Up to `limit` article ids after the article `after`, oldest first: a pass over the whole store in batches. */
  idsAfter(limit: number, after?: string): Promise<string[]>;
  /**
   * Runs `work` only when no other node is running work of that name (PostgreSQL: an advisory lock); absent for a
   * store only one process serves (SQLite), where it simply runs.
   */
  exclusively?<T>(name: string, work: () => Promise<T>): Promise<{ held: true; value: T } | { held: false }>;
  contentPass(name: string): Promise<string | undefined>;
  recordContentPass(name: string, version: string): Promise<void>;
  close(): Promise<void>;
}

/** The SQLite store behind the asynchronous interface; `store` is read on every call, so a reopened file is followed. */
export function sqliteDatabase(store: SqliteArticleStore | (() => SqliteArticleStore)): ArticleDatabase {
  const current = typeof store === 'function' ? store : () => store;
  const call =
    <A extends unknown[], R>(method: (s: SqliteArticleStore, ...args: A) => R) =>
    async (...args: A): Promise<R> =>
      method(current(), ...args);
  return {
    kind: 'sqlite',
    latest: call((s, query: ArticleQuery) => s.latest(query)),
    search: call((s, query: SearchQuery) => s.search(query)),
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
    idsWithoutHtml: call((s, limit: number, after?: string) => s.idsWithoutHtml(limit, after)),
    renderStored: call((s, ids: readonly string[], renderer: ArticleRenderer) => s.renderStored(ids, renderer)),
    articleIds: call((s) => s.articleIds()),
    idsAfter: call((s, limit: number, after?: string) => s.idsAfter(limit, after)),
    contentPass: call((s, name: string) => s.contentPass(name)),
    recordContentPass: call((s, name: string, version: string) => s.recordContentPass(name, version)),
    close: call((s) => s.close()),
  };
}
