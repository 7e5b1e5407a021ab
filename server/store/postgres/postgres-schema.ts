/**
 * The PostgreSQL store's schema, as numbered migrations applied at start (postgres-store.ts).
 * Several nodes may start at once: migrate() takes a transaction-scoped advisory lock first, so
 * one node applies what is missing and the others find it done. Never edit a shipped migration;
 * add the next number.
 */
import type pg from 'pg';
import { withPoolClient } from './postgres-client';
import { SEARCH_INDEX_MIGRATION } from './postgres-search-schema';
import { PREFIX_WORDS_MIGRATION } from './postgres-prefix-schema';
import { SNIPPET_MIGRATION } from './postgres-snippets';

export interface PgMigration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export const PG_MIGRATIONS: readonly PgMigration[] = [
  {
    version: 1,
    name: 'articles with full-text search, rendered pages, feed validators, passes and a data version',
    sql: `
      CREATE TABLE articles (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id text NOT NULL UNIQUE,
        url text NOT NULL,
        source text NOT NULL,
        title text NOT NULL,
        -- ISO 8601 text in UTC (toISOString), as SQLite keeps it: it sorts in time order and reads back unchanged.
        published_at text NOT NULL,
        summary text NOT NULL,
        summary_translations json NOT NULL DEFAULT '{}',
        paragraphs json NOT NULL DEFAULT '[]',
        -- The paragraphs joined by newlines: what search indexes and snippets are cut from.
        body text NOT NULL,
        word_count integer NOT NULL,
        reading_time_minutes integer NOT NULL,
        difficulty text NOT NULL,
        categories text[] NOT NULL,
        vocabulary json NOT NULL DEFAULT '[]',
        cultural_notes json NOT NULL DEFAULT '[]',
        content_hash text NOT NULL,
        imported_at text NOT NULL,
        updated_at text NOT NULL,
        -- Title above summary above body (weights A, B, C): ranking reads the weights (postgres-store.ts).
        search tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english'::regconfig, title), 'A') ||
          setweight(to_tsvector('english'::regconfig, summary), 'B') ||
          setweight(to_tsvector('english'::regconfig, body), 'C')
        ) STORED,
        -- Title and summary alone: ranking reads these small vectors for up to 1,001 candidates, not
        -- \`search\`, whose body part is large and stored out of line.
        heads tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english'::regconfig, title), 'A') ||
          setweight(to_tsvector('english'::regconfig, summary), 'B')
        ) STORED
      );
      -- Search reads \`search\` of every candidate row (up to 1,001, newest first); lz4 unpacks it about
      -- twice as fast as the default pglz (search 15 -> 10 ms at 20,000 articles). A server built without
      -- lz4 keeps pglz.
      DO $$ BEGIN
        ALTER TABLE articles ALTER COLUMN search SET COMPRESSION lz4;
      EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN NULL;
      END $$;
      CREATE INDEX articles_newest ON articles (published_at DESC, id);
      CREATE INDEX articles_source ON articles (source, published_at DESC, id);
      CREATE INDEX articles_difficulty ON articles (difficulty, published_at DESC, id);
      CREATE INDEX articles_categories ON articles USING gin (categories);
      CREATE INDEX articles_search ON articles USING gin (search);

      CREATE TABLE article_html (
        article_seq bigint NOT NULL REFERENCES articles (seq) ON DELETE CASCADE,
        language text NOT NULL,
        content_hash text NOT NULL,
        html text NOT NULL,
        PRIMARY KEY (article_seq, language)
      );

      CREATE TABLE feed_state (
        feed_url text PRIMARY KEY,
        etag text,
        last_modified text,
        updated_at text NOT NULL
      );

      CREATE TABLE content_passes (
        name text PRIMARY KEY,
        version text NOT NULL,
        applied_at text NOT NULL
      );

      -- 'data_version': bumped by every article write, keys the caches on every node.
      CREATE TABLE store_counters (name text PRIMARY KEY, value bigint NOT NULL);
      INSERT INTO store_counters (name, value) VALUES ('data_version', 1);

      -- List totals per filter combination, kept by a trigger, so a total is one indexed row instead of a
      -- count over every match (11 ms for a category at 20,000 articles). Keys as SQLite's counters
      -- (schema-history.ts v6): '' (all), s:<source>, d:<difficulty>, sd:, c:<category>, cs:, cd:, csd:.
      CREATE TABLE article_totals (key text PRIMARY KEY, value bigint NOT NULL);
      INSERT INTO article_totals (key, value) VALUES ('', 0);
      CREATE FUNCTION article_total_keys(src text, diff text, cats text[]) RETURNS text[]
        LANGUAGE sql IMMUTABLE AS $$
          SELECT ARRAY['', 's:' || src, 'd:' || diff, 'sd:' || src || ':' || diff] || coalesce(
            (SELECT array_agg(k ORDER BY k) FROM (SELECT DISTINCT unnest(cats) AS c) AS cs,
               LATERAL unnest(ARRAY['c:' || c, 'cs:' || c || ':' || src, 'cd:' || c || ':' || diff,
                                    'csd:' || c || ':' || src || ':' || diff]) AS k),
            '{}')
        $$;
      CREATE FUNCTION articles_count_totals() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP IN ('UPDATE', 'DELETE') THEN
            INSERT INTO article_totals AS t (key, value)
              SELECT k, -1 FROM unnest(article_total_keys(OLD.source, OLD.difficulty, OLD.categories)) AS k
              ON CONFLICT (key) DO UPDATE SET value = t.value - 1;
          END IF;
          IF TG_OP IN ('INSERT', 'UPDATE') THEN
            INSERT INTO article_totals AS t (key, value)
              SELECT k, 1 FROM unnest(article_total_keys(NEW.source, NEW.difficulty, NEW.categories)) AS k
              ON CONFLICT (key) DO UPDATE SET value = t.value + 1;
          END IF;
          RETURN NULL;
        END
      $$;
      CREATE TRIGGER articles_totals AFTER INSERT OR DELETE OR UPDATE OF source, difficulty, categories ON articles
        FOR EACH ROW EXECUTE FUNCTION articles_count_totals();
    `,
  },
  {
    version: 2,
    name: 'any change to articles moves the data version and notifies, hand edits in SQL included',
    sql: `
      -- Once per transaction that changed a row, whoever wrote it (the store or someone in psql), so
      -- every node's caches follow. A statement that changed nothing (an unchanged upsert) moves nothing.
      CREATE FUNCTION articles_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
          version bigint;
        BEGIN
          IF NOT EXISTS (SELECT 1 FROM changed_rows) THEN
            RETURN NULL;
          END IF;
          IF current_setting('newsreader.version_bumped', true) = 'on' THEN
            RETURN NULL;
          END IF;
          PERFORM set_config('newsreader.version_bumped', 'on', true);
          UPDATE store_counters SET value = value + 1 WHERE name = 'data_version' RETURNING value INTO version;
          PERFORM pg_notify('articles_changed', version::text);
          RETURN NULL;
        END
      $$;
      -- A trigger with a transition table takes one event, so one trigger each.
      CREATE TRIGGER articles_version_insert AFTER INSERT ON articles REFERENCING NEW TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION articles_bump_version();
      CREATE TRIGGER articles_version_update AFTER UPDATE ON articles REFERENCING NEW TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION articles_bump_version();
      CREATE TRIGGER articles_version_delete AFTER DELETE ON articles REFERENCING OLD TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION articles_bump_version();
    `,
  },
  {
    version: 3,
    name: 'list indexes break equal dates by the bytes of the id (COLLATE "C"), whatever the database collation',
    sql: `
      -- Lists order by published_at DESC, id COLLATE "C" (postgres-store.ts), SQLite's byte order; the
      -- indexes must name the same collation or PostgreSQL sorts every match instead of reading one.
      DROP INDEX articles_newest;
      DROP INDEX articles_source;
      DROP INDEX articles_difficulty;
      CREATE INDEX articles_newest ON articles (published_at DESC, id COLLATE "C");
      CREATE INDEX articles_source ON articles (source, published_at DESC, id COLLATE "C");
      CREATE INDEX articles_difficulty ON articles (difficulty, published_at DESC, id COLLATE "C");
    `,
  },
  {
    version: 4,
    name: 'story identity: normalised addresses, text hashes, MinHash bands, and aliases of merged articles',
    // The same tables as SQLite's v8 (story-records.ts). Articles stored before this version get their rows
    // from the importer and the merge command before they run (backfillStoryIdentity), oldest first: the
    // fingerprints are computed in JavaScript (story-identity.ts), which a SQL migration cannot call.
    sql: `
      CREATE TABLE story_urls (
        url_key text PRIMARY KEY,
        article_seq bigint NOT NULL REFERENCES articles (seq) ON DELETE CASCADE
      );
      CREATE INDEX story_urls_by_article ON story_urls (article_seq);
      CREATE TABLE story_texts (
        text_hash text NOT NULL,
        article_seq bigint NOT NULL REFERENCES articles (seq) ON DELETE CASCADE,
        PRIMARY KEY (text_hash, article_seq)
      );
      CREATE INDEX story_texts_by_article ON story_texts (article_seq);
      CREATE TABLE story_bands (
        band text NOT NULL,
        article_seq bigint NOT NULL REFERENCES articles (seq) ON DELETE CASCADE,
        PRIMARY KEY (band, article_seq)
      );
      CREATE INDEX story_bands_by_article ON story_bands (article_seq);
      CREATE TABLE article_aliases (
        alias_id text PRIMARY KEY,
        article_id text NOT NULL,
        merged_at text NOT NULL
      );
      CREATE INDEX article_aliases_by_article ON article_aliases (article_id);
    `,
  },
  {
    version: 5,
    name: 'machine-written reading help per learner language, with the model that wrote it',
    // The same as SQLite's v9: MachineHelp per language (types.ts), '{}' when none.
    sql: `ALTER TABLE articles ADD COLUMN machine_help json NOT NULL DEFAULT '{}';`,
  },
  SEARCH_INDEX_MIGRATION,
  {
    version: 7,
    name: 'list indexes cover the filters and the row number, so the rows an offset skips are read from the index alone',
    // Decision 32. A list at offset N reads N rows and throws them away; with seq and every filter column in
    // the index, PostgreSQL skips them in an index-only scan (the visibility map, kept by (auto)vacuum, spares
    // it the table) and fetches only the page's rows. The key columns and their order are v3's.
    sql: `
      DROP INDEX articles_newest;
      DROP INDEX articles_source;
      DROP INDEX articles_difficulty;
      CREATE INDEX articles_newest ON articles (published_at DESC, id COLLATE "C") INCLUDE (seq, source, difficulty, categories);
      CREATE INDEX articles_source ON articles (source, published_at DESC, id COLLATE "C") INCLUDE (seq, difficulty, categories);
      CREATE INDEX articles_difficulty ON articles (difficulty, published_at DESC, id COLLATE "C") INCLUDE (seq, source, categories);
    `,
  },
  PREFIX_WORDS_MIGRATION,
  SNIPPET_MIGRATION,
];

export const PG_LATEST_VERSION = PG_MIGRATIONS[PG_MIGRATIONS.length - 1]!.version;

/** Any constant will do, as long as nothing else in the database uses it for an advisory lock. */
const MIGRATION_LOCK = 7_318_046_612;

export interface PgMigrationReport {
  readonly from: number;
  readonly to: number;
  readonly applied: readonly string[];
  /**
   * Which index answers search (migration v6's newsreader_search_index()): 'rum' (matches newest first
   * from the index), or 'gin' with why RUM is not used (every match found, then the newest sorted).
   */
  readonly searchIndex: { readonly kind: 'rum' | 'gin'; readonly note?: string };
}

export class PgSchemaTooNewError extends Error {}

/** Applies every missing migration, in one transaction, under the advisory lock. */
export async function migratePostgres(pool: pg.Pool): Promise<PgMigrationReport> {
  return withPoolClient(pool, async (client) => {
    try {
      await client.query('BEGIN');
      // Building indexes over a large table takes longer than a read may.
      await client.query('SET LOCAL statement_timeout = 0');
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
      const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
      const from = rows[0]?.version ?? 0;
      if (from > PG_LATEST_VERSION) {
        throw new PgSchemaTooNewError(
          `The database is at schema version ${from}, newer than this server knows (${PG_LATEST_VERSION}). Run a newer server or point DATABASE_URL elsewhere.`,
        );
      }
      const applied: string[] = [];
      for (const migration of PG_MIGRATIONS) {
        if (migration.version <= from) continue;
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
        applied.push(`${migration.version}: ${migration.name}`);
      }
      // At every open, not only in v6: RUM installed after the migration is taken up at the next start.
      const { rows: index } = await client.query<{ state: string }>('SELECT newsreader_search_index() AS state');
      const state = index[0]?.state ?? 'gin: unknown';
      await client.query('COMMIT');
      const searchIndex = state === 'rum' ? { kind: 'rum' as const } : { kind: 'gin' as const, note: state.replace(/^gin: /, '') };
      return { from, to: Math.max(from, PG_LATEST_VERSION), applied, searchIndex };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}
