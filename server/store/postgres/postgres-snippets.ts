/**
 * The search page's snippets on PostgreSQL (migration v9, decision 51): `ts_headline` over the part of the field
 * around its first hits, not the whole field. ts_headline parses and stems every word it is given (the larger part of
 * a search's database time by decision 48's measure), yet with one fragment it shows a passage of at most 24 words.
 */
import { HIT_END, HIT_START } from '../fts-query';
import { GT, LT } from './postgres-rows';
import type { PgMigration } from './postgres-schema';

/** Characters kept before the first hit: ts_headline stretches a passage at most 11 words back (MaxWords 24). */
export const NEAR_BEFORE = 150;

/** Characters kept after the last lexeme's first hit: the rest of a 24-word passage, with room for long words. */
export const NEAR_AFTER = 250;

/**
 * Fields longer than this are cut: finding the hits and checking the part cost about what ts_headline spends on
 * a field of ~1,000 characters (benchmarks.md runs 116–119), so shorter ones go to ts_headline whole.
 */
export const CUT_FROM = 1_200;

/**
 * SQL: the snippet of `field` for the tsquery `query` with ts_headline's `options`: a field of at most CUT_FROM
 * characters (titles, summaries, short bodies) goes to ts_headline whole, a longer one to newsreader_snippet.
 */
export function snippetSql(field: string, query: string, options: string): string {
  const text = `translate(${field}, '<>${HIT_START}${HIT_END}', '${LT}${GT}')`;
  return `CASE WHEN length(${field}) > ${CUT_FROM} THEN newsreader_snippet(${text}, ${query}, ${options}, '${HIT_START}${HIT_END}')
    ELSE ts_headline('english', ${text}, ${query}, ${options}) END`;
}

/**
 * newsreader_snippet(doc, query, options, marks): the snippet of a long field. Each lexeme of the query gets a finder,
 * a regular expression finding the words that could hold it: a lexeme is a stem, and a word stemmed to it begins with
 * the stem less its last letter (the stemmer cuts endings and changes at most the last letter: city -> citi, hoping ->
 * hope), or, for a stem in -ie, less both (dying -> die); so a finder may find more words than the hits, but never
 * one after the first hit. The part runs from before the first word a finder finds to after the last lexeme's first
 * find (the first's only, for a query any one lexeme satisfies: no AND, no phrase), at whole words (a cut word is
 * dropped). The part's headline is the answer when it marks a word (`marks` are the options' StartSel and StopSel,
 * a character each) and its passage reaches neither cut end (where the whole field would have let it grow). For a
 * query needing several lexemes, a part from the field's start must also hold them all (else ts_headline shows its
 * first words, marked), checked by to_tsvector when the part is under half the field. Otherwise, and for fields of
 * at most 400 characters, the whole field is read, as before: the answer is ts_headline's over the whole field.
 */
export const SNIPPET_MIGRATION: PgMigration = {
  version: 9,
  name: "search snippets: ts_headline over the part of the field around the query's first hits",
  sql: `
    CREATE FUNCTION newsreader_snippet(doc text, query tsquery, options text, marks text)
      RETURNS text LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
      DECLARE
        one boolean := strpos(query::text, '&') = 0 AND strpos(query::text, '<') = 0;
        l text; at integer; first integer; last integer; every boolean := true;
        head boolean; tail boolean; part text; near text; plain text; shown integer;
      BEGIN
        -- regexp_instr is PostgreSQL 15's: an older server reads the whole field (plpgsql plans a statement only when it runs it).
        IF current_setting('server_version_num')::integer < 150000 THEN
          RETURN ts_headline('english', doc, query, options);
        END IF;
        IF length(doc) > ${NEAR_BEFORE + NEAR_AFTER} THEN
          FOR l IN SELECT replace(m[1], '''''', '''') FROM regexp_matches(query::text, '''((?:[^'']|'''')*)''', 'g') AS m LOOP
            l := CASE WHEN l LIKE '%ie' THEN left(l, -2) WHEN length(l) > 1 THEN left(l, -1) ELSE l END;
            at := regexp_instr(doc, '(?:\\m|(?<=_))' || regexp_replace(l, '([^[:alnum:]])', '\\\\\\1', 'g'), 1, 1, 0, 'i');
            IF at = 0 THEN every := false;
            ELSE
              first := least(first, at);
              last := greatest(last, at);
            END IF;
          END LOOP;
          IF one THEN last := first; END IF;
          IF first IS NOT NULL AND (one OR every) THEN
            head := first > ${NEAR_BEFORE + 1};
            tail := last + ${NEAR_AFTER} <= length(doc);
            part := substr(doc, greatest(1, first - ${NEAR_BEFORE}), last - greatest(1, first - ${NEAR_BEFORE}) + ${NEAR_AFTER});
            IF head THEN part := substr(part, strpos(part, ' ') + 1); END IF;
            IF tail THEN part := left(part, -strpos(reverse(part), ' ')); END IF;
            IF one OR head OR (length(part) * 2 < length(doc) AND to_tsvector('english', part) @@ query) THEN
              near := ts_headline('english', part, query, options);
              IF strpos(near, left(marks, 1)) > 0 THEN
                plain := translate(near, marks, '');
                shown := strpos(part, plain);
                IF shown > 0 AND (NOT head OR left(part, shown - 1) ~ '[[:alnum:]]')
                    AND (NOT tail OR substr(part, shown + length(plain)) ~ '[[:alnum:]]') THEN
                  RETURN near;
                END IF;
              END IF;
            END IF;
          END IF;
        END IF;
        RETURN ts_headline('english', doc, query, options);
      END $$;
  `,
};
