/**
 * The PostgreSQL implementation of ArticleDatabase (the `pg` driver and a pool), chosen when
 * DATABASE_URL is set. Several server nodes may share one database, so nothing in a node's memory
 * is needed for correctness by another:
 * - the schema is migrated at open, under an advisory lock (postgres-schema.ts);
 * - every transaction that changes articles bumps the `data_version` counter and sends NOTIFY
 *   articles_changed (a trigger, so hand edits in SQL count too);
 *   each node LISTENs on a dedicated connection and moves its cache key on, and also re-reads the
 *   counter every few seconds, so a dropped listener costs at most that long of stale caches.
 *
 * Search keeps SQLite's semantics (search-index.ts): every word must match, `harb*` is a prefix,
 * the newest SEARCH_CANDIDATES + 1 matches (by publication time) are counted and ranked in blocks of
 * RANK_BLOCK (title holding every word 20, a title word 10, a summary word 4, ties newest first), totals
 * are capped the same way. The differences (English
 * stop words, Snowball stemming, no accent folding) are in docs/deployment.md.
 */
import pg from 'pg';
import type { DifficultyLevel, SourceId } from '../../common/catalog';
import { isCategoryId } from '../../common/catalog';
import type { ArticleDatabase, FeedValidators, UpsertCounts } from './article-database';
import { validateArticle } from './article-writes';
import { StoreUnavailableError } from './errors';
import { HIT_END, HIT_START, prefixParts, searchTokens, snippetToHtml, wordParts } from './fts-query';
import { withPoolClient } from './postgres-client';
import { migratePostgres, type PgMigrationReport } from './postgres-schema';
import { SEARCH_CANDIDATES, rankedPage } from './search-index';
import { rehashed } from './content-hash';
import { machineHelpField } from './rows';
import {
  MAX_SIMILAR_CANDIDATES,
  chooseStory,
  decideStoryWrite,
  textFingerprint,
  urlKeysOf,
  type StoryCandidate,
  type StoryIdentity,
  type StoryMatch,
  type StoryWriteResult,
  type TextFingerprint,
} from './story-identity';
import type {
  ArticleInput,
  ArticlePage,
  ArticleQuery,
  ArticleRenderer,
  ArticleSummaryRow,
  CulturalNote,
  MachineHelp,
  Page,
  RenderLanguage,
  SearchQuery,
  StoredArticle,
  TranslatedLanguage,
  UpsertOutcome,
  VocabularyItem,
} from './types';
import { pageKey, pageKeyFitsSql, pageKeySuffix, RENDER_LANGUAGES } from './types';

export const CHANGE_CHANNEL = 'articles_changed';
/** How often a node re-reads the data version, in case a notification was lost with its listener. */
export const VERSION_REFRESH_MS = 5000;
const SNIPPET_WORDS = 24;
const WRITE_ATTEMPTS = 4;
const DEFAULT_READ_TIMEOUT_MS = 2000;
/** Stand-ins for < and > while ts_headline works: it drops anything that looks like a tag, SQLite's snippet keeps it. */
const LT = '\uE002';
const GT = '\uE003';
const HEADLINE_OPTIONS = `StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=${SNIPPET_WORDS}, MinWords=12, ShortWord=0, MaxFragments=1, FragmentDelimiter=" … "`;

type Queryable = Pick<pg.PoolClient, 'query'>;

/** The id asked for ($1), or the kept article's when it was merged into one (migration v4): old links keep working. */
const KEPT_ID = 'coalesce((SELECT article_id FROM article_aliases WHERE alias_id = $1), $1)';
/** Held (transaction-scoped) by every story write and backfill, so two importers never both find a story missing. */
const STORY_LOCK = 7_318_046_613;

/**
 * What the database or the connection to it reported: a SQLSTATE from the server, a socket error
 * (ECONNREFUSED), or pg's and pg-pool's own words for a lost or unobtainable connection. Anything
 * else (a TypeError in this file) is a bug, not an outage.
 */
function isDatabaseFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (/^[0-9A-Z]{5}$/.test(code) || /^E(?!RR_)[A-Z_]+$/.test(code))) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|Client was closed/i.test(
    error.message,
  );
}

/** A deadlock victim or a serialization failure: the same transaction may well succeed when tried again. */
function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

const SUMMARY_COLUMNS = `a.seq, a.id, a.source, a.title, a.published_at, a.summary, a.summary_translations,
  a.word_count, a.reading_time_minutes, a.difficulty, a.categories`;
const PAGE_COLUMNS = `${SUMMARY_COLUMNS}, a.url, a.cultural_notes, a.machine_help, a.content_hash`;
/** Not `a.*`: the search and heads vectors are large and nothing reads them back. */
const ARTICLE_COLUMNS = `${PAGE_COLUMNS}, a.paragraphs, a.vocabulary, a.imported_at, a.updated_at`;

interface SummaryRow {
  seq: string;
  id: string;
  source: string;
  title: string;
  published_at: string;
  summary: string;
  summary_translations: Partial<Record<TranslatedLanguage, string>>;
  word_count: number;
  reading_time_minutes: number;
  difficulty: string;
  categories: string[];
  snippet?: string;
}

interface PageRow extends SummaryRow {
  url: string;
  cultural_notes: CulturalNote[];
  machine_help?: Partial<Record<TranslatedLanguage, MachineHelp>> | null;
  content_hash: string;
  html?: string | null;
}

interface ArticleRow extends PageRow {
  paragraphs: string[];
  vocabulary: VocabularyItem[];
  imported_at: string;
  updated_at: string;
}

function toSummary(row: SummaryRow): ArticleSummaryRow {
  return {
    id: row.id,
    source: row.source as SourceId,
    title: row.title,
    publishedAt: row.published_at,
    summary: row.summary,
    summaryTranslations: row.summary_translations ?? {},
    wordCount: row.word_count,
    readingTimeMinutes: row.reading_time_minutes,
    difficulty: row.difficulty as DifficultyLevel,
    categories: row.categories.filter(isCategoryId),
    ...(row.snippet !== undefined ? { snippet: snippetToHtml(row.snippet).replaceAll(LT, '&lt;').replaceAll(GT, '&gt;') } : {}),
  };
}

function toPage(row: PageRow): ArticlePage {
  const { snippet: _snippet, ...summary } = toSummary(row);
  return {
    ...summary,
    url: row.url,
    culturalNotes: row.cultural_notes ?? [],
    ...machineHelpField(row.machine_help),
    contentHash: row.content_hash,
    ...(typeof row.html === 'string' ? { html: row.html } : {}),
  };
}

function toArticle(row: ArticleRow): StoredArticle {
  return {
    ...toPage(row),
    paragraphs: row.paragraphs ?? [],
    vocabulary: row.vocabulary ?? [],
    importedAt: row.imported_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Each word as its own tsquery expression over parameters, so nothing typed reaches the tsquery
 * parser as syntax: plainto_tsquery takes any text; a word ending in `*` is rebuilt from its letter
 * and digit runs (fts-query.ts), quoted, joined as a phrase (`<->`, as SQLite reads `"sea-lio"*`).
 * A prefix is also read with the `simple` configuration: `can*` is an English stop word, which
 * `english` drops, yet it must find canada as SQLite does; the union keeps `english`'s stemmed form.
 */
function termQueries(q: string, firstParam: number): { exprs: string[]; params: string[] } {
  const exprs: string[] = [];
  const params: string[] = [];
  for (const token of searchTokens(q)) {
    const prefix = prefixParts(token);
    const param = `$${firstParam + params.length}`;
    if (prefix) {
      params.push(prefix.map((part, i) => `'${part}'${i === prefix.length - 1 ? ':*' : ''}`).join(' <-> '));
      exprs.push(`(to_tsquery('english', ${param}) || to_tsquery('simple', ${param}))`);
    } else if (token.endsWith('*')) {
      // Too short a prefix: the words themselves, as the phrase SQLite makes of `"b-c-d*"`.
      params.push(
        wordParts(token)
          .map((part) => `'${part}'`)
          .join(' <-> '),
      );
      exprs.push(`to_tsquery('english', ${param})`);
    } else {
      params.push(token);
      exprs.push(`plainto_tsquery('english', ${param})`);
    }
  }
  return { exprs, params };
}

function filterSql(query: ArticleQuery, params: unknown[]): string {
  const where: string[] = [];
  if (query.category) {
    params.push([query.category]);
    where.push(`a.categories @> $${params.length}::text[]`);
  }
  if (query.source) {
    params.push(query.source);
    where.push(`a.source = $${params.length}`);
  }
  if (query.difficulty) {
    params.push(query.difficulty);
    where.push(`a.difficulty = $${params.length}`);
  }
  return where.map((clause) => ` AND ${clause}`).join('');
}

/** The article_totals key of a list's filters (the same names as SQLite's counters, see postgres-schema.ts). */
function totalKey(query: ArticleQuery): string {
  const kind = `${query.category ? 'c' : ''}${query.source ? 's' : ''}${query.difficulty ? 'd' : ''}`;
  return kind === '' ? '' : `${kind}:${[query.category, query.source, query.difficulty].filter(Boolean).join(':')}`;
}

export interface OpenPostgresOptions {
  /** Connections in the pool (default 10). */
  readonly poolSize?: number;
  /**
   * Longest one statement may run (PostgreSQL's statement_timeout), like READ_TIMEOUT_MS for SQLite's
   * read workers; writes and the migration lift it for their own transaction. Default 2000.
   */
  readonly readTimeoutMs?: number;
  readonly versionRefreshMs?: number;
}

export class PostgresArticleStore implements ArticleDatabase {
  readonly kind = 'postgres' as const;
  private renderer: ArticleRenderer | undefined;
  private version = 0;
  private listener: pg.Client | undefined;
  private relistenTimer: NodeJS.Timeout | undefined;
  private readonly refreshTimer: NodeJS.Timeout;
  private closed = false;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
    readonly migration: PgMigrationReport,
    refreshMs: number,
  ) {
    this.refreshTimer = setInterval(() => void this.refreshVersion(), refreshMs);
    this.refreshTimer.unref();
  }

  /** Connects, migrates (under the advisory lock), reads the data version and starts listening. */
  static async open(connectionString: string, options: OpenPostgresOptions = {}): Promise<PostgresArticleStore> {
    const pool = new pg.Pool({
      connectionString,
      max: options.poolSize ?? 10,
      statement_timeout: options.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS,
      connectionTimeoutMillis: 3000,
      idleTimeoutMillis: 30_000,
    });
    // An idle connection's error (the server restarted) must not end the process; the next query reconnects.
    pool.on('error', () => undefined);
    try {
      const migration = await migratePostgres(pool);
      const store = new PostgresArticleStore(pool, connectionString, migration, options.versionRefreshMs ?? VERSION_REFRESH_MS);
      await store.refreshVersion();
      await store.listen();
      return store;
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
  }

  dataVersion(): number {
    return this.version;
  }

  private bumpVersion(value: number): void {
    if (value > this.version) this.version = value;
  }

  private async refreshVersion(): Promise<void> {
    try {
      const { rows } = await this.pool.query<{ value: string }>("SELECT value FROM store_counters WHERE name = 'data_version'");
      if (rows[0]) this.version = Number(rows[0].value);
    } catch {
      // The health check reports an unreachable database; the version stays until it can be read.
    }
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, connectionTimeoutMillis: 3000 });
    const lost = () => {
      if (this.listener !== client) return;
      this.listener = undefined;
      client.end().catch(() => undefined);
      this.scheduleRelisten();
    };
    client.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL) this.bumpVersion(Number(message.payload));
    });
    client.on('error', lost);
    client.on('end', lost);
    this.listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch {
      // Tried again in a second; until then the periodic re-read keeps the version bounded.
      lost();
    }
  }

  private scheduleRelisten(): void {
    if (this.closed || this.relistenTimer) return;
    this.relistenTimer = setTimeout(() => {
      this.relistenTimer = undefined;
      // Writes missed while no one listened are caught up by the next re-read, or right here.
      void this.listen().then(() => this.refreshVersion());
    }, 1000);
    this.relistenTimer.unref();
  }

  /**
   * Read failures of the database (server down, connection refused, a statement past its time)
   * become StoreUnavailableError, as SQLite's do; a bug in this code stays what it is (a 500).
   */
  private async reading<T>(read: () => Promise<T>): Promise<T> {
    if (this.closed) throw new StoreUnavailableError('The database connection is closed');
    try {
      return await read();
    } catch (error) {
      if (!isDatabaseFailure(error)) throw error;
      throw new StoreUnavailableError(`The database cannot be read: ${(error as Error).message}`, { cause: error });
    }
  }

  /**
   * One transaction, tried again when PostgreSQL chose it as a deadlock victim: two nodes writing
   * overlapping batches in different orders lock articles and total rows in different orders.
   */
  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      if (this.closed) throw new StoreUnavailableError('The database connection is closed');
      const outcome = await withPoolClient(this.pool, async (client) => {
        try {
          await client.query('BEGIN');
          // READ_TIMEOUT_MS is for reads: a large batch may take longer and must not be cancelled half-way.
          await client.query('SET LOCAL statement_timeout = 0');
          const result = await work(client);
          await client.query('COMMIT');
          return { result };
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          if (attempt >= WRITE_ATTEMPTS || !isRetryable(error)) throw error;
          return undefined;
        }
      });
      if (outcome) return outcome.result;
      await new Promise((done) => setTimeout(done, 20 * attempt));
    }
  }

  /**
   * Inside a write transaction that changed an article: the data version the articles trigger moved
   * (migration v2; it also sends the NOTIFY every node receives at commit).
   */
  private async changed(client: Queryable): Promise<number> {
    const { rows } = await client.query<{ value: string }>("SELECT value FROM store_counters WHERE name = 'data_version'");
    return Number(rows[0]!.value);
  }

  async count(): Promise<number> {
    return this.reading(async () => {
      const { rows } = await this.pool.query<{ value: string }>("SELECT value FROM article_totals WHERE key = ''");
      return Number(rows[0]?.value ?? 0);
    });
  }

  async latest(query: ArticleQuery): Promise<Page<ArticleSummaryRow>> {
    return this.reading(async () => {
      const params: unknown[] = [];
      const where = filterSql(query, params);
      const { rows: totals } = await this.pool.query<{ value: string }>('SELECT value FROM article_totals WHERE key = $1', [
        totalKey(query),
      ]);
      const total = Number(totals[0]?.value ?? 0);
      if (query.offset >= total) return { items: [], total };
      let after = '';
      if (query.after) {
        // As in SQLite (list-queries.ts): a range the index seeks to, then the ties of that moment by id.
        params.push(query.after.publishedAt, query.after.id);
        const at = `$${params.length - 1}`;
        after = ` AND a.published_at <= ${at} AND (a.published_at < ${at} OR a.id COLLATE "C" > $${params.length})`;
      }
      const { rows } = await this.pool.query<SummaryRow>(
        `SELECT ${SUMMARY_COLUMNS} FROM articles AS a WHERE true${where}${after}
         ORDER BY a.published_at DESC, a.id COLLATE "C" ASC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, query.limit, query.offset],
      );
      return { items: rows.map(toSummary), total };
    });
  }

  async search(query: SearchQuery): Promise<Page<ArticleSummaryRow>> {
    const { exprs, params: termParams } = termQueries(query.q, 1);
    if (exprs.length === 0) return { items: [], total: 0 };
    return this.reading(async () => {
      const params: unknown[] = [...termParams];
      const where = filterSql(query, params);
      const all = exprs.join(' && ');
      const any = exprs.join(' || ');
      // A query of stop words only ("the") has no lexemes and matches nothing (see docs/deployment.md).
      // The filters are written before the match: PostgreSQL tests a row's conditions in the order written
      // when it rates them alike, and a row's category, source or difficulty is read in place while its
      // search vector is unpacked from out-of-line storage. Walking the newest rows for a filtered search,
      // most are turned away before that (decision 18: 127-286 ms -> 25-39 ms at 100,000 articles).
      const { rows: candidates } = await this.pool.query<{ seq: string; score: number }>(
        `WITH q AS (SELECT ${all} AS q_all, ${any} AS q_any),
         candidates AS (
           SELECT a.seq, a.published_at, a.heads FROM articles AS a
           WHERE TRUE${where} AND a.search @@ (${all})
           ORDER BY a.published_at DESC, a.seq DESC LIMIT ${SEARCH_CANDIDATES + 1})
         SELECT c.seq,
           (CASE WHEN ts_filter(c.heads, '{a}') @@ q.q_all THEN 20 ELSE 0 END) +
           (CASE WHEN ts_filter(c.heads, '{a}') @@ q.q_any THEN 10 ELSE 0 END) +
           (CASE WHEN ts_filter(c.heads, '{b}') @@ q.q_any THEN 4 ELSE 0 END) AS score
         FROM candidates AS c, q ORDER BY c.published_at DESC, c.seq DESC`,
        params,
      );
      const capped = candidates.length > SEARCH_CANDIDATES;
      if (capped) candidates.length = SEARCH_CANDIDATES;
      const total = candidates.length;
      // Ranked in blocks of the newest matches, as SQLite ranks them (search-index.ts).
      const pageSeqs = rankedPage(candidates, query.offset, query.limit, () => (row) => row.score).map((row) => row.seq);
      if (pageSeqs.length === 0) return capped ? { items: [], total, totalCapped: true } : { items: [], total };
      // Like SQLite's snippet(): the passage comes from the first of title, summary and body holding a word.
      const pageParams = [...termParams, pageSeqs, HEADLINE_OPTIONS];
      const { rows } = await this.pool.query<SummaryRow>(
        `SELECT ${SUMMARY_COLUMNS},
           ts_headline('english', translate(CASE
               WHEN ts_filter(a.heads, '{a}') @@ (${any}) THEN a.title
               WHEN ts_filter(a.heads, '{b}') @@ (${any}) THEN a.summary
               ELSE a.body END, '<>${HIT_START}${HIT_END}', '${LT}${GT}'),
             ${all}, $${termParams.length + 2}) AS snippet
         FROM articles AS a WHERE a.seq = ANY($${termParams.length + 1}::bigint[])`,
        pageParams,
      );
      const bySeq = new Map(rows.map((row) => [row.seq, row]));
      const items = pageSeqs.flatMap((seq) => {
        const row = bySeq.get(seq);
        return row ? [toSummary(row)] : [];
      });
      return capped ? { items, total, totalCapped: true } : { items, total };
    });
  }

  private async readArticle(db: Queryable, id: string, language?: RenderLanguage): Promise<StoredArticle | undefined> {
    const { rows } = await db.query<ArticleRow>(
      `SELECT ${ARTICLE_COLUMNS}, (SELECT h.html FROM article_html AS h
          WHERE h.article_seq = a.seq AND h.language = $2 AND ${pageKeyFitsSql('h.content_hash', 'a.content_hash', '$3', '$3')}) AS html
       FROM articles AS a WHERE a.id = ${KEPT_ID}`,
      [id, language ?? null, pageKeySuffix(this.renderer?.version)],
    );
    return rows[0] && toArticle(rows[0]);
  }

  async byId(id: string, language?: RenderLanguage): Promise<StoredArticle | undefined> {
    return this.reading(() => this.readArticle(this.pool, id, language));
  }

  async page(id: string, language: RenderLanguage): Promise<ArticlePage | undefined> {
    return this.reading(async () => {
      const { rows } = await this.pool.query<PageRow>(
        `SELECT ${PAGE_COLUMNS}, (SELECT h.html FROM article_html AS h
            WHERE h.article_seq = a.seq AND h.language = $2 AND ${pageKeyFitsSql('h.content_hash', 'a.content_hash', '$3', '$3')}) AS html
         FROM articles AS a WHERE a.id = ${KEPT_ID}`,
        [id, language, pageKeySuffix(this.renderer?.version)],
      );
      return rows[0] && toPage(rows[0]);
    });
  }

  setRenderer(renderer: ArticleRenderer | undefined): void {
    this.renderer = renderer;
  }

  /** One article inside a transaction; the caller bumps the data version when anything changed. */
  private async write(client: Queryable, article: ArticleInput, urlKeys: readonly string[] = []): Promise<UpsertOutcome> {
    validateArticle(article);
    // An article merged into another lives under the kept id: writing it again (the corpus at a start) must not bring it back.
    const { rowCount: aliased } = await client.query('SELECT 1 FROM article_aliases WHERE alias_id = $1', [article.id]);
    if (aliased) return 'unchanged';
    const now = new Date().toISOString();
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
        article.id,
        article.url,
        article.source,
        article.title,
        new Date(article.publishedAt).toISOString(),
        article.summary ?? '',
        JSON.stringify(article.summaryTranslations ?? {}),
        JSON.stringify(article.paragraphs ?? []),
        (article.paragraphs ?? []).join('\n'),
        Math.max(0, Math.round(article.wordCount)),
        Math.max(0, Math.round(article.readingTimeMinutes)),
        article.difficulty,
        [...article.categories],
        JSON.stringify(article.vocabulary ?? []),
        JSON.stringify(article.culturalNotes ?? []),
        article.contentHash,
        now,
        JSON.stringify(article.machineHelp ?? {}),
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
  private async recordStory(client: Queryable, seq: string, url: string, paragraphs: readonly string[], urlKeys: readonly string[] = []) {
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

  private async storyCandidates(
    client: Queryable,
    query: { id: string; urlKeys: readonly string[]; fingerprint: TextFingerprint; before?: number },
  ): Promise<StoryCandidate[]> {
    const { rows } = await client.query<{
      seq: string;
      id: string;
      paragraphs: string[];
      by_id: boolean;
      by_address: boolean;
      by_same_text: boolean;
    }>(
      `WITH found (seq) AS (
         SELECT seq FROM articles WHERE id = $1
         UNION SELECT article_seq FROM story_urls WHERE url_key = ANY ($2::text[])
         UNION SELECT article_seq FROM story_texts WHERE text_hash = $3
         UNION (SELECT article_seq FROM story_bands WHERE band = ANY ($4::text[]) AND article_seq < $5
                GROUP BY article_seq ORDER BY count(*) DESC, article_seq LIMIT ${MAX_SIMILAR_CANDIDATES}))
       SELECT a.seq, a.id, a.paragraphs, a.id = $1 AS by_id,
         EXISTS (SELECT 1 FROM story_urls AS u WHERE u.article_seq = a.seq AND u.url_key = ANY ($2::text[])) AS by_address,
         EXISTS (SELECT 1 FROM story_texts AS t WHERE t.article_seq = a.seq AND t.text_hash = $3) AS by_same_text
       FROM articles AS a WHERE a.seq IN (SELECT seq FROM found) AND a.seq < $5`,
      [query.id, query.urlKeys, query.fingerprint.textHash, query.fingerprint.bands, query.before ?? Number.MAX_SAFE_INTEGER],
    );
    return rows.map((row) => ({
      seq: Number(row.seq),
      id: row.id,
      byId: row.by_id,
      byAddress: row.by_address,
      bySameText: row.by_same_text,
      paragraphs: row.paragraphs ?? [],
    }));
  }

  /**
   * One imported story, under the advisory lock STORY_LOCK: the look-up and the write are one step for
   * every other importer and node (a unique address alone cannot stop two writers storing one text twice).
   * The rules are SQLite's (ArticleWrites.writeStory).
   */
  async upsertStory(article: ArticleInput, identity: StoryIdentity): Promise<StoryWriteResult> {
    validateArticle(article);
    let version = 0;
    const result = await this.transaction(async (client): Promise<StoryWriteResult> => {
      version = 0;
      await client.query('SELECT pg_advisory_xact_lock($1)', [STORY_LOCK]);
      const { rows: alias } = await client.query<{ article_id: string }>('SELECT article_id FROM article_aliases WHERE alias_id = $1', [
        article.id,
      ]);
      const fingerprint = textFingerprint(article.paragraphs);
      const urlKeys = urlKeysOf(article.url, identity.urlKeys);
      const candidates = await this.storyCandidates(client, { id: alias[0]?.article_id ?? article.id, urlKeys, fingerprint });
      const found = chooseStory(candidates, article.paragraphs);
      const decision = decideStoryWrite(found, article.id);
      let written: StoryWriteResult;
      if (!found || decision === 'new') written = { outcome: await this.write(client, article, urlKeys), id: article.id };
      else if (decision === 'same item') {
        written = { outcome: await this.write(client, article, urlKeys), id: found.id, matchedBy: found.matchedBy };
      } else if (decision === 'older version' || decision === 'seen again') {
        await client.query('INSERT INTO story_urls (url_key, article_seq) SELECT unnest($1::text[]), $2 ON CONFLICT DO NOTHING', [
          urlKeys,
          found.seq,
        ]);
        written = { outcome: 'unchanged', id: found.id, matchedBy: found.matchedBy };
      } else {
        const outcome = await this.write(client, rehashed({ ...article, id: found.id }), urlKeys);
        written = { outcome, id: found.id, matchedBy: found.matchedBy };
      }
      if (written.outcome !== 'unchanged') version = await this.changed(client);
      return written;
    });
    this.bumpVersion(version);
    return result;
  }

  async findStory(urlKeys: readonly string[]): Promise<StoredArticle | undefined> {
    return this.reading(async () => {
      const { rows } = await this.pool.query<{ id: string }>(
        `SELECT a.id FROM story_urls AS u JOIN articles AS a ON a.seq = u.article_seq
         WHERE u.url_key = ANY ($1::text[]) ORDER BY a.seq LIMIT 1`,
        [urlKeys],
      );
      return rows[0] ? this.readArticle(this.pool, rows[0].id) : undefined;
    });
  }

  async backfillStoryIdentity(): Promise<number> {
    let total = 0;
    for (;;) {
      const done = await this.transaction(async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1)', [STORY_LOCK]);
        const { rows } = await client.query<{ seq: string; url: string; paragraphs: string[] }>(
          `SELECT seq, url, paragraphs FROM articles AS a
           WHERE NOT EXISTS (SELECT 1 FROM story_texts AS t WHERE t.article_seq = a.seq) ORDER BY seq LIMIT 500`,
        );
        for (const row of rows) await this.recordStory(client, row.seq, row.url, row.paragraphs ?? []);
        return rows.length;
      });
      total += done;
      if (done < 500) return total;
    }
  }

  async olderSameStory(id: string): Promise<{ id: string; matchedBy: StoryMatch } | undefined> {
    return this.reading(async () => {
      const { rows } = await this.pool.query<{ seq: string; id: string; url: string; paragraphs: string[]; keys: string[] }>(
        `SELECT a.seq, a.id, a.url, a.paragraphs,
           coalesce((SELECT array_agg(u.url_key) FROM story_urls AS u WHERE u.article_seq = a.seq), '{}') AS keys
         FROM articles AS a WHERE a.id = $1`,
        [id],
      );
      const row = rows[0];
      if (!row) return undefined;
      const paragraphs = row.paragraphs ?? [];
      const candidates = await this.storyCandidates(this.pool, {
        id: row.id,
        urlKeys: urlKeysOf(row.url, row.keys),
        fingerprint: textFingerprint(paragraphs),
        before: Number(row.seq),
      });
      const found = chooseStory(candidates, paragraphs);
      return found && { id: found.id, matchedBy: found.matchedBy };
    });
  }

  async mergeStory(dropId: string, keepId: string): Promise<boolean> {
    let version = 0;
    const merged = await this.transaction(async (client) => {
      version = 0;
      await client.query('SELECT pg_advisory_xact_lock($1)', [STORY_LOCK]);
      const { rows } = await client.query<{ seq: string; id: string }>('SELECT seq, id FROM articles WHERE id = ANY ($1::text[])', [
        [dropId, keepId],
      ]);
      const drop = rows.find((row) => row.id === dropId);
      const keep = rows.find((row) => row.id === keepId);
      if (!drop || !keep || drop.seq === keep.seq) return false;
      // Addresses are unique to a story, so the dropped one's move over without a conflict.
      await client.query('UPDATE story_urls SET article_seq = $1 WHERE article_seq = $2', [keep.seq, drop.seq]);
      // Not its text hashes: its (often newer) text seen again must update the kept article (story-records.ts).
      await client.query('UPDATE article_aliases SET article_id = $1 WHERE article_id = $2', [keepId, dropId]);
      await client.query(
        `INSERT INTO article_aliases (alias_id, article_id, merged_at) VALUES ($1, $2, $3)
         ON CONFLICT (alias_id) DO UPDATE SET article_id = excluded.article_id, merged_at = excluded.merged_at`,
        [dropId, keepId, new Date().toISOString()],
      );
      await client.query('DELETE FROM articles WHERE seq = $1', [drop.seq]);
      version = await this.changed(client);
      return true;
    });
    this.bumpVersion(version);
    return merged;
  }

  private async storeHtml(client: Queryable, seq: string, article: ArticleInput, renderer: ArticleRenderer): Promise<void> {
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

  async feedState(feedUrl: string): Promise<FeedValidators | undefined> {
    return this.reading(async () => {
      const { rows } = await this.pool.query<{ etag: string | null; last_modified: string | null }>(
        'SELECT etag, last_modified FROM feed_state WHERE feed_url = $1',
        [feedUrl],
      );
      const row = rows[0];
      if (!row) return undefined;
      return {
        ...(row.etag !== null ? { etag: row.etag } : {}),
        ...(row.last_modified !== null ? { lastModified: row.last_modified } : {}),
      };
    });
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

  async clearRenderedHtml(): Promise<void> {
    await this.pool.query('DELETE FROM article_html');
  }

  async idsWithoutHtml(limit: number, after?: string): Promise<string[]> {
    return this.reading(async () => {
      const { rows } = await this.pool.query<{ id: string }>(
        `SELECT a.id FROM articles AS a
         WHERE a.seq > coalesce((SELECT seq FROM articles WHERE id = $1), 0)
           AND NOT EXISTS (SELECT 1 FROM article_html AS h
             WHERE h.article_seq = a.seq AND h.language = 'en' AND ${pageKeyFitsSql('h.content_hash', 'a.content_hash', '$3', '$3')})
         ORDER BY a.seq LIMIT $2`,
        [after ?? null, limit, pageKeySuffix(this.renderer?.version)],
      );
      return rows.map((row) => row.id);
    });
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

  async idsAfter(limit: number, after?: string): Promise<string[]> {
    return this.reading(async () => {
      const { rows } = await this.pool.query<{ id: string }>(
        `SELECT id FROM articles WHERE seq > coalesce((SELECT seq FROM articles WHERE id = $1), 0) ORDER BY seq LIMIT $2`,
        [after ?? null, limit],
      );
      return rows.map((row) => row.id);
    });
  }

  /**
   * Runs `work` while this node holds the session advisory lock named `name` (on a connection of its own for the
   * whole run), so of several nodes started together on one database only one runs it; `held: false` at once when
   * another node holds it. The lock goes with the session, so a node that dies frees it.
   */
  async exclusively<T>(name: string, work: () => Promise<T>): Promise<{ held: true; value: T } | { held: false }> {
    const client = await this.pool.connect();
    try {
      const { rows } = await client.query<{ held: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS held', [name]);
      if (!rows[0]?.held) return { held: false };
      try {
        return { held: true, value: await work() };
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
      }
    } finally {
      client.release();
    }
  }

  async articleIds(): Promise<string[]> {
    return this.reading(async () => (await this.pool.query<{ id: string }>('SELECT id FROM articles ORDER BY seq')).rows.map((r) => r.id));
  }

  async contentPass(name: string): Promise<string | undefined> {
    return this.reading(async () => {
      const { rows } = await this.pool.query<{ version: string }>('SELECT version FROM content_passes WHERE name = $1', [name]);
      return rows[0]?.version;
    });
  }

  async recordContentPass(name: string, version: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO content_passes (name, version, applied_at) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET version = excluded.version, applied_at = excluded.applied_at`,
      [name, version, new Date().toISOString()],
    );
  }

  /** For /api/health: the article count, or why the database cannot be reached. */
  async check(): Promise<{ status: 'ok' | 'unavailable'; articleCount: number | null; problem?: string }> {
    try {
      return { status: 'ok', articleCount: await this.count() };
    } catch (error) {
      return { status: 'unavailable', articleCount: null, problem: error instanceof Error ? error.message : String(error) };
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.refreshTimer);
    if (this.relistenTimer) clearTimeout(this.relistenTimer);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    await this.pool.end();
  }
}

export function openPostgresStore(connectionString: string, options?: OpenPostgresOptions): Promise<PostgresArticleStore> {
  return PostgresArticleStore.open(connectionString, options);
}
