/**
 * The SQLite store's story identity rows (schema v8): the addresses, text hashes and MinHash bands
 * that recognise a stored story (story-identity.ts), and the aliases of merged articles. Used inside
 * the store's write transactions (sqlite-store.ts), so a story's identity and its article never disagree.
 */
import type Database from 'better-sqlite3';
import { parseJson } from './rows';
import { MAX_SIMILAR_CANDIDATES, textFingerprint, urlKeysOf, type StoryCandidate, type TextFingerprint } from '../story-identity';

/** Migration v8's tables; PostgreSQL's migration v4 has the same shape (postgres-schema.ts). */
export const STORY_TABLES_SQL = `
  -- Every normalised address a story was seen at (its link, where the link redirected to, its canonical
  -- address): one story per address, so the primary key also stops two writers recording one address twice.
  CREATE TABLE story_urls (
    url_key TEXT PRIMARY KEY,
    article_seq INTEGER NOT NULL REFERENCES articles (seq) ON DELETE CASCADE
  ) WITHOUT ROWID;
  CREATE INDEX story_urls_by_article ON story_urls (article_seq);
  -- The hash of every text a story has had, so an older version seen again is not an update.
  CREATE TABLE story_texts (
    text_hash TEXT NOT NULL,
    article_seq INTEGER NOT NULL REFERENCES articles (seq) ON DELETE CASCADE,
    PRIMARY KEY (text_hash, article_seq)
  ) WITHOUT ROWID;
  CREATE INDEX story_texts_by_article ON story_texts (article_seq);
  -- The MinHash band keys of a story's current text: the candidates for a near-identical text.
  CREATE TABLE story_bands (
    band TEXT NOT NULL,
    article_seq INTEGER NOT NULL REFERENCES articles (seq) ON DELETE CASCADE,
    PRIMARY KEY (band, article_seq)
  ) WITHOUT ROWID;
  CREATE INDEX story_bands_by_article ON story_bands (article_seq);
  -- An article merged into another (npm run ingest -- --merge-duplicates): its id still leads to the kept one.
  CREATE TABLE article_aliases (
    alias_id TEXT PRIMARY KEY,
    article_id TEXT NOT NULL,
    merged_at TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX article_aliases_by_article ON article_aliases (article_id);
`;

export interface CandidateQuery {
  readonly id: string;
  readonly urlKeys: readonly string[];
  readonly fingerprint: TextFingerprint;
  /** Only articles stored before this one (the merge command); every article otherwise. */
  readonly before?: number;
}

interface CandidateRow {
  seq: number;
  id: string;
  paragraphs: string;
  by_id: number;
  by_address: number;
  by_same_text: number;
}

export class StoryRecords {
  private readonly statements;

  constructor(db: Database.Database) {
    this.statements = {
      aliasOf: db.prepare('SELECT article_id FROM article_aliases WHERE alias_id = ?').pluck(),
      addUrl: db.prepare('INSERT OR IGNORE INTO story_urls (url_key, article_seq) VALUES (?, ?)'),
      addText: db.prepare('INSERT OR IGNORE INTO story_texts (text_hash, article_seq) VALUES (?, ?)'),
      dropBands: db.prepare('DELETE FROM story_bands WHERE article_seq = ?'),
      addBand: db.prepare('INSERT OR IGNORE INTO story_bands (band, article_seq) VALUES (?, ?)'),
      hasText: db.prepare('SELECT 1 FROM story_texts WHERE text_hash = ? AND article_seq = ?').pluck(),
      urlsOf: db.prepare('SELECT url_key FROM story_urls WHERE article_seq = ?').pluck(),
      candidates: db.prepare(`
        WITH keys (k) AS (SELECT value FROM json_each(@keys)),
        found (seq) AS (
          SELECT seq FROM articles WHERE id = @id
          UNION SELECT article_seq FROM story_urls WHERE url_key IN (SELECT k FROM keys)
          UNION SELECT article_seq FROM story_texts WHERE text_hash = @hash
          UNION SELECT seq FROM (
            SELECT article_seq AS seq FROM story_bands
            WHERE band IN (SELECT value FROM json_each(@bands)) AND article_seq < @before
            GROUP BY article_seq ORDER BY count(*) DESC, article_seq LIMIT ${MAX_SIMILAR_CANDIDATES})
        )
        SELECT a.seq, a.id, a.paragraphs, a.id = @id AS by_id,
          EXISTS (SELECT 1 FROM story_urls AS u WHERE u.article_seq = a.seq AND u.url_key IN (SELECT k FROM keys)) AS by_address,
          EXISTS (SELECT 1 FROM story_texts AS t WHERE t.article_seq = a.seq AND t.text_hash = @hash) AS by_same_text
        FROM articles AS a WHERE a.seq IN (SELECT seq FROM found) AND a.seq < @before`),
      moveUrls: db.prepare('UPDATE OR IGNORE story_urls SET article_seq = @keep WHERE article_seq = @drop'),
      moveAliases: db.prepare('UPDATE article_aliases SET article_id = @keepId WHERE article_id = @dropId'),
      addAlias: db.prepare(`INSERT INTO article_aliases (alias_id, article_id, merged_at) VALUES (@dropId, @keepId, @now)
        ON CONFLICT (alias_id) DO UPDATE SET article_id = excluded.article_id, merged_at = excluded.merged_at`),
      withoutIdentity: db.prepare(`SELECT seq, url, paragraphs FROM articles AS a
        WHERE seq > ? AND NOT EXISTS (SELECT 1 FROM story_texts AS t WHERE t.article_seq = a.seq) ORDER BY seq LIMIT ?`),
    };
  }

  /** The id an article merged away now lives under, or undefined. */
  aliasOf(id: string): string | undefined {
    return (this.statements.aliasOf.get(id) as string | undefined) ?? undefined;
  }

  /** After a write of an article's row: its addresses and text fingerprint. */
  record(seq: number, url: string, paragraphs: readonly string[], urlKeys: readonly string[] = [], replacing = true): void {
    for (const key of urlKeysOf(url, urlKeys)) this.statements.addUrl.run(key, seq);
    const { textHash, bands } = textFingerprint(paragraphs);
    this.statements.addText.run(textHash, seq);
    // The bands describe the current text only (older texts are remembered by their hash).
    if (replacing) this.statements.dropBands.run(seq);
    for (const band of bands) this.statements.addBand.run(band, seq);
  }

  addUrls(seq: number, urlKeys: readonly string[]): void {
    for (const key of urlKeys) this.statements.addUrl.run(key, seq);
  }

  hasText(seq: number, textHash: string): boolean {
    return this.statements.hasText.get(textHash, seq) !== undefined;
  }

  urlsOf(seq: number): string[] {
    return this.statements.urlsOf.all(seq) as string[];
  }

  candidates(query: CandidateQuery): StoryCandidate[] {
    const rows = this.statements.candidates.all({
      id: query.id,
      keys: JSON.stringify(query.urlKeys),
      hash: query.fingerprint.textHash,
      bands: JSON.stringify(query.fingerprint.bands),
      before: query.before ?? Number.MAX_SAFE_INTEGER,
    }) as CandidateRow[];
    return rows.map((row) => ({
      seq: row.seq,
      id: row.id,
      byId: row.by_id === 1,
      byAddress: row.by_address === 1,
      bySameText: row.by_same_text === 1,
      paragraphs: parseJson<string[]>(row.paragraphs, []),
    }));
  }

  /**
   * Before the dropped article's row is deleted: its addresses and aliases go to the kept one, and its id
   * becomes an alias. Not its text hashes: the kept article keeps its own text, and the dropped (often newer)
   * text, seen again in a feed, must update it rather than count as an older version.
   */
  mergeInto(drop: { seq: number; id: string }, keep: { seq: number; id: string }): void {
    this.statements.moveUrls.run({ keep: keep.seq, drop: drop.seq });
    this.statements.moveAliases.run({ keepId: keep.id, dropId: drop.id });
    this.statements.addAlias.run({ dropId: drop.id, keepId: keep.id, now: new Date().toISOString() });
  }

  /** Records the identity of up to `limit` articles stored without one, oldest first; how many it did. */
  backfill(limit: number): number {
    const rows = this.statements.withoutIdentity.all(0, limit) as { seq: number; url: string; paragraphs: string }[];
    for (const row of rows) this.record(row.seq, row.url, parseJson<string[]>(row.paragraphs, []), [], false);
    return rows.length;
  }
}

/** Every article stored without its identity rows gets them, oldest first (migration v8, and a safety net at each import). */
export function backfillStoryIdentities(db: Database.Database): number {
  const records = new StoryRecords(db);
  let total = 0;
  for (;;) {
    const done = records.backfill(500);
    total += done;
    if (done < 500) return total;
  }
}
