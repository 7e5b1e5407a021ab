/**
 * The API contract, shared by the web app (which decodes every payload with it)
 * and the server (whose contract test decodes every response with it).
 * Change a codec here and both sides see it.
 */
import * as t from 'io-ts';
import { CATEGORY_IDS, DIFFICULTY_LEVELS, MISSING_HELP_KINDS, SOURCE_IDS } from './catalog';
import { LANGUAGE_CODES } from './languages';

function keyOf<T extends string>(values: readonly T[], name: string): t.KeyofC<Record<T, null>> {
  return t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<T, null>, name);
}

export const DifficultyCodec = keyOf(DIFFICULTY_LEVELS, 'DifficultyLevel');
export const LanguageCodec = keyOf(LANGUAGE_CODES, 'LanguageCode');
export const SourceIdCodec = keyOf(SOURCE_IDS, 'SourceId');
export const CategoryIdCodec = keyOf(CATEGORY_IDS, 'CategoryId');

/** Preview values take precedence over the top-level ones; every field is optional. */
export const ArticlePreviewCodec = t.partial(
  {
    source: t.string,
    date: t.string,
    word_count: t.number,
    estimated_reading_time: t.number,
    title: t.string,
    summary: t.string,
    difficulty_level: DifficultyCodec,
  },
  'ArticlePreview',
);
export type ArticlePreview = t.TypeOf<typeof ArticlePreviewCodec>;

export const ArticleListItemCodec = t.intersection(
  [
    t.type({
      article_id: t.string,
      title: t.string,
      /** Lowercase source code; unknown codes are shown raw. */
      source: t.string,
      /** ISO 8601 date-time. */
      date: t.string,
      word_count: t.number,
      categories: t.array(t.string),
      preview: ArticlePreviewCodec,
    }),
    t.partial({
      /** Search results only: the matching passage with <mark> around the hits, HTML-escaped otherwise. */
      snippet: t.string,
    }),
  ],
  'ArticleListItem',
);
export type ArticleListItem = t.TypeOf<typeof ArticleListItemCodec>;

export const ArticlePageCodec = t.intersection(
  [
    t.type({
      articles: t.array(ArticleListItemCodec),
      total: t.number,
      limit: t.number,
      offset: t.number,
    }),
    t.partial({
      /** Search only: more articles match than `total`, which is then the number counted, past this page (see docs/api.md). */
      total_capped: t.boolean,
      /** Latest only: pass as `cursor` for the page after this one (keyset paging); absent on the last page. */
      next_cursor: t.string,
    }),
  ],
  'ArticlePage',
);
export type ArticlePage = t.TypeOf<typeof ArticlePageCodec>;

export const MissingHelpCodec = keyOf(MISSING_HELP_KINDS, 'MissingHelp');

/** Parts of an article's reading help a language model wrote (server/ingest/explanations/). */
export const MACHINE_HELP_PARTS = ['summary', 'cultural_notes', 'hard_sentences'] as const;
export const MachineHelpPartCodec = keyOf(MACHINE_HELP_PARTS, 'MachineHelpPart');

/** Present when some help shown in the asked language is machine-written: by which model, and which parts. */
export const MachineWrittenCodec = t.type({ model: t.string, parts: t.array(MachineHelpPartCodec) }, 'MachineWritten');
export type MachineWritten = t.TypeOf<typeof MachineWrittenCodec>;

export const LearningMetadataCodec = t.partial(
  {
    estimated_reading_time: t.number,
    difficulty_level: DifficultyCodec,
    /** What this article does not have in the asked language yet (the page names it). */
    missing_in_language: t.array(MissingHelpCodec),
    machine_written: MachineWrittenCodec,
  },
  'LearningMetadata',
);

export const ArticleDetailCodec = t.intersection(
  [
    t.type({
      article_id: t.string,
      title: t.string,
      source: t.string,
      date: t.string,
      categories: t.array(t.string),
    }),
    t.partial({
      summary: t.string,
      word_count: t.number,
      /** The article's address at its source. */
      url: t.string,
      learning_metadata: LearningMetadataCodec,
      /** Body fields, taken in this priority order by the client. */
      html_content: t.union([t.string, t.null]),
      learning_content: t.union([t.string, t.null]),
      content_html: t.union([t.string, t.null]),
    }),
  ],
  'ArticleDetail',
);
export type ArticleDetail = t.TypeOf<typeof ArticleDetailCodec>;

export const ArticleResponseCodec = t.type({ article: ArticleDetailCodec }, 'ArticleResponse');
export type ArticleResponse = t.TypeOf<typeof ArticleResponseCodec>;

export const CategoryCodec = t.type({ id: t.string, name: t.string }, 'Category');
export const CategoriesResponseCodec = t.type({ categories: t.array(CategoryCodec) }, 'CategoriesResponse');
export type CategoriesResponse = t.TypeOf<typeof CategoriesResponseCodec>;

export const SourceCodec = t.type({ id: t.string, name: t.string, home_page: t.string }, 'Source');
export const SourcesResponseCodec = t.type({ sources: t.array(SourceCodec) }, 'SourcesResponse');
export type SourcesResponse = t.TypeOf<typeof SourcesResponseCodec>;

/** `degraded`: the server answers but its database file is missing or was replaced (503). */
export const HealthResponseCodec = t.intersection(
  [
    t.type({
      status: t.keyof({ ok: null, degraded: null, unavailable: null }),
      database: t.keyof({ reachable: null, unreachable: null }),
      article_count: t.union([t.number, t.null]),
    }),
    t.partial({
      problem: t.string,
      /**
       * While a schema upgrade fills what it changed after the server started (docs/server.md): the features not
       * served until then (they answer 503 with Retry-After) and the fill's progress in articles.
       */
      migration: t.type({
        state: t.literal('migrating'),
        unavailable: t.array(t.string),
        checked: t.number,
        total: t.union([t.number, t.null]),
      }),
      /** The passes over stored content the server runs after it starts (docs/server.md, "Content passes"). */
      content_passes: t.type({
        state: t.keyof({ pending: null, running: null, done: null, waiting: null, failed: null }),
        passes: t.array(
          t.type({
            name: t.string,
            state: t.keyof({ pending: null, running: null, done: null, failed: null }),
            checked: t.number,
            changed: t.number,
            total: t.union([t.number, t.null]),
          }),
        ),
      }),
    }),
  ],
  'HealthResponse',
);
export type HealthResponse = t.TypeOf<typeof HealthResponseCodec>;

/* The word look-up's codecs are in dictionary-contract.ts, shared the same way: kept apart so that
   only the article page's chunk carries them. */

/** Every error the API answers with (400, 404, 429, 500, 503). */
export const ApiErrorBodyCodec = t.type(
  {
    error: t.intersection([t.type({ code: t.string, message: t.string }), t.partial({ parameter: t.string, allowed: t.array(t.string) })]),
  },
  'ApiErrorBody',
);
export type ApiErrorBody = t.TypeOf<typeof ApiErrorBodyCodec>;

/** Query parameter bounds, enforced by the server and respected by the client. */
export const QUERY_LIMITS = {
  limitMin: 1,
  limitMax: 100,
  defaultLimit: 10,
  defaultOffset: 0,
  qMinLength: 1,
  qMaxLength: 200,
  /** Words searched at most: each one is a pass over the full-text index. */
  qMaxTerms: 8,
} as const;
