/** Every way an API call can fail, with the messages of the spec's error catalogue. */
import type * as t from 'io-ts';

export type ApiErrorKind = 'auth' | 'forbidden' | 'rate-limited' | 'http' | 'network' | 'timeout' | 'decode' | 'missing-id' | 'aborted';

/** Kinds the HTTP layer retries by itself (spec section 8: network or time-out errors). */
const RETRYABLE_KINDS: ReadonlySet<ApiErrorKind> = new Set(['network', 'timeout']);

export const ERROR_MESSAGES = {
  auth: 'Authentication failed at infrastructure level',
  forbidden: 'Access denied or usage limit exceeded',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  missingId: 'Article ID is required',
  decodePrefix: 'Unexpected response from the server: ',
  aborted: 'The request was cancelled',
} as const;

/** The error body our server sends (see ApiErrorBodyCodec), kept when a non-2xx answer carries one. */
export interface ServerErrorDetail {
  readonly code: string;
  readonly message: string;
  readonly parameter?: string;
  readonly allowed?: readonly string[];
}

export interface ApiErrorOptions {
  readonly status?: number;
  readonly cause?: unknown;
  readonly serverError?: ServerErrorDetail;
  /** For decode errors: every PathReporter line, even those left out of the message. */
  readonly details?: readonly string[];
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status?: number;
  /** True when the HTTP layer retries this kind of failure by itself. */
  readonly retryable: boolean;
  readonly serverError?: ServerErrorDetail;
  readonly details: readonly string[];

  constructor(kind: ApiErrorKind, message: string, options: ApiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.kind = kind;
    if (options.status !== undefined) this.status = options.status;
    if (options.serverError !== undefined) this.serverError = options.serverError;
    this.details = options.details ?? [];
    this.retryable = RETRYABLE_KINDS.has(kind);
  }
}

/** HTTP/2 answers carry no status text; these fill the gap so messages read the same everywhere. */
const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function httpStatusError(status: number, statusText: string, serverError?: ServerErrorDetail): ApiError {
  statusText = statusText.trim() || REASON_PHRASES[status] || '';
  const extra = serverError === undefined ? { status } : { status, serverError };
  switch (status) {
    case 401:
      return new ApiError('auth', ERROR_MESSAGES.auth, extra);
    case 403:
      return new ApiError('forbidden', ERROR_MESSAGES.forbidden, extra);
    case 429:
      return new ApiError('rate-limited', ERROR_MESSAGES.rateLimited, extra);
    default:
      return new ApiError('http', `Request failed: ${status} ${statusText}`.trimEnd(), extra);
  }
}

/**
 * How many PathReporter lines the message names. The list page shows the message to the
 * reader, and one wrong field in a 20-article answer would otherwise give 20 near-identical lines;
 * all of them stay on `details`.
 */
export const DECODE_MESSAGE_MAX_LINES = 3;

export function decodeError(reportLines: readonly string[], cause?: unknown): ApiError {
  const shown = reportLines.slice(0, DECODE_MESSAGE_MAX_LINES);
  const rest = reportLines.length - shown.length;
  const message = ERROR_MESSAGES.decodePrefix + shown.join('; ') + (rest > 0 ? `; (and ${rest} more)` : '');
  return new ApiError('decode', message, { details: reportLines, cause });
}

/**
 * One short line per failing path, e.g. `articles.0.title: expected string, got undefined`.
 * io-ts's PathReporter names every enclosing type in full, which for our intersections runs to
 * hundreds of characters; its lines stay available on `details`.
 */
export function describeValidationErrors(errors: t.Errors): string[] {
  return errors.map((error) => {
    if (error.message !== undefined) return error.message;
    const keys: string[] = [];
    error.context.forEach((entry, index) => {
      if (index === 0 || entry.key === '') return;
      const parentTag = (error.context[index - 1]?.type as { _tag?: string } | undefined)?._tag;
      // Intersection and union members are indexed too, but those indexes are not part of the data's path.
      if (parentTag === 'IntersectionType' || parentTag === 'UnionType') return;
      keys.push(entry.key);
    });
    const expected = error.context[error.context.length - 1]?.type.name ?? 'a value';
    const where = keys.length > 0 ? keys.join('.') : '(root)';
    return `${where}: expected ${expected}, got ${stringifyForReport(error.value)}`;
  });
}

function stringifyForReport(value: unknown): string {
  if (typeof value === 'function') return '<function>';
  if (value === undefined) return 'undefined';
  try {
    const text = JSON.stringify(value);
    return text.length > 80 ? `${text.slice(0, 77)}...` : text;
  } catch {
    return String(value);
  }
}

export function missingIdError(): ApiError {
  return new ApiError('missing-id', ERROR_MESSAGES.missingId);
}

export function abortedError(cause?: unknown): ApiError {
  return new ApiError('aborted', ERROR_MESSAGES.aborted, { cause });
}

/** True for our own 'aborted' errors and for the platform's AbortError (fetch, AbortSignal). */
export function isAbortError(e: unknown): boolean {
  if (e instanceof ApiError) return e.kind === 'aborted';
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError';
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
