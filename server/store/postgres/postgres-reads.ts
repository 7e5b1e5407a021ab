/** The PostgreSQL store's reads: lists, search (SQLite's semantics, see postgres-store.ts), articles, pass cursors. */
import type { DatabaseHealth, FeedValidators, StoredView } from '../article-store';
import { RANK_BLOCK, countedFor } from '../search-pages';
import type { ArticleWithPage, ArticleQuery, ArticleSummaryRow, Page, RenderLanguage, SearchQuery, StoredArticle } from '../types';
import { pageKeyFitsSql, pageKeySuffix, viewColumn } from '../types';
import {
  ARTICLE_COLUMNS,
  type ArticleRow,
  HEADLINE_OPTIONS,
  KEPT_ID,
  PAGE_COLUMNS,
  type PageRow,
  SUMMARY_COLUMNS,
  type SummaryRow,
  filterSql,
  termQueries,
  toArticle,
  toPage,
  toSummary,
  totalKey,
} from './postgres-rows';
import { type Queryable } from './postgres-connection';
import { PostgresConnection } from './postgres-connection';
import { NEWEST_KEY, tagTokens, walkShareFor } from './postgres-search-choice';
import { TermShares } from './postgres-term-shares';
import { ListMarks } from './postgres-list-marks';
import { snippetSql } from './postgres-snippets';

function param(params: unknown[], value: unknown): string {
  params.push(value);
  return `$${params.length}`;
}

export abstract class PostgresReads extends PostgresConnection {
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
      // A deep offset seeks to the list's mark before it (decision 35) and skips fewer than a step from there.
      const marked = query.after ? undefined : await this.listMarks.before(this.pool, query, this.version);
      const from = query.after ?? marked?.mark;
      let after = '';
      if (from) {
        // As in SQLite (sqlite/list-queries.ts): a range the index seeks to, then the ties of that moment by id.
        params.push(from.publishedAt, from.id);
        const at = `$${params.length - 1}`;
        after = ` AND a.published_at <= ${at} AND (a.published_at < ${at} OR a.id COLLATE "C" > $${params.length})`;
      }
      // An offset is rows read and thrown away (decision 32): past the middle of the list (its total is kept
      // in article_totals) the page is read from the oldest end, so no offset reads more than half the list.
      // The rows skipped are read from a covering index (migration v7) without visiting the table; only the
      // page's own rows are fetched.
      const fromOldest = !from && query.offset + query.limit > total - query.offset;
      const limit = fromOldest ? Math.min(query.limit, total - query.offset) : query.limit;
      const offset = fromOldest ? Math.max(0, total - query.offset - limit) : query.offset - (marked?.skipped ?? 0);
      const order = fromOldest ? 'a.published_at ASC, a.id COLLATE "C" DESC' : 'a.published_at DESC, a.id COLLATE "C" ASC';
      const { rows } = await this.pool.query<SummaryRow>(
        `WITH page AS MATERIALIZED (SELECT a.seq, a.published_at, a.id FROM articles AS a WHERE true${where}${after}
           ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2})
         SELECT ${SUMMARY_COLUMNS} FROM page JOIN articles AS a ON a.seq = page.seq
         ORDER BY a.published_at DESC, a.id COLLATE "C" ASC`,
        [...params, limit, offset],
      );
      return { items: rows.map(toSummary), total };
    });
  }

  async search(query: SearchQuery): Promise<Page<ArticleSummaryRow>> {
    const { exprs, params: termParams, headlineExprs } = termQueries(query.q, 1);
    if (exprs.length === 0) return { items: [], total: 0 };
    return this.reading(async () => {
      const params: unknown[] = [...termParams];
      const rum = this.migration.searchIndex.kind === 'rum';
      const tags = rum
        ? tagTokens(query)
            .map((token) => ` && ${param(params, token)}::tsquery`)
            .join('')
        : '';
      const all = exprs.join(' && ');
      const any = exprs.join(' || ');
      // A query of stop words only ("the") has no lexemes and matches nothing (see docs/deployment.md).
      // The filters are written before the match: PostgreSQL tests a row's conditions in the order written
      // when it rates them alike, and a row's category, source or difficulty is read in place while its
      // search vector is unpacked from out-of-line storage. Walking the newest rows for a filtered search,
      // most are turned away before that (decision 18: 127-286 ms -> 25-39 ms at 100,000 articles).
      // With RUM (decision 29), the filters are also lexemes of the search vector (migration v6), so the
      // index finds the rows holding every word and every filter and hands them over newest first by
      // search_key, without reading the rows that are not returned. RUM still collects and sorts every
      // match's key first, so for a query that matches most articles walking the newest rows (as below)
      // is cheaper: the planner's estimate of the matches decides (WALK_SHARE). The conditions on the
      // columns stay for the walk (below: not for RUM), and change nothing. Without RUM (the GIN fallback),
      // the newest candidates are walked.
      const walkShare = walkShareFor(termParams);
      const ordered = rum && (await this.matchShare(exprs, termParams, tagTokens(query))) < walkShare;
      // RUM's ordered matches carry the filters as tags only: a condition on the filter columns as well made
      // the planner join the categories index to RUM's bitmap and sort every match read from the table
      // (two words in a category of 17,743 articles: 84 ms against RUM's 17; decision 35).
      const where = ordered ? '' : filterSql(query, params);
      // Counted as far as the page needs (countedFor, decision 44), and one more to say whether more match.
      const counted = countedFor(query.offset, query.limit);
      const candidateSql = ordered
        ? `SELECT a.seq, a.published_at, a.heads FROM articles AS a
           WHERE a.search @@ (${all}${tags})
           ORDER BY a.search_key <=| ${NEWEST_KEY}::bigint LIMIT ${counted + 1}`
        : `SELECT a.seq, a.published_at, a.heads FROM articles AS a
           WHERE TRUE${where} AND a.search @@ (${all}${tags})
           ORDER BY a.published_at DESC, a.seq DESC LIMIT ${counted + 1}`;
      // One statement (decision 32): the candidates, their count, the blocks of ranking the page falls in
      // (search-pages.ts rankedPage: blocks of RANK_BLOCK newest matches, each ordered by score, ties
      // newest first), and the page's rows with their snippets. Only the page's blocks are scored.
      // Heads are stored out of line and unpacked by every function given them: the block's are unpacked once (`h`),
      // the page's not again, as the score says the snippet's field (decision 48: title >= 10, summary 4, else body).
      const blockStart = Math.floor(query.offset / RANK_BLOCK) * RANK_BLOCK;
      const end = Math.min(counted, query.offset + query.limit);
      const blockEnd = Math.min(counted, Math.ceil(end / RANK_BLOCK) * RANK_BLOCK);
      params.push(blockStart, blockEnd, query.offset - blockStart, Math.max(0, end - query.offset), HEADLINE_OPTIONS);
      const [from, to, skip, take, headline] = [0, 1, 2, 3, 4].map((i) => `$${params.length - 4 + i}`);
      // Like SQLite's snippet(): the passage comes from the first of title, summary and body holding a word,
      // cut around its first hits (postgres-snippets.ts, decision 51).
      const field = 'CASE WHEN page.score >= 10 THEN a.title WHEN page.score = 4 THEN a.summary ELSE a.body END';
      const { rows } = await this.pool.query<SummaryRow & { total: string; seq: string | null }>(
        `WITH q AS (SELECT ${all} AS q_all, ${any} AS q_any, ${headlineExprs.join(' && ')} AS q_headline),
         candidates AS MATERIALIZED (${candidateSql}),
         numbered AS (SELECT c.seq, c.heads, row_number() OVER (ORDER BY c.published_at DESC, c.seq DESC) - 1 AS n FROM candidates AS c),
         ranked AS (
           SELECT n.seq, n.n,
             (CASE WHEN h.a @@ q.q_all THEN 20 ELSE 0 END) +
             (CASE WHEN h.a @@ q.q_any THEN 10 ELSE 0 END) +
             (CASE WHEN h.b @@ q.q_any THEN 4 ELSE 0 END) AS score
           FROM numbered AS n
             CROSS JOIN LATERAL (SELECT ts_filter(u.heads, '{a}') AS a, ts_filter(u.heads, '{b}') AS b
               FROM (SELECT n.heads || ''::tsvector AS heads OFFSET 0) AS u) AS h,
             q
           WHERE n.n >= ${from} AND n.n < ${to}),
         page AS (SELECT r.seq, r.score, row_number() OVER (ORDER BY r.n / ${RANK_BLOCK}, r.score DESC, r.n) AS place FROM ranked AS r
           ORDER BY r.n / ${RANK_BLOCK}, r.score DESC, r.n OFFSET ${skip} LIMIT ${take}),
         total AS (SELECT count(*) AS total FROM candidates)
         SELECT total.total, ${SUMMARY_COLUMNS}, ${snippetSql(field, 'q.q_headline', headline!)} AS snippet
         FROM total CROSS JOIN q LEFT JOIN (page JOIN articles AS a ON a.seq = page.seq) ON true
         ORDER BY page.place`,
        params,
      );
      const found = Number(rows[0]?.total ?? 0);
      const capped = found > counted;
      const total = Math.min(found, counted);
      const items = rows.filter((row) => row.seq !== null).map((row) => toSummary(row));
      return capped ? { items, total, totalCapped: true } : { items, total };
    });
  }

  protected listMarks = new ListMarks();

  private articleTotal: { readonly version: number; readonly value: number } | undefined;

  /** The planner's estimate of the matches' share of the articles (decision 32; postgres-term-shares.ts). */
  private async matchShare(exprs: readonly string[], termParams: readonly string[], tags: readonly string[]): Promise<number> {
    if (this.articleTotal?.version !== this.version) this.articleTotal = { version: this.version, value: await this.count() };
    return this.termShares.share(exprs, termParams, tags, this.articleTotal.value);
  }

  private readonly termShares = new TermShares(async (expr, param) => {
    const { rows } = await this.pool.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      `EXPLAIN (FORMAT JSON) SELECT 1 FROM articles AS a WHERE a.search @@ (${expr})`,
      [param],
    );
    return rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0;
  });

  protected async readArticle(db: Queryable, id: string, language?: RenderLanguage): Promise<StoredArticle | undefined> {
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

  async page(id: string, language: RenderLanguage): Promise<ArticleWithPage | undefined> {
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

  async renderedView(id: string, view: string): Promise<StoredView | undefined> {
    return this.reading(async () => {
      const { rows } = await this.pool.query<{ key: string; body: string }>(
        `SELECT h.content_hash AS key, h.html AS body FROM article_html AS h
         WHERE h.article_seq = (SELECT seq FROM articles WHERE id = $1) AND h.language = $2`,
        [id, viewColumn(view)],
      );
      const row = rows[0];
      return row && { key: row.key, body: row.body };
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

  async articleIds(): Promise<string[]> {
    return this.reading(async () => (await this.pool.query<{ id: string }>('SELECT id FROM articles ORDER BY seq')).rows.map((r) => r.id));
  }

  async contentPass(name: string): Promise<string | undefined> {
    return this.reading(async () => {
      const { rows } = await this.pool.query<{ version: string }>('SELECT version FROM content_passes WHERE name = $1', [name]);
      return rows[0]?.version;
    });
  }

  /** For /api/health: the article count, or why the database cannot be reached. */
  async check(): Promise<DatabaseHealth> {
    try {
      return { status: 'ok', articleCount: await this.healthCount() };
    } catch (error) {
      return { status: 'unavailable', articleCount: null, problem: error instanceof Error ? error.message : String(error) };
    }
  }

  /**
   * The count for /api/health on the node's listening connection (decision 32): the pool's connections can
   * all be busy with searches, and health must not wait in their queue. Where that connection is gone or
   * fails, the pool answers (and its failure is the one reported).
   */
  private async healthCount(): Promise<number> {
    const listener = this.listener;
    if (listener) {
      try {
        const { rows } = await listener.query<{ value: string }>("SELECT value FROM article_totals WHERE key = ''");
        return Number(rows[0]?.value ?? 0);
      } catch {
        // Lost or slow: the pool decides.
      }
    }
    return this.count();
  }
}
