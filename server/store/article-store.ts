/**
 * The store seam: the one interface every caller outside the store folders sees, asynchronous so the
 * SQLite store (synchronous, better-sqlite3: store/sqlite/) and the PostgreSQL store (a network round
 * trip per query: store/postgres/) stand behind one shape. The server, the start-up passes, the
 * importer and the corpus loader use it or a narrow view of it (Pick); the contract tests
 * (tests/store-contract) run one suite on both implementations.
 */
import type { CategoryId } from '../../common/catalog';
import type { StoryIdentity, StoryMatch, StoryWriteResult } from './story-identity';
import type {
  ArticleInput,
  ArticleQuery,
  ArticleRenderer,
  ArticleSummaryRow,
  ArticleWithPage,
  Page,
  RenderLanguage,
  SearchQuery,
  StoredArticle,
  UpsertOutcome,
} from './types';

export interface FeedValidators {
  etag?: string;
  lastModified?: string;
}

export interface UpsertCounts {
  imported: number;
  updated: number;
  unchanged: number;
}

/** A rendered view as stored: the key it was made under and its body (packed by the caller). */
export interface StoredView {
  readonly key: string;
  readonly body: string;
  /** What it was made from, checkable without reading the article's data (SQLite: revision and server stamp). */
  readonly inputs?: string;
  /** The page data it was rendered with (packed), so a first view needs no other read. */
  readonly data?: string;
}

/** An article's view read in one statement with what the page's head needs and the article's revision. */
export interface ViewWithHead {
  /** The article's own id (another than the one asked for when that one was merged into it). */
  readonly id: string;
  readonly title: string;
  readonly summary: string;
  readonly summaryTranslations: Partial<Record<'zh' | 'es', string>>;
  readonly publishedAt: string;
  readonly categories: readonly CategoryId[];
  /** Moves with every write of what the article's answer is made from (store-specific, opaque). */
  readonly revision: number;
  readonly view: StoredView | undefined;
}

/**
 * A schema upgrade's fill that runs after the server listens (SQLite v10: search keys and the search index rebuilt
 * under them, sqlite/search-order.ts), in batches of articles, each batch idempotent, so it resumes anywhere. Until it
 * is done the features it names answer 503 and everything else is served.
 */
export interface SchemaFill {
  readonly name: string;
  /** What is not served until the fill is done (`search`). */
  readonly unavailable: readonly string[];
  /** When it became owed (its version as a pass), or undefined once done. */
  owedSince(): string | undefined;
  /** Fills these articles where they still need it; how many it filled. */
  fill(ids: readonly string[]): Promise<number>;
  /** Once every article was given to `fill`: puts the result in place (the features then answer again). */
  finish(): Promise<void>;
  /** One slice of tidying after `finish` (merging index segments); false when nothing is left. */
  tidy(): Promise<boolean>;
}

/** What /api/health reports of the database. */
export interface DatabaseHealth {
  readonly status: 'ok' | 'degraded' | 'unavailable';
  readonly articleCount: number | null;
  /** Why it is not ok, for operators. */
  readonly problem?: string;
}

export interface ArticleStore {
  latest(query: ArticleQuery): Promise<Page<ArticleSummaryRow>>;
  search(query: SearchQuery): Promise<Page<ArticleSummaryRow>>;
  /**
   * The same search as GET /api/articles/search's JSON text, where a store can build it off the HTTP thread (SQLite's
   * read workers, decision 58); the route serialises search()'s rows itself when absent.
   */
  searchJson?(query: SearchQuery): Promise<string>;
  /** With a rendering language, the stored page for it comes along as `html` (when there is one). */
  byId(id: string, language?: RenderLanguage): Promise<StoredArticle | undefined>;
  /** The article as the API shows it in a rendering language, with its stored page when there is one. */
  page(id: string, language: RenderLanguage): Promise<ArticleWithPage | undefined>;
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
  /** Feed validators for conditional requests. */
  feedState(feedUrl: string): Promise<FeedValidators | undefined>;
  saveFeedState(feedUrl: string, state: FeedValidators): Promise<void>;
  /** After a batch of writes (an import run): merges the search index's segments so queries stay fast. */
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
  /**
   * A whole rendered view of the article kept beside its stored pages (server/pages/page-views.ts: `page:zh` is the
   * zh article page's server-rendered app), with the key it was made under; the caller checks the key. Any write of
   * the article drops its views with its pages.
   */
  renderedView(id: string, view: string): Promise<StoredView | undefined>;
  /**
   * The view with the article's head and revision in one read (SQLite); undefined when there is no such article.
   * Absent on a store without revisions, which reads the data first (two reads).
   */
  viewWithHead?(id: string, view: string): Promise<ViewWithHead | undefined>;
  /** Keeps a view of the article `id` (no-op when there is no such article). */
  saveRenderedView(id: string, view: string, stored: StoredView): Promise<void>;
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
  /** Fills owed by schema upgrades, to run after listening (SQLite); absent or empty when none. */
  schemaFills?(): readonly SchemaFill[];
  contentPass(name: string): Promise<string | undefined>;
  recordContentPass(name: string, version: string): Promise<void>;
  /** The health check: cheap enough for every probe of /api/health. */
  check(): Promise<DatabaseHealth>;
  close(): Promise<void>;
}

/** What the API and the pages read. */
export type ArticleReads = Pick<ArticleStore, 'latest' | 'search' | 'searchJson' | 'byId' | 'page'>;

/**
 * A narrow view of the seam whose methods may also answer at once: tools and tests hand the
 * synchronous SQLite store (store/sqlite/sqlite-store.ts) where the server hands the seam.
 */
export type SettledOrLater<View> = {
  [Name in keyof View]: View[Name] extends (...args: infer Args) => Promise<infer Result>
    ? (...args: Args) => Result | Promise<Result>
    : View[Name];
};

/** The health check every store without a better one uses: a count through the store. */
export async function healthByCount(count: () => Promise<number>): Promise<DatabaseHealth> {
  try {
    return { status: 'ok', articleCount: await count() };
  } catch (error) {
    return { status: 'unavailable', articleCount: null, problem: error instanceof Error ? error.message : String(error) };
  }
}
