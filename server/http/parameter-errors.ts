/**
 * Fastify's schema validation errors (ajv, routes/schemas.ts) as the API's 400:
 * { error: { code: "invalid_parameter", message, parameter, allowed? } }. The message names the
 * parameter, what it allows (read from the route's own schema) and what was sent, echoed from the
 * request as it came (ajv may already have coerced the value it refused).
 */
import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { QUERY_LIMITS } from '../../common/contract';
import { MAX_LOOKUP_WORD_LENGTH, wordProblem } from '../../common/dictionary';
import { ApiError } from './api-error';
import type { JsonSchema } from './codec-schema';

export interface ValidationFailure {
  readonly validation: readonly FastifySchemaValidationError[];
  readonly validationContext?: string;
}

export function isValidationFailure(error: unknown): error is ValidationFailure {
  return typeof error === 'object' && error !== null && Array.isArray((error as { validation?: unknown }).validation);
}

function truncate(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}

const SEARCH_TEXT_ALLOWED = [`${QUERY_LIMITS.qMinLength}..${QUERY_LIMITS.qMaxLength} characters`];

export function searchTextError(message: string): ApiError {
  return new ApiError(400, 'invalid_parameter', message, 'q', SEARCH_TEXT_ALLOWED);
}

/** Words the dictionary cannot have: the same reasons, in the same order, as wordProblem (common/dictionary.ts). */
const WORD_MESSAGES = {
  empty: 'word is required: the path is /api/dictionary/{word}',
  too_long: `word must be at most ${MAX_LOOKUP_WORD_LENGTH} characters`,
  no_letters: 'word must contain at least one letter',
  markup: 'word must not contain markup (< > & " `) or control characters',
} as const;

/** Parameters whose rules need more words than "one of" or "an integer from … to …". */
const SPECIAL: Readonly<Record<string, (value: string | undefined) => ApiError | undefined>> = {
  q(value) {
    const q = (value ?? '').trim();
    const { qMinLength, qMaxLength } = QUERY_LIMITS;
    if (q.length < qMinLength) return searchTextError(`q is required: ${qMinLength} to ${qMaxLength} characters after trimming`);
    const length = [...q].length;
    if (length > qMaxLength) return searchTextError(`q must be ${qMinLength} to ${qMaxLength} characters after trimming; got ${length}`);
    return searchTextError('q must not contain control characters');
  },
  id: () => new ApiError(400, 'invalid_parameter', 'id must be 1 to 200 printable characters', 'id'),
  word(value) {
    const problem = wordProblem(value ?? '');
    return problem === undefined ? undefined : new ApiError(400, 'invalid_parameter', WORD_MESSAGES[problem], 'word');
  },
};

function integerBounds(schema: JsonSchema): { minimum: number; maximum: number } | undefined {
  const parts = [schema, ...((schema.allOf as JsonSchema[] | undefined) ?? [])];
  const range = parts.find((part) => part.type === 'integer');
  return range ? { minimum: Number(range.minimum), maximum: Number(range.maximum) } : undefined;
}

/** Query text decoded as Fastify's parser does: `+` is a space, and bad percent-encoding is kept as sent. */
function decoded(text: string): string {
  const spaced = text.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** Every value the query string gave `name`, before ajv coerced any of them. */
function sentQueryValues(url: string, name: string): string[] {
  const start = url.indexOf('?');
  if (start === -1) return [];
  const values: string[] = [];
  for (const pair of url.slice(start + 1).split('&')) {
    const equals = pair.indexOf('=');
    if (decoded(equals === -1 ? pair : pair.slice(0, equals)) === name) values.push(equals === -1 ? '' : decoded(pair.slice(equals + 1)));
  }
  return values;
}

export function parameterError(failure: ValidationFailure, request: FastifyRequest): ApiError {
  const first = failure.validation[0];
  const name =
    first?.keyword === 'required'
      ? String((first.params as { missingProperty?: unknown }).missingProperty)
      : (first?.instancePath.split('/')[1] ?? '');
  const where = failure.validationContext === 'params' ? 'params' : 'querystring';
  const sent = where === 'params' ? [String((request.params as Record<string, unknown>)[name] ?? '')] : sentQueryValues(request.url, name);
  if (sent.length > 1) {
    return new ApiError(400, 'invalid_parameter', `${name} was given ${sent.length} times; give it once`, name);
  }
  const value = sent[0];
  const special = SPECIAL[name]?.(value);
  if (special) return special;

  const routeSchema = request.routeOptions.schema as Record<string, JsonSchema | undefined> | undefined;
  const schema = routeSchema?.[where]?.properties?.[name] ?? {};
  const got = `got "${truncate(value ?? '')}"`;
  if (schema.enum) {
    const allowed = schema.enum.map(String);
    return new ApiError(400, 'invalid_parameter', `${name} must be one of ${allowed.join(', ')}; ${got}`, name, allowed);
  }
  const bounds = integerBounds(schema);
  if (bounds) {
    const { minimum, maximum } = bounds;
    return new ApiError(400, 'invalid_parameter', `${name} must be an integer from ${minimum} to ${maximum}; ${got}`, name, [
      `${minimum}..${maximum}`,
    ]);
  }
  return new ApiError(400, 'invalid_parameter', `${name} ${first?.message ?? 'is not valid'}`, name);
}
