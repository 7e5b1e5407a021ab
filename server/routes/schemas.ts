/**
 * The JSON Schemas every /api route declares: its path parameters and query (Fastify validates
 * them with ajv before the handler runs; http/parameter-errors.ts turns a failure into the API's
 * 400) and its answers (fast-json-stringify serialises with them; they are derived from the io-ts
 * codecs the web app decodes with, common/contract.ts).
 *
 * Fastify's ajv coerces query text to the declared type, and leniently (" 5", "0x10" and "1e1" are
 * numbers to it), so an integer parameter is first a string of digits and only then an integer in
 * range. An empty value (`category=`) counts as not given: routes/api-routes.ts drops it before
 * validation, so the default applies. Parameters the API does not know are ignored.
 */
import {
  ApiErrorBodyCodec,
  ArticlePageCodec,
  ArticleResponseCodec,
  CategoriesResponseCodec,
  HealthResponseCodec,
  QUERY_LIMITS,
  SourcesResponseCodec,
} from '../../common/contract';
import { DictionaryWithPhraseCodec } from '../../common/dictionary-contract';
import { CATEGORY_IDS, DIFFICULTY_LEVELS, SOURCE_IDS, type CategoryId } from '../../common/catalog';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from '../../common/languages';
import {
  DICTIONARY_LANGUAGES,
  LETTER,
  MARKUP_OR_CONTROL,
  MAX_CONTEXT_SENTENCE_LENGTH,
  MAX_LOOKUP_WORD_LENGTH,
  type DictionaryLanguage,
} from '../../common/dictionary';
import { jsonSchemaOf, type JsonSchema } from '../http/codec-schema';
import { LemmaInventoriesCodec, LevelWordsCodec, MAX_INVENTORY_IDS } from '../../common/lemma-contract';
import { PLACEMENT_LEVELS, type PlacementLevel } from '../../common/placement-levels';
import { MAX_CURSOR_LENGTH } from '../answers/list-cursor';

/** The largest offset SQLite and JavaScript agree on exactly. */
export const MAX_OFFSET = Number.MAX_SAFE_INTEGER;

/** Control characters other than tab, line feed and carriage return (a NUL used to reach SQLite). */
const CONTROL_CHARACTERS = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f';

function oneOf(values: readonly string[], fallback?: string): JsonSchema {
  return { type: 'string', enum: [...values], ...(fallback !== undefined ? { default: fallback } : {}) };
}

function integer(minimum: number, maximum: number, fallback: number): JsonSchema {
  return {
    default: fallback,
    allOf: [
      { type: 'string', pattern: '^[0-9]{1,16}$' },
      { type: 'integer', minimum, maximum },
    ],
  };
}

function object(properties: Record<string, JsonSchema>, required: readonly string[] = []): JsonSchema {
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

const FILTERS = { category: oneOf(CATEGORY_IDS), source: oneOf(SOURCE_IDS), difficulty: oneOf(DIFFICULTY_LEVELS) };
const LANGUAGE = { language: oneOf(LANGUAGE_CODES, DEFAULT_LANGUAGE) };
const PAGE = {
  ...LANGUAGE,
  limit: integer(QUERY_LIMITS.limitMin, QUERY_LIMITS.limitMax, QUERY_LIMITS.defaultLimit),
  offset: integer(0, MAX_OFFSET, QUERY_LIMITS.defaultOffset),
};

/** Trimmed before validation (api-routes.ts); the word limit (QUERY_LIMITS.qMaxTerms) needs the search tokenizer, so the handler checks it. */
export const SEARCH_TEXT: JsonSchema = {
  type: 'string',
  minLength: QUERY_LIMITS.qMinLength,
  maxLength: QUERY_LIMITS.qMaxLength,
  pattern: `^[^${CONTROL_CHARACTERS}]*$`,
};

/** NFC-normalised and trimmed before validation (dictionary-routes.ts); the rules of wordProblem in common/dictionary.ts. */
export const WORD: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_LOOKUP_WORD_LENGTH,
  not: { pattern: MARKUP_OR_CONTROL.source },
  pattern: LETTER.source,
};

const ARTICLE_ID: JsonSchema = { type: 'string', minLength: 1, maxLength: 200, pattern: '^[^\\u0000-\\u001f\\u007f]*$' };

export type { LanguageQuery, LatestQuery, SearchQuery } from '../answers/answer-queries';
export interface ArticleParams {
  readonly id: string;
}
export interface LevelHashesQuery {
  readonly v: string;
  readonly f: string;
}
export interface LevelQuery {
  readonly level: PlacementLevel;
}
export interface LemmasQuery {
  readonly ids: string;
}
export interface WordParams {
  readonly word: string;
}
export interface DictionaryQuery {
  readonly language: DictionaryLanguage;
  /** The phrase the word stands in, in the article's text (give up for gave): its entry comes first. */
  readonly phrase?: string;
  /** The sentence the word stands in: each part of speech shows the sense it means there. */
  readonly sentence?: string;
  /** The article's category: its words weigh in the choice of sense. */
  readonly category?: CategoryId;
}

/** The sentence around a tapped word (src/views/detail/word-sentence.ts): no angle brackets or control characters. */
export const SENTENCE: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_CONTEXT_SENTENCE_LENGTH,
  pattern: `^[^<>${CONTROL_CHARACTERS}]*$`,
};

const ERROR = jsonSchemaOf(ApiErrorBodyCodec);
/** Every route's errors: 400 and 404 (invalid_parameter, not_found), 429, 503 and 500, one shape. */
const ERRORS = { '4xx': ERROR, '5xx': ERROR };
const ARTICLE_PAGE = jsonSchemaOf(ArticlePageCodec);
const HEALTH = jsonSchemaOf(HealthResponseCodec);

/** Query properties in the order their errors are reported (ajv stops at the first). */
export const ROUTE_SCHEMAS = {
  latest: {
    querystring: object({ ...FILTERS, ...PAGE, cursor: { type: 'string', minLength: 1, maxLength: MAX_CURSOR_LENGTH } }),
    response: { 200: ARTICLE_PAGE, ...ERRORS },
  },
  search: { querystring: object({ q: SEARCH_TEXT, ...FILTERS, ...PAGE }, ['q']), response: { 200: ARTICLE_PAGE, ...ERRORS } },
  article: {
    params: object({ id: ARTICLE_ID }, ['id']),
    querystring: object(LANGUAGE),
    response: { 200: jsonSchemaOf(ArticleResponseCodec), ...ERRORS },
  },
  categories: { querystring: object(LANGUAGE), response: { 200: jsonSchemaOf(CategoriesResponseCodec), ...ERRORS } },
  sources: { response: { 200: jsonSchemaOf(SourcesResponseCodec), ...ERRORS } },
  health: { response: { 200: HEALTH, 503: HEALTH, ...ERRORS } },
  articleLemmas: {
    params: object({ id: ARTICLE_ID }, ['id']),
    response: { 200: jsonSchemaOf(LemmaInventoriesCodec), ...ERRORS },
  },
  lemmas: {
    // Comma-separated article ids (1 to MAX_INVENTORY_IDS), checked one by one in the route.
    querystring: object({ ids: { type: 'string', minLength: 1, maxLength: (200 + 1) * MAX_INVENTORY_IDS } }, ['ids']),
    response: { 200: jsonSchemaOf(LemmaInventoriesCodec), ...ERRORS },
  },
  levelWords: {
    querystring: object({ level: { type: 'string', enum: [...PLACEMENT_LEVELS] }, v: { type: 'string', maxLength: 20 } }, ['level']),
    response: { 200: jsonSchemaOf(LevelWordsCodec), ...ERRORS },
  },
  levelWordHashes: {
    // The check of the cards' frequency list (listCheck: length and hash, base 36).
    // With the table's format (RANK_HASHES_FORMAT), which the address must name as the table is kept for good.
    querystring: object(
      { v: { type: 'string', pattern: '^[0-9a-z]{1,7}-[0-9a-z]{1,7}$' }, f: { type: 'string', pattern: '^[0-9]{1,3}$' } },
      ['v', 'f'],
    ),
    // Bytes (common/rank-hashes.ts), sent as a Buffer: Fastify serialises no Buffer with a schema.
    response: { 200: { type: 'string', description: 'application/octet-stream: the rank hash table' }, ...ERRORS },
  },
  dictionary: {
    params: object({ word: WORD }, ['word']),
    querystring: object({ language: oneOf(DICTIONARY_LANGUAGES, 'en'), phrase: WORD, sentence: SENTENCE, category: oneOf(CATEGORY_IDS) }),
    response: { 200: jsonSchemaOf(DictionaryWithPhraseCodec), ...ERRORS },
  },
} as const;
