/** The PostgreSQL store's writes: articles with their rendered pages, feed validators, pass records. */
import type { FeedValidators, StoredView, UpsertCounts } from '../article-store';
import { validateArticle } from '../article-values';
import { textFingerprint, urlKeysOf } from '../story-identity';
import type { ArticleInput, ArticleRenderer, RenderLanguage, UpsertOutcome } from '../types';
import { pageKey, RENDER_LANGUAGES, viewColumn } from '../types';
import { type Queryable } from './postgres-connection';
import { articleColumns } from './postgres-rows';
import { PostgresReads } from './postgres-reads';

export abstract class PostgresWrites extends PostgresReads {
  /** One article inside a transaction; the caller bumps the data version when anything changed. */
  protected async write(client: Queryable, article: ArticleInput, urlKeys: readonly string[] = []): Promise<UpsertOutcome> {
    validateArticle(article);
    // An article merged into another lives under the kept id: writing it again (the corpus at a start) must not bring it back.
    const { rowCount: aliased } = await client.query('SELECT 1 FROM article_aliases WHERE alias_id = $1', [article.id]);
    if (aliased) return 'unchanged';
    const now = new Date().toISOString();
    const columns = articleColumns(article);
    // One statement decides the outcome, so two nodes writing the same new article never collide:
    // the row is inserted, or updated only when its content hash differs, or left alone.
    const { rows } = await client.query<{ seq: string; inserted: boolean }>(
      `INSERT INTO articles (id, url, source, title, published_at, summary, summary_translations, paragraphs, body,
         word_count, reading_time_minutes, difficulty, categories, vocabulary, cultural_notes, content_hash, imported_at, updated_at, machine_help)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17, $18)
       ON CONFLICT (id) DO UPDATE SET url = excluded.url, source = excluded.source, title = excluded.title,
         published_at = excluded.published_at, summary = excluded.summary, summary_translations = excluded.summary_translations,
         paragraphs = excluded.paragraphs, body = excluded.body, word_count = excluded.word_count,
         reading_time_minutes = excluded.reading_time_minutes, difficulty = excluded.difficulty, categories = excluded.categories,
         vocabulary = excluded.vocabulary, cultural_notes = excluded.cultural_notes, machine_help = excluded.machine_help, content_hash = excluded.content_hash,
         updated_at = excluded.updated_at
       WHERE articles.content_hash IS DISTINCT FROM excluded.content_hash
       RETURNING seq, (xmax = 0) AS inserted`,
      [
        columns.id,
        columns.url,
        columns.source,
        columns.title,
        columns.published_at,
        columns.summary,
        JSON.stringify(columns.summary_translations),
        JSON.stringify(columns.paragraphs),
        columns.body,
        columns.word_count,
        columns.reading_time_minutes,
        columns.difficulty,
        columns.categories,
        JSON.stringify(columns.vocabulary),
        JSON.stringify(columns.cultural_notes),
        columns.content_hash,
        now,
        JSON.stringify(columns.machine_help),
      ],
    );
    const row = rows[0];
    if (!row) return 'unchanged';
    if (!row.inserted) await client.query('DELETE FROM article_html WHERE article_seq = $1', [row.seq]);
    await this.recordStory(client, row.seq, article.url, article.paragraphs, urlKeys);
    // Rendered inside the write's transaction, so a stored article and its pages never disagree.
    if (this.renderer) await this.storeHtml(client, row.seq, article, this.renderer);
    return row.inserted ? 'imported' : 'updated';
  }

  /** An article's addresses and text fingerprint (story-identity.ts), after its row was written. */
  protected async recordStory(client: Queryable, seq: string, url: string, paragraphs: readonly string[], urlKeys: readonly string[] = []) {
    const { textHash, bands } = textFingerprint(paragraphs);
    // One statement; the bands of the old text that the new one lacks go, the new ones are added.
    await client.query(
      `WITH urls AS (INSERT INTO story_urls (url_key, article_seq) SELECT unnest($2::text[]), $1 ON CONFLICT DO NOTHING),
         texts AS (INSERT INTO story_texts (text_hash, article_seq) VALUES ($3, $1) ON CONFLICT DO NOTHING),
         stale AS (DELETE FROM story_bands WHERE article_seq = $1 AND band <> ALL ($4::text[]))
       INSERT INTO story_bands (band, article_seq) SELECT unnest($4::text[]), $1 ON CONFLICT DO NOTHING`,
      [seq, urlKeysOf(url, urlKeys), textHash, bands],
    );
  }

  protected async storeHtml(client: Queryable, seq: string, article: ArticleInput, renderer: ArticleRenderer): Promise<void> {
    const pages = renderer(article);
    await client.query(
      `INSERT INTO article_html (article_seq, language, content_hash, html)
       SELECT $1, language, $2, html FROM unnest($3::text[], $4::text[]) AS p (language, html)
       ON CONFLICT (article_seq, language) DO UPDATE SET content_hash = excluded.content_hash, html = excluded.html`,
      [seq, pageKey(article.contentHash, renderer.version), [...RENDER_LANGUAGES], RENDER_LANGUAGES.map((language) => pages[language])],
    );
  }

  async upsert(article: ArticleInput): Promise<UpsertOutcome> {
    let version = 0;
    const outcome = await this.transaction(async (client) => {
      version = 0;
      const result = await this.write(client, article);
      if (result !== 'unchanged') version = await this.changed(client);
      return result;
    });
    this.bumpVersion(version);
    return outcome;
  }

  async upsertMany(articles: Iterable<ArticleInput>): Promise<UpsertCounts> {
    const list = [...articles];
    let version = 0;
    const counts = await this.transaction(async (client) => {
      version = 0;
      const counts: UpsertCounts = { imported: 0, updated: 0, unchanged: 0 };
      for (const article of list) counts[await this.write(client, article)] += 1;
      if (counts.imported + counts.updated > 0) version = await this.changed(client);
      return counts;
    });
    this.bumpVersion(version);
    return counts;
  }

  async saveFeedState(feedUrl: string, state: FeedValidators): Promise<void> {
    await this.pool.query(
      `INSERT INTO feed_state (feed_url, etag, last_modified, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (feed_url) DO UPDATE SET etag = excluded.etag, last_modified = excluded.last_modified, updated_at = excluded.updated_at`,
      [feedUrl, state.etag ?? null, state.lastModified ?? null, new Date().toISOString()],
    );
  }

  /** The GIN index needs no merging step of its own (autovacuum folds its pending list in). */
  async compactSearch(): Promise<void> {}

  async saveRenderedHtml(id: string, contentHash: string, language: RenderLanguage, html: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO article_html (article_seq, language, content_hash, html)
       SELECT seq, $2, $5, $4 FROM articles WHERE id = $1 AND content_hash = $3
       ON CONFLICT (article_seq, language) DO UPDATE SET content_hash = excluded.content_hash, html = excluded.html`,
      [id, language, contentHash, html, pageKey(contentHash, this.renderer?.version)],
    );
  }

  /** Views are article_html rows under `view:…` (types.ts, viewColumn): an article's write drops them with its pages. */
  async saveRenderedView(id: string, view: string, stored: StoredView): Promise<void> {
    await this.pool.query(
      `INSERT INTO article_html (article_seq, language, content_hash, html)
       SELECT seq, $2, $3, $4 FROM articles WHERE id = $1
       ON CONFLICT (article_seq, language) DO UPDATE SET content_hash = excluded.content_hash, html = excluded.html`,
      [id, viewColumn(view), stored.key, stored.body],
    );
  }

  async clearRenderedHtml(): Promise<void> {
    await this.pool.query('DELETE FROM article_html');
  }

  async renderStored(ids: readonly string[], renderer: ArticleRenderer): Promise<number> {
    return this.transaction(async (client) => {
      let rendered = 0;
      for (const id of ids) {
        const article = await this.readArticle(client, id);
        if (!article) continue;
        const { rows } = await client.query<{ seq: string }>('SELECT seq FROM articles WHERE id = $1', [id]);
        await this.storeHtml(client, rows[0]!.seq, article, renderer);
        rendered += 1;
      }
      return rendered;
    });
  }

  async recordContentPass(name: string, version: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO content_passes (name, version, applied_at) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET version = excluded.version, applied_at = excluded.applied_at`,
      [name, version, new Date().toISOString()],
    );
  }
}
