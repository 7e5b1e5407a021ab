/**
 * The SQLite store's connection: the prepared statements, the counters, the read guard. The store
 * (sqlite-store.ts) builds its jobs on it; the SQL lives beside them: list-queries.ts, search-index.ts,
 * article-lookup.ts, article-writes.ts, story-records.ts and migrations.ts.
 */
import Database from 'better-sqlite3';
import { StoreUnavailableError } from '../store-errors';
import { SearchIndex } from './search-index';
import { SearchTermsFill } from './search-terms';
import { ArticleLookup } from './article-lookup';
import { ArticleWrites } from './article-writes';
import { ListReads } from './list-reads';
import { migrate, schemaVersion, type MigrationReport } from './migrations';
import { pageKeyFitsSql, type ArticleRenderer } from '../types';

/**
 * The page cache of a read-only connection (a read worker), in KiB: 4 MiB rather than better-sqlite3's 16. The file's
 * pages stay in the OS's cache, so a miss costs a copy, not a disk read: search CPU was the same at 2, 4 and 16 MiB
 * (decision 47), while each read thread's cache filled its 16 MiB within a few hundred searches.
 */
export const READ_CACHE_KIB = 4096;

export abstract class SqliteConnection {
  readonly migration: MigrationReport;
  protected readonly db: Database.Database;
  protected readonly statements;
  /** Set by whoever has the dictionary (server, importer, corpus loader): writes then store rendered pages. */
  protected renderer: ArticleRenderer | undefined;
  protected readonly searchIndex: SearchIndex;
  protected readonly writes: ArticleWrites;
  protected readonly lookup: ArticleLookup;
  protected readonly lists: ListReads;
  /** The v13 fill (search-terms.ts), owed on a file upgraded with over INLINE_FILL_MAX articles. */
  readonly searchTermsFill: SearchTermsFill;

  /** `listMarkStep`: rows between two of a list's marks (list-reads.ts), small in tests. */
  constructor(db: Database.Database, options: { readOnly?: boolean; listMarkStep?: number | undefined } = {}) {
    this.db = db;
    // A read-only connection (a read worker) trusts the writer that opened the file first to have migrated it.
    const version = options.readOnly ? schemaVersion(db) : 0;
    this.migration = options.readOnly ? { from: version, to: version, applied: [] } : migrate(db);
    if (options.readOnly) db.pragma(`cache_size = -${READ_CACHE_KIB}`);
    this.searchIndex = new SearchIndex(db);
    this.searchTermsFill = new SearchTermsFill(db);
    this.writes = new ArticleWrites(db, this.searchIndex);
    this.lookup = new ArticleLookup(db, () => this.renderer?.version);
    this.lists = new ListReads(db, (name) => this.counter(name), options.listMarkStep);
    this.statements = {
      count: db.prepare("SELECT value FROM store_counters WHERE name = 'articles'").pluck(),
      dataVersion: db.prepare("SELECT value FROM store_counters WHERE name = 'data_version'").pluck(),
      counter: db.prepare('SELECT value FROM store_counters WHERE name = ?').pluck(),
      withoutHtml: db
        .prepare(
          `SELECT a.id FROM articles AS a WHERE a.seq > ? AND NOT EXISTS (SELECT 1 FROM article_html AS h
          WHERE h.article_seq = a.seq AND h.language = 'en' AND ${pageKeyFitsSql('h.content_hash', 'a.content_hash', '?', '?')})
        ORDER BY a.seq LIMIT ?`,
        )
        .pluck(),
      seqOf: db.prepare('SELECT seq FROM articles WHERE id = ?').pluck(),
      storyByUrl: db
        .prepare(
          `SELECT a.id FROM story_urls AS u JOIN articles AS a ON a.seq = u.article_seq
           WHERE u.url_key IN (SELECT value FROM json_each(?)) ORDER BY a.seq LIMIT 1`,
        )
        .pluck(),
      storyRow: db.prepare('SELECT seq, id, url, paragraphs FROM articles WHERE id = ?'),
      articleIds: db.prepare('SELECT id FROM articles ORDER BY seq').pluck(),
      idsAfter: db.prepare('SELECT id FROM articles WHERE seq > ? ORDER BY seq LIMIT ?').pluck(),
      contentPass: db.prepare('SELECT version FROM content_passes WHERE name = ?').pluck(),
      recordContentPass: db.prepare(`INSERT INTO content_passes (name, version, applied_at) VALUES (?, ?, ?)
        ON CONFLICT (name) DO UPDATE SET version = excluded.version, applied_at = excluded.applied_at`),
      feedState: db.prepare('SELECT etag, last_modified FROM feed_state WHERE feed_url = ?'),
      saveFeedState: db.prepare(`INSERT INTO feed_state (feed_url, etag, last_modified, updated_at) VALUES (?, ?, ?, ?)
        ON CONFLICT (feed_url) DO UPDATE SET etag = excluded.etag, last_modified = excluded.last_modified,
          updated_at = excluded.updated_at`),
    };
  }

  count(): number {
    return this.reading(() => this.countUnguarded());
  }

  protected counter(name: string): number {
    return (this.statements.counter.get(name) as number | undefined) ?? 0;
  }

  protected countUnguarded(): number {
    return this.statements.count.get() as number;
  }

  dataVersion(): number {
    return this.reading(() => this.statements.dataVersion.get() as number);
  }

  /** Writes that follow store each article's rendered pages (see ArticleRenderer). */
  setRenderer(renderer: ArticleRenderer | undefined): void {
    this.renderer = renderer;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** Read failures (closed, missing, corrupt database) become StoreUnavailableError; writes keep their own errors. */
  protected reading<T>(read: () => T): T {
    if (!this.db.open) throw new StoreUnavailableError('The database connection is closed');
    try {
      return read();
    } catch (error) {
      if (error instanceof Database.SqliteError) {
        throw new StoreUnavailableError(`The database cannot be read: ${(error as Error).message}`, { cause: error });
      }
      throw error;
    }
  }
}
