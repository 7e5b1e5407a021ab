/**
 * Migration v8 of the PostgreSQL schema (postgres-schema.ts): prefix search over the words as written (decision 40).
 *
 * `to_tsquery('english', 'fes:*')` and the `english` search vector compare stems: a prefix found the words whose
 * stem begins with it, so `runnin*` missed running (stem `run`) and accents never folded. The search vector and the
 * heads now also hold every word as written, lower-cased and without accents (the `newsreader_words` text search
 * configuration: `unaccent` then `simple`), each lexeme marked with a leading `~` so it never meets a stem or a filter
 * tag. A prefix is matched against the marked lexemes only (newsreader_prefix_query), whole words still against the
 * stems; RUM's order, the filter tags and the ranking by weights (A title, B summary, C body) are unchanged.
 *
 * Where the unaccent extension cannot be had (not installed, no right to create it), the configuration folds case
 * only, and an accented prefix then finds only the same accents. Rewrites the table once (the generated columns),
 * before the server listens, as v6 did; the search index is made again by newsreader_search_index().
 */
import type { PgMigration } from './postgres-schema';

const words = (column: string, weight: string) => `setweight(newsreader_words(${column}), '${weight}')`;

export const PREFIX_WORDS_MIGRATION: PgMigration = {
  version: 8,
  name: 'search: every word as written beside its stem, so a prefix finds the words that begin with it',
  sql: `
      DO $$ BEGIN
        CREATE EXTENSION IF NOT EXISTS unaccent;
      EXCEPTION WHEN OTHERS THEN NULL;
      END $$;
      CREATE TEXT SEARCH CONFIGURATION newsreader_words (COPY = simple);
      DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'unaccent') THEN
          ALTER TEXT SEARCH CONFIGURATION newsreader_words
            ALTER MAPPING FOR word, hword, hword_part, asciiword, asciihword, hword_asciipart, numword, numhword, hword_numpart
            WITH unaccent, simple;
        END IF;
      END $$;
      -- Lexemes have positions (a prefix joined by punctuation is a phrase: 'sea' <-> 'lio':*).
      CREATE FUNCTION newsreader_words(doc text) RETURNS tsvector
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
          SELECT coalesce((SELECT string_agg(
              '''~' || replace(replace(u.lexeme, '\\', '\\\\'), '''', '''''') || ''':' || array_to_string(u.positions, ','), ' ')
            FROM unnest(to_tsvector('newsreader_words'::regconfig, doc)) AS u)::tsvector, ''::tsvector)
        $$;
      -- A prefix query's text (postgres-rows.ts termQueries: quoted letter and digit runs, no quote inside) read
      -- through the same configuration, each lexeme then marked as the vector's are.
      CREATE FUNCTION newsreader_prefix_query(q text) RETURNS tsquery
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
          SELECT regexp_replace(to_tsquery('newsreader_words'::regconfig, q)::text, '''([^'']*)''', '''~\\1''', 'g')::tsquery
        $$;
      ALTER TABLE articles DROP COLUMN search, DROP COLUMN heads;
      ALTER TABLE articles
        ADD COLUMN search tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english'::regconfig, title), 'A') ||
          setweight(to_tsvector('english'::regconfig, summary), 'B') ||
          setweight(to_tsvector('english'::regconfig, body), 'C') ||
          article_search_tags(categories, source, difficulty) ||
          ${words('title', 'A')} || ${words('summary', 'B')} || ${words('body', 'C')}
        ) STORED,
        ADD COLUMN heads tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english'::regconfig, title), 'A') ||
          setweight(to_tsvector('english'::regconfig, summary), 'B') ||
          ${words('title', 'A')} || ${words('summary', 'B')}
        ) STORED;
      DO $$ BEGIN
        ALTER TABLE articles ALTER COLUMN search SET COMPRESSION lz4;
      EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN NULL;
      END $$;
      SELECT newsreader_search_index();
    `,
};
