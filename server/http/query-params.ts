/**
 * Validation of every query parameter the API accepts. Each failure is an ApiError (400)
 * naming the parameter and the allowed values. An empty value (`category=`) counts as not
 * given; a parameter given twice is refused; parameters the API does not know are ignored
 * (cache busters and tracking tags must not break a request).
 */
import { QUERY_LIMITS } from '../../src/api/contract';
import {
  CATEGORY_IDS,
  DIFFICULTY_LEVELS,
  SOURCE_IDS,
  type CategoryId,
  type DifficultyLevel,
  type SourceId,
} from '../../src/domain/catalog';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '../../src/domain/languages';
import { searchWords } from '../store/fts-query';
import { ApiError } from './api-error';

export type RawQuery = Readonly<Record<string, unknown>>;

/** The largest offset SQLite and JavaScript agree on exactly. */
export const MAX_OFFSET = Number.MAX_SAFE_INTEGER;

function single(query: RawQuery, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) {
    throw new ApiError(400, 'invalid_parameter', `${name} was given ${value.length} times; give it once`, name);
  }
  if (typeof value !== 'string') {
    throw new ApiError(400, 'invalid_parameter', `${name} must be a single text value`, name);
  }
  return value === '' ? undefined : value;
}

export function oneOf<T extends string>(query: RawQuery, name: string, allowed: readonly T[]): T | undefined {
  const value = single(query, name);
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ApiError(
      400,
      'invalid_parameter',
      `${name} must be one of ${allowed.join(', ')}; got "${truncate(value)}"`,
      name,
      allowed,
    );
  }
  return value as T;
}

function integer(query: RawQuery, name: string, min: number, max: number, fallback: number): number {
  const value = single(query, name);
  if (value === undefined) return fallback;
  const fail = (): never => {
    throw new ApiError(
      400,
      'invalid_parameter',
      `${name} must be an integer from ${min} to ${max}; got "${truncate(value)}"`,
      name,
      [`${min}..${max}`],
    );
  };
  if (!/^\d{1,16}$/.test(value)) return fail();
  const number = Number(value);
  return number < min || number > max ? fail() : number;
}

function truncate(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}

export function languageParam(query: RawQuery): LanguageCode {
  return oneOf(query, 'language', LANGUAGE_CODES) ?? DEFAULT_LANGUAGE;
}

export interface PageParams {
  readonly language: LanguageCode;
  readonly limit: number;
  readonly offset: number;
}

function pageParams(query: RawQuery): PageParams {
  return {
    language: languageParam(query),
    limit: integer(query, 'limit', QUERY_LIMITS.limitMin, QUERY_LIMITS.limitMax, QUERY_LIMITS.defaultLimit),
    offset: integer(query, 'offset', 0, MAX_OFFSET, QUERY_LIMITS.defaultOffset),
  };
}

export interface LatestParams extends PageParams {
  readonly category?: CategoryId;
  readonly source?: SourceId;
  readonly difficulty?: DifficultyLevel;
}

export function latestParams(query: RawQuery): LatestParams {
  const category = oneOf(query, 'category', CATEGORY_IDS);
  const source = oneOf(query, 'source', SOURCE_IDS);
  const difficulty = oneOf(query, 'difficulty', DIFFICULTY_LEVELS);
  return {
    ...pageParams(query),
    ...(category ? { category } : {}),
    ...(source ? { source } : {}),
    ...(difficulty ? { difficulty } : {}),
  };
}

/** Search takes the same filters as latest, so a filtered search is answered over every article. */
export interface SearchParams extends LatestParams {
  readonly q: string;
}

export function searchParams(query: RawQuery): SearchParams {
  const raw = single(query, 'q');
  const q = (raw ?? '').trim();
  const { qMinLength, qMaxLength } = QUERY_LIMITS;
  if (q.length < qMinLength || [...q].length > qMaxLength) {
    throw new ApiError(
      400,
      'invalid_parameter',
      raw === undefined || q.length === 0
        ? `q is required: ${qMinLength} to ${qMaxLength} characters after trimming`
        : `q must be ${qMinLength} to ${qMaxLength} characters after trimming; got ${[...q].length}`,
      'q',
      [`${qMinLength}..${qMaxLength} characters`],
    );
  }
  // A NUL or other control character is never part of a search; it used to reach SQLite.
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(q)) {
    throw new ApiError(400, 'invalid_parameter', 'q must not contain control characters', 'q', [`${qMinLength}..${qMaxLength} characters`]);
  }
  const terms = searchWords(q).length;
  if (terms > QUERY_LIMITS.qMaxTerms) {
    throw new ApiError(
      400,
      'invalid_parameter',
      `q has ${terms} words; search at most ${QUERY_LIMITS.qMaxTerms} words at a time`,
      'q',
      [`at most ${QUERY_LIMITS.qMaxTerms} words`],
    );
  }
  return { ...latestParams(query), q };
}

/** Ids come from the path: bounded, no control characters. */
export function articleIdParam(raw: unknown): string {
  const id = typeof raw === 'string' ? raw : '';
  if (!id || id.length > 200 || /[\u0000-\u001f\u007f]/.test(id)) {
    throw new ApiError(400, 'invalid_parameter', 'id must be 1 to 200 printable characters', 'id');
  }
  return id;
}
