/** The PostgreSQL store's story identity (../story-identity.ts): one story stored once, merges of repeats. */
import { validateArticle } from '../article-values';
import { rehashed } from '../content-hash';
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
} from '../story-identity';
import type { ArticleInput, StoredArticle } from '../types';
import { STORY_LOCK } from './postgres-rows';
import { type Queryable } from './postgres-connection';
import { PostgresWrites } from './postgres-writes';

export abstract class PostgresStories extends PostgresWrites {
  protected async storyCandidates(
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
}
