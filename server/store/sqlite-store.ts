/**
 * The SQLite implementation of ArticleStore (better-sqlite3, WAL mode, FTS5 search).
 * All SQL of the server lives in this file and in migrations.ts.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import {
  CATEGORY_IDS,
  isCategoryId,
  isDifficultyLevel,
  isSourceId,
  type CategoryId,
  type DifficultyLevel,
  type SourceId,
} from '../../src/domain/catalog';
import { StoreUnavailableError } from './errors';
import { withWriteRetry } from './write-retry';
import { listKey, listSql } from './list-queries';
import { knownCategories, parseJson, toSummary, type ArticleRow, type SummaryRow } from './rows';
import { SearchIndex } from './search-index';
import { migrate, schemaVersion, totalCounterName, type MigrationReport } from './migrations';
import type {
  ArticleInput,
  ArticleQuery,
  ArticleRenderer,
  ArticleStore,
  ArticleSummaryRow,
  CulturalNote,
  Page,
  RenderLanguage,
  SearchQuery,
  StoredArticle,
  TranslatedLanguage,
  UpsertOutcome,
  VocabularyItem,
} from './types';
import { RENDER_LANGUAGES } from './types';

export interface UpsertCounts {
  imported: number;
  updated: number;
  unchanged: number;
}

export class InvalidArticleError extends Error {}

function validate(article: ArticleInput): void {
  const problems: string[] = [];
  if (!article.id || typeof article.id !== 'string') problems.push('id is empty');
  if (!isSourceId(article.source)) problems.push(`unknown source "${String(article.source)}"`);
  if (!isDifficultyLevel(article.difficulty)) problems.push(`unknown difficulty "${String(article.difficulty)}"`);
  const badCategories = (article.categories ?? []).filter((c) => !isCategoryId(c));
  if (badCategories.length) problems.push(`unknown categories ${badCategories.join(', ')} (allowed: ${CATEGORY_IDS.join(', ')})`);
  if (Number.isNaN(Date.parse(article.publishedAt))) problems.push(`publishedAt "${article.publishedAt}" is not a date`);
  if (!article.title?.trim()) problems.push('title is empty');
  if (!article.contentHash) problems.push('contentHash is empty');
  if (problems.length) throw new InvalidArticleError(`Article ${article.id || '(no id)'}: ${problems.join('; ')}`);
}

export class SqliteArticleStore implements ArticleStore {
  readonly migration: MigrationReport;
  private readonly db: Database.Database;
  private readonly statements;
  private readonly listStatements = new Map<string, Database.Statement>();
  /** Set by whoever has the dictionary (server, importer, corpus loader): writes then store rendered pages. */
  private renderer: ArticleRenderer | undefined;
  private readonly searchIndex: SearchIndex;

  constructor(db: Database.Database, options: { readOnly?: boolean } = {}) {
    this.db = db;
    // A read-only connection (a read worker) trusts the writer that opened the file first to have migrated it.
    const version = options.readOnly ? schemaVersion(db) : 0;
    this.migration = options.readOnly ? { from: version, to: version, applied: [] } : migrate(db);
    this.searchIndex = new SearchIndex(db);
    this.statements = {
      count: db.prepare("SELECT value FROM store_counters WHERE name = 'articles'").pluck(),
      dataVersion: db.prepare("SELECT value FROM store_counters WHERE name = 'data_version'").pluck(),
      counter: db.prepare('SELECT value FROM store_counters WHERE name = ?').pluck(),
      html: db.prepare('SELECT html FROM article_html WHERE article_seq = ? AND language = ? AND content_hash = ?').pluck(),
      saveHtml: db.prepare(`INSERT INTO article_html (article_seq, language, content_hash, html) VALUES (?, ?, ?, ?)
        ON CONFLICT (article_seq, language) DO UPDATE SET content_hash = excluded.content_hash, html = excluded.html`),
      deleteHtml: db.prepare('DELETE FROM article_html WHERE article_seq = ?'),
      withoutHtml: db.prepare(`SELECT a.id FROM articles AS a WHERE a.seq > ? AND NOT EXISTS (SELECT 1 FROM article_html AS h
          WHERE h.article_seq = a.seq AND h.language = 'en' AND h.content_hash = a.content_hash)
        ORDER BY a.seq LIMIT ?`).pluck(),
      seqOf: db.prepare('SELECT seq FROM articles WHERE id = ?').pluck(),
      byId: db.prepare(`SELECT a.*, (SELECT json_group_array(category) FROM
          (SELECT category FROM article_categories WHERE article_seq = a.seq ORDER BY position)) AS categories
        FROM articles AS a WHERE a.id = ?`),
      vocabulary: db.prepare(
        'SELECT word, part_of_speech, definition, example, translations FROM vocabulary WHERE article_seq = ? ORDER BY position',
      ),
      notes: db.prepare('SELECT title, body, translations FROM cultural_notes WHERE article_seq = ? ORDER BY position'),
      existing: db.prepare('SELECT seq, content_hash FROM articles WHERE id = ?'),
      insert: db.prepare(`INSERT INTO articles (id, url, source, title, published_at, summary, summary_translations,
          paragraphs, word_count, reading_time_minutes, difficulty, content_hash, imported_at, updated_at)
        VALUES (@id, @url, @source, @title, @publishedAt, @summary, @summaryTranslations, @paragraphs,
          @wordCount, @readingTimeMinutes, @difficulty, @contentHash, @now, @now)`),
      update: db.prepare(`UPDATE articles SET url = @url, source = @source, title = @title, published_at = @publishedAt,
          summary = @summary, summary_translations = @summaryTranslations, paragraphs = @paragraphs,
          word_count = @wordCount, reading_time_minutes = @readingTimeMinutes, difficulty = @difficulty,
          content_hash = @contentHash, updated_at = @now
        WHERE seq = @seq`),
      deleteCategories: db.prepare('DELETE FROM article_categories WHERE article_seq = ?'),
      deleteVocabulary: db.prepare('DELETE FROM vocabulary WHERE article_seq = ?'),
      deleteNotes: db.prepare('DELETE FROM cultural_notes WHERE article_seq = ?'),
      insertCategory: db.prepare(`INSERT OR IGNORE INTO article_categories
          (article_seq, position, category, published_at, source, difficulty, article_id) VALUES (?, ?, ?, ?, ?, ?, ?)`),
      insertVocabulary: db.prepare(`INSERT INTO vocabulary
          (article_seq, position, word, part_of_speech, definition, example, translations) VALUES (?, ?, ?, ?, ?, ?, ?)`),
      insertNote: db.prepare('INSERT INTO cultural_notes (article_seq, position, title, body, translations) VALUES (?, ?, ?, ?, ?)'),
      articleIds: db.prepare('SELECT id FROM articles ORDER BY seq').pluck(),
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

  private counter(name: string): number {
    return (this.statements.counter.get(name) as number | undefined) ?? 0;
  }

  private countUnguarded(): number {
    return this.statements.count.get() as number;
  }

  latest(query: ArticleQuery): Page<ArticleSummaryRow> {
    return this.reading(() => this.latestUnguarded(query));
  }

  private latestUnguarded(query: ArticleQuery): Page<ArticleSummaryRow> {
    const params: Record<string, string> = {};
    if (query.category) params.category = query.category;
    if (query.source) params.source = query.source;
    if (query.difficulty) params.difficulty = query.difficulty;
    const filters = { category: Boolean(query.category), source: Boolean(query.source), difficulty: Boolean(query.difficulty) };
    const key = listKey(filters);
    let page = this.listStatements.get(key);
    if (!page) {
      page = this.db.prepare(listSql(filters));
      this.listStatements.set(key, page);
    }
    const total = Object.keys(params).length === 0 ? this.countUnguarded() : this.counter(totalCounterName(params));
    const items =
      query.offset >= total
        ? []
        : (page.all({ ...params, limit: query.limit, offset: query.offset }) as SummaryRow[]).map(toSummary);
    return { items, total };
  }

  search(query: SearchQuery): Page<ArticleSummaryRow> {
    return this.reading(() => this.searchIndex.search(query));
  }

  byId(id: string, language?: RenderLanguage): StoredArticle | undefined {
    return this.reading(() => this.byIdUnguarded(id, language));
  }

  private byIdUnguarded(id: string, language?: RenderLanguage): StoredArticle | undefined {
    const row = this.statements.byId.get(id) as ArticleRow | undefined;
    if (!row) return undefined;
    const html = language ? (this.statements.html.get(row.seq, language, row.content_hash) as string | undefined) : undefined;
    const vocabulary = (
      this.statements.vocabulary.all(row.seq) as {
        word: string;
        part_of_speech: string;
        definition: string;
        example: string;
        translations: string;
      }[]
    ).map(
      (v): VocabularyItem => ({
        word: v.word,
        partOfSpeech: v.part_of_speech,
        definition: v.definition,
        example: v.example,
        translations: parseJson(v.translations, {}),
      }),
    );
    const culturalNotes = (this.statements.notes.all(row.seq) as { title: string; body: string; translations: string }[]).map(
      (n): CulturalNote => ({ title: n.title, body: n.body, translations: parseJson(n.translations, {}) }),
    );
    return {
      id: row.id,
      url: row.url,
      source: row.source as SourceId,
      title: row.title,
      publishedAt: row.published_at,
      summary: row.summary,
      summaryTranslations: parseJson<Partial<Record<TranslatedLanguage, string>>>(row.summary_translations, {}),
      paragraphs: parseJson<string[]>(row.paragraphs, []),
      wordCount: row.word_count,
      readingTimeMinutes: row.reading_time_minutes,
      difficulty: row.difficulty as DifficultyLevel,
      categories: knownCategories(row.categories),
      vocabulary,
      culturalNotes,
      contentHash: row.content_hash,
      importedAt: row.imported_at,
      updatedAt: row.updated_at,
      ...(html !== undefined ? { html } : {}),
    };
  }

  /** Bumped (by triggers) on every article write from any connection or process: keys caches of answers. */
  dataVersion(): number {
    return this.reading(() => this.statements.dataVersion.get() as number);
  }

  /** Writes that follow store each article's rendered pages (see ArticleRenderer). */
  setRenderer(renderer: ArticleRenderer | undefined): void {
    this.renderer = renderer;
  }

  /** Stores a page rendered outside a write (the fallback for an article stored without one). */
  saveRenderedHtml(id: string, contentHash: string, language: RenderLanguage, html: string): void {
    withWriteRetry(() => {
      const existing = this.statements.existing.get(id) as { seq: number; content_hash: string } | undefined;
      if (existing?.content_hash === contentHash) this.statements.saveHtml.run(existing.seq, language, contentHash, html);
    });
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
      return this.statements.withoutHtml.all(from, limit) as string[];
    });
  }

  /** Renders and stores the pages of these articles, in one transaction. */
  renderStored(ids: readonly string[], renderer: ArticleRenderer): number {
    return withWriteRetry(() =>
      this.db
        .transaction(() => {
          let rendered = 0;
          for (const id of ids) {
            const article = this.byIdUnguarded(id);
            if (!article) continue;
            this.storeHtml(this.statements.existing.get(id) as { seq: number }, article, renderer);
            rendered += 1;
          }
          return rendered;
        })
        .immediate(),
    );
  }

  private storeHtml(row: { seq: number }, article: ArticleInput, renderer: ArticleRenderer): void {
    const pages = renderer(article);
    for (const language of RENDER_LANGUAGES) this.statements.saveHtml.run(row.seq, language, article.contentHash, pages[language]);
  }

  /**
   * Writes take the write lock when they begin (BEGIN IMMEDIATE), so a second writer waits
   * (busy_timeout, then retries) instead of failing when its read turns into a write.
   */
  upsert(article: ArticleInput): UpsertOutcome {
    return withWriteRetry(() => this.db.transaction(() => this.write(article)).immediate());
  }

  /** Many articles in one transaction (the corpus loader, benchmarks, big imports). */
  upsertMany(articles: Iterable<ArticleInput>): UpsertCounts {
    const list = [...articles];
    return withWriteRetry(() =>
      this.db
        .transaction(() => {
          const counts: UpsertCounts = { imported: 0, updated: 0, unchanged: 0 };
          for (const article of list) counts[this.write(article)] += 1;
          return counts;
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

  /** Every article's id, oldest first (for passes over the whole store). */
  articleIds(): string[] {
    return this.reading(() => this.statements.articleIds.all() as string[]);
  }

  /** The data version a start-up pass last ran with, or undefined when it never ran. */
  contentPass(name: string): string | undefined {
    return this.reading(() => (this.statements.contentPass.get(name) as string | undefined) ?? undefined);
  }

  recordContentPass(name: string, version: string): void {
    this.statements.recordContentPass.run(name, version, new Date().toISOString());
  }

  compactSearch(): void {
    withWriteRetry(() => this.searchIndex.compact());
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** Read failures (closed, missing, corrupt database) become StoreUnavailableError; writes keep their own errors. */
  private reading<T>(read: () => T): T {
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

  private write(article: ArticleInput): UpsertOutcome {
    validate(article);
    const existing = this.statements.existing.get(article.id) as { seq: number; content_hash: string } | undefined;
    if (existing && existing.content_hash === article.contentHash) return 'unchanged';
    const values = {
      id: article.id,
      url: article.url,
      source: article.source,
      title: article.title,
      publishedAt: new Date(article.publishedAt).toISOString(),
      summary: article.summary ?? '',
      summaryTranslations: JSON.stringify(article.summaryTranslations ?? {}),
      paragraphs: JSON.stringify(article.paragraphs ?? []),
      wordCount: Math.max(0, Math.round(article.wordCount)),
      readingTimeMinutes: Math.max(0, Math.round(article.readingTimeMinutes)),
      difficulty: article.difficulty,
      contentHash: article.contentHash,
      now: new Date().toISOString(),
    };
    let seq: number;
    if (existing) {
      seq = existing.seq;
      this.statements.update.run({ ...values, seq });
      this.statements.deleteCategories.run(seq);
      this.statements.deleteVocabulary.run(seq);
      this.statements.deleteNotes.run(seq);
      this.searchIndex.remove(seq);
      this.statements.deleteHtml.run(seq);
    } else {
      seq = Number(this.statements.insert.run(values).lastInsertRowid);
    }
    article.categories.forEach((category, position) =>
      this.statements.insertCategory.run(seq, position, category, values.publishedAt, values.source, values.difficulty, values.id),
    );
    article.vocabulary.forEach((v, position) =>
      this.statements.insertVocabulary.run(
        seq,
        position,
        v.word,
        v.partOfSpeech,
        v.definition,
        v.example,
        JSON.stringify(v.translations ?? {}),
      ),
    );
    article.culturalNotes.forEach((n, position) =>
      this.statements.insertNote.run(seq, position, n.title, n.body, JSON.stringify(n.translations ?? {})),
    );
    this.searchIndex.write(seq, {
      title: article.title,
      summary: values.summary,
      body: article.paragraphs.join('\n'),
      categories: article.categories,
      source: article.source,
      difficulty: article.difficulty,
    });
    // Rendered here, inside the write's transaction, so a stored article and its pages never disagree.
    if (this.renderer) this.storeHtml({ seq }, article, this.renderer);
    return existing ? 'updated' : 'imported';
  }
}

/** How long one statement waits for another connection's write lock before SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000;

export interface OpenStoreOptions {
  /** Open an existing file only; never create one. */
  readonly mustExist?: boolean;
  /** A reader's connection (read workers): no migrations, no writes. */
  readonly readOnly?: boolean;
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
      return new SqliteArticleStore(db, { readOnly: true });
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
    return new SqliteArticleStore(db);
  } catch (error) {
    db.close();
    throw error;
  }
}
