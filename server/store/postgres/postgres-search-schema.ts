/**
 * Migration v6 of the PostgreSQL schema (postgres-schema.ts): search with filter tags, a search key that
 * follows publication time, and the RUM index where the extension can be had, else GIN (decision 29).
 */
import type { PgMigration } from './postgres-schema';

export const SEARCH_INDEX_MIGRATION: PgMigration = {
  version: 6,
  name: 'search: filter tags in the search vector, a search key that follows publication time, RUM when installed (else GIN)',
  // Decision 29. The search vector is rebuilt (a rewrite of the table, before the server listens)
  // with one lexeme per category, source and difficulty, SQLite's tag tokens (sqlite/search-index.ts
  // tagToken), so a filter is one more term of the match. `search_key` is the publication time as a
  // number (YYYYMMDDHHMMSSmmm of the stored UTC text, so it sorts as published_at does); the RUM index
  // keeps it beside every match and returns matches newest first, stopping at the page. Which index
  // exists is decided by newsreader_search_index() (below), called here and at every open.
  sql: `
      CREATE FUNCTION article_search_tags(cats text[], src text, diff text) RETURNS tsvector
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
          SELECT array_to_tsvector(
            ARRAY(SELECT 'xc' || encode(convert_to(c, 'UTF8'), 'hex') || '9' FROM unnest(cats) AS c) ||
            ARRAY['xs' || encode(convert_to(src, 'UTF8'), 'hex') || '9', 'xd' || encode(convert_to(diff, 'UTF8'), 'hex') || '9'])
        $$;
      CREATE FUNCTION article_search_key(published text) RETURNS bigint
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
          SELECT CASE WHEN published ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}[.][0-9]{3}Z$'
            THEN translate(left(published, 23), '-:T.', '')::bigint ELSE 0 END
        $$;
      ALTER TABLE articles DROP COLUMN search;
      ALTER TABLE articles
        ADD COLUMN search tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english'::regconfig, title), 'A') ||
          setweight(to_tsvector('english'::regconfig, summary), 'B') ||
          setweight(to_tsvector('english'::regconfig, body), 'C') ||
          article_search_tags(categories, source, difficulty)
        ) STORED,
        ADD COLUMN search_key bigint GENERATED ALWAYS AS (article_search_key(published_at)) STORED;
      DO $$ BEGIN
        ALTER TABLE articles ALTER COLUMN search SET COMPRESSION lz4;
      EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN NULL;
      END $$;
      -- 'rum' when the RUM index exists (made now if the extension is installed or can be created),
      -- else 'gin: <why>' with the GIN index of v1. Idempotent; the store calls it at every open, so a
      -- RUM package installed later is taken up at the next start.
      CREATE FUNCTION newsreader_search_index() RETURNS text LANGUAGE plpgsql AS $$
        DECLARE
          why text;
        BEGIN
          IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'rum') THEN
            IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'rum') THEN
              why := 'the rum extension is not installed on the database server (Debian: postgresql-' ||
                current_setting('server_version_num')::int / 10000 || '-rum)';
            ELSE
              BEGIN
                CREATE EXTENSION rum;
              EXCEPTION WHEN OTHERS THEN
                why := 'CREATE EXTENSION rum failed: ' || SQLERRM;
              END;
            END IF;
          END IF;
          IF why IS NOT NULL THEN
            IF NOT EXISTS (SELECT 1 FROM pg_indexes WHERE tablename = 'articles' AND indexname = 'articles_search') THEN
              CREATE INDEX articles_search ON articles USING gin (search);
            END IF;
            RETURN 'gin: ' || why;
          END IF;
          IF NOT EXISTS (SELECT 1 FROM pg_indexes WHERE tablename = 'articles' AND indexname = 'articles_search_rum') THEN
            CREATE INDEX articles_search_rum ON articles
              USING rum (search rum_tsvector_addon_ops, search_key) WITH (attach = 'search_key', to = 'search');
          END IF;
          DROP INDEX IF EXISTS articles_search;
          RETURN 'rum';
        END
      $$;
      SELECT newsreader_search_index();
    `,
};
