/**
 * The SQLite store, synchronous (better-sqlite3, WAL mode, FTS5 search): reads, writes in transactions,
 * story identity, passes; sqlite-seam.ts puts it behind the store seam (../article-store.ts). Its connection,
 * statements and read guard are sqlite-connection.ts; the SQL lives beside them: list-queries.ts (read by list-reads.ts),
 * search-index.ts, article-lookup.ts, article-writes.ts, story-records.ts and migrations.ts.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteConnection } from './sqlite-connection';
import { withWriteRetry } from './write-retry';
import { parseJson } from './rows';
import { chooseStory, textFingerprint, urlKeysOf, type StoryIdentity, type StoryMatch, type StoryWriteResult } from '../story-identity';
import { pageKey, pageKeySuffix } from '../types';
import { ArticleViews } from './article-views';
import { SearchKeysFill } from './search-order';
import { SearchWordsFill } from './search-words';
import type {
  ArticleInput,
  ArticleWithPage,
  ArticleQuery,
  ArticleRenderer,
  ArticleSummaryRow,
  Page,
  RenderLanguage,
  SearchQuery,
  StoredArticle,
  UpsertOutcome,
} from '../types';

import type { StoredView, UpsertCounts, ViewWithHead } from '../article-store';

export { InvalidArticleError } from '../article-values';
export type { UpsertCounts } from '../article-store';

export class SqliteArticleStore extends SqliteConnection {
  latest(query: ArticleQuery): Page<ArticleSummaryRow> {
    return this.reading(() => this.lists.page(query));
  }

  search(query: SearchQuery): Page<ArticleSummaryRow> {
    return this.reading(() => this.searchIndex.search(query));
  }

  byId(id: string, language?: RenderLanguage): StoredArticle | undefined {
    return this.reading(() => this.lookup.byId(id, language));
  }

  page(id: string, language: RenderLanguage): ArticleWithPage | undefined {
    return this.reading(() => this.lookup.page(id, language));
  }

  /** Stores a page rendered outside a write (the fallback for an article stored without one). */
  saveRenderedHtml(id: string, contentHash: string, language: RenderLanguage, html: string): void {
    withWriteRetry(() => {
      const existing = this.writes.existing(id);
      if (existing?.content_hash === contentHash)
        this.writes.saveHtml(existing.seq, language, pageKey(contentHash, this.renderer?.version), html);
    });
  }

  private readonly views = new ArticleViews(this.db);

  /** A rendered view of the article (article-store.ts, sqlite/article-views.ts), as stored, whatever its key. */
  renderedView(id: string, view: string): StoredView | undefined {
    return this.reading(() => this.views.read(id, view));
  }

  /** The view with the head's columns and the article's revision, in one statement (article-views.ts). */
  viewWithHead(id: string, view: string): ViewWithHead | undefined {
    return this.reading(() => this.views.withHead(id, view));
  }

  saveRenderedView(id: string, view: string, stored: StoredView): void {
    withWriteRetry(() => this.views.save(id, view, stored));
  }

  /** Drops every stored page (the renderer or dictionary changed); reads fall back to rendering until the pass refills them. */
  clearRenderedHtml(): void {
    withWriteRetry(() => this.db.prepare('DELETE FROM article_html').run());
  }

  /**
   * Up to `limit` ids of articles with no page stored for their current content (the render pass),
   * after the article `after` (an id from the previous batch), so a pass reads each article once.
   */
  idsWithoutHtml(limit: number, after?: string): string[] {
    return this.reading(() => {
      const from = after === undefined ? 0 : ((this.statements.seqOf.get(after) as number | undefined) ?? 0);
      const suffix = pageKeySuffix(this.renderer?.version);
      return this.statements.withoutHtml.all(from, suffix, suffix, limit) as string[];
    });
  }

  /** Renders and stores the pages of these articles, in one transaction. */
  renderStored(ids: readonly string[], renderer: ArticleRenderer): number {
    return withWriteRetry(() =>
      this.db
        .transaction(() => {
          let rendered = 0;
          for (const id of ids) {
            const article = this.lookup.byId(id);
            const row = this.writes.existing(id);
            if (!article || !row) continue;
            this.writes.storeHtml(row, article, renderer);
            rendered += 1;
          }
          return rendered;
        })
        .immediate(),
    );
  }

  /**
   * Writes take the write lock when they begin (BEGIN IMMEDIATE), so a second writer waits
   * (busy_timeout, then retries) instead of failing when its read turns into a write.
   */
  upsert(article: ArticleInput): UpsertOutcome {
    return withWriteRetry(() => this.db.transaction(() => this.writes.write(article, this.renderer)).immediate());
  }

  /** Many articles in one transaction (the corpus loader, benchmarks, big imports). */
  upsertMany(articles: Iterable<ArticleInput>): UpsertCounts {
    const list = [...articles];
    return withWriteRetry(() =>
      this.db
        .transaction(() => {
          const counts: UpsertCounts = { imported: 0, updated: 0, unchanged: 0 };
          for (const article of list) counts[this.writes.write(article, this.renderer)] += 1;
          return counts;
        })
        .immediate(),
    );
  }

  /**
   * Writes an imported story under the id of the stored article it is, if any (story-identity.ts): the
   * look-up and the write are one IMMEDIATE transaction, so two importers never both find it missing.
   */
  upsertStory(article: ArticleInput, identity: StoryIdentity): StoryWriteResult {
    return withWriteRetry(() => this.db.transaction(() => this.writes.writeStory(article, identity, this.renderer)).immediate());
  }

  /** The stored story at one of these addresses (storyUrlKey keys), oldest first. */
  findStory(urlKeys: readonly string[]): StoredArticle | undefined {
    return this.reading(() => {
      const id = this.statements.storyByUrl.get(JSON.stringify(urlKeys)) as string | undefined;
      return id === undefined ? undefined : this.lookup.byId(id);
    });
  }

  /** Records addresses and fingerprints of articles stored without them (written before schema v8); how many. */
  backfillStoryIdentity(): number {
    let total = 0;
    for (;;) {
      const done = withWriteRetry(() => this.db.transaction(() => this.writes.stories.backfill(500)).immediate());
      total += done;
      if (done < 500) return total;
    }
  }

  /** The older stored article this one repeats (the merge command), by address, same text or similar text. */
  olderSameStory(id: string): { id: string; matchedBy: StoryMatch } | undefined {
    return this.reading(() => {
      const row = this.statements.storyRow.get(id) as { seq: number; id: string; url: string; paragraphs: string } | undefined;
      if (!row) return undefined;
      const paragraphs = parseJson<string[]>(row.paragraphs, []);
      const urlKeys = urlKeysOf(row.url, this.writes.stories.urlsOf(row.seq));
      const candidates = this.writes.stories.candidates({ id: row.id, urlKeys, fingerprint: textFingerprint(paragraphs), before: row.seq });
      const found = chooseStory(candidates, paragraphs);
      return found && { id: found.id, matchedBy: found.matchedBy };
    });
  }

  /** Merges the article `dropId` into `keepId`: the dropped id becomes an alias of the kept one. False when either is gone. */
  mergeStory(dropId: string, keepId: string): boolean {
    return withWriteRetry(() =>
      this.db
        .transaction(() => {
          const drop = this.statements.storyRow.get(dropId) as { seq: number; id: string } | undefined;
          const keep = this.statements.storyRow.get(keepId) as { seq: number; id: string } | undefined;
          if (!drop || !keep || drop.seq === keep.seq) return false;
          this.writes.merge(drop, keep);
          return true;
        })
        .immediate(),
    );
  }

  feedState(feedUrl: string): { etag?: string; lastModified?: string } | undefined {
    const row = this.statements.feedState.get(feedUrl) as { etag: string | null; last_modified: string | null } | undefined;
    if (!row) return undefined;
    return {
      ...(row.etag !== null ? { etag: row.etag } : {}),
      ...(row.last_modified !== null ? { lastModified: row.last_modified } : {}),
    };
  }

  saveFeedState(feedUrl: string, state: { etag?: string; lastModified?: string }): void {
    withWriteRetry(() =>
      this.statements.saveFeedState.run(feedUrl, state.etag ?? null, state.lastModified ?? null, new Date().toISOString()),
    );
  }

  /** Up to `limit` article ids after the article `after`, oldest first (passes over the whole store, in batches). */
  idsAfter(limit: number, after?: string): string[] {
    return this.reading(() => {
      const from = after === undefined ? 0 : ((this.statements.seqOf.get(after) as number | undefined) ?? 0);
      return this.statements.idsAfter.all(from, limit) as string[];
    });
  }

  /** Every article's id, oldest first (for passes over the whole store). */
  articleIds(): string[] {
    return this.reading(() => this.statements.articleIds.all() as string[]);
  }

  /** The data version a start-up pass last ran with, or undefined when it never ran. */
  contentPass(name: string): string | undefined {
    return this.reading(() => (this.statements.contentPass.get(name) as string | undefined) ?? undefined);
  }

  recordContentPass(name: string, version: string): void {
    withWriteRetry(() => this.statements.recordContentPass.run(name, version, new Date().toISOString()));
  }

  compactSearch(): void {
    withWriteRetry(() => this.searchIndex.compact());
  }
  /** The v10 and v12 fills (search-order.ts, search-words.ts), owed on a file upgraded with over INLINE_FILL_MAX articles. */
  readonly searchKeysFill = new SearchKeysFill(this.db);
  readonly searchWordsFill = new SearchWordsFill(this.db);
}

/** How long one statement waits for another connection's write lock before SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000;

export interface OpenStoreOptions {
  /** Open an existing file only; never create one. */
  readonly mustExist?: boolean;
  /** A reader's connection (read workers): no migrations, no writes. */
  readonly readOnly?: boolean;
  /** Rows between two of a list's marks (list-reads.ts; LIST_MARK_STEP when absent): tests make it small. */
  readonly listMarkStep?: number;
}

/**
 * Opens (creating and migrating as needed) the SQLite store at a path. This is the one
 * call tools and benchmarks need: `const store = openSqliteStore('bench.db')`.
 */
export function openSqliteStore(path: string, options: OpenStoreOptions = {}): SqliteArticleStore {
  if (options.readOnly) {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      return new SqliteArticleStore(db, { readOnly: true, listMarkStep: options.listMarkStep });
    } catch (error) {
      db.close();
      throw error;
    }
  }
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { fileMustExist: options.mustExist ?? false });
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    withWriteRetry(() => db.pragma('journal_mode = WAL'));
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    return new SqliteArticleStore(db, { listMarkStep: options.listMarkStep });
  } catch (error) {
    db.close();
    throw error;
  }
}
