/**
 * The one place the web app talks HTTP: GET under /api, JSON both ways, a per-attempt time-out,
 * retries for network failures and time-outs (spec section 8), and io-ts decoding of every body.
 * See docs/api-client.md.
 */
import { fold } from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import type * as t from 'io-ts';
import { PathReporter } from 'io-ts/PathReporter';
import { ApiErrorBodyCodec } from '../../common/contract';
import { ApiError, abortedError, decodeError, describeValidationErrors, httpStatusError, type ServerErrorDetail } from './errors';

export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;
/** Waits `ms`; rejects early if `signal` aborts. Injected so tests need no real waiting. */
export type SleepFunction = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RequestOptions {
  fetch: FetchFunction;
  sleep: SleepFunction;
  /** Prefix of every path; the spec puts all calls under /api. */
  baseUrl: string;
  /** Time-out of one attempt, covering the request and reading the body. */
  timeoutMs: number;
  /** Retries after the first attempt, for network errors and time-outs only. */
  maxRetries: number;
  /** The wait before retry n is retryDelayMs × n. */
  retryDelayMs: number;
  /** The caller's cancellation (e.g. an XState actor being stopped). Never retried. */
  signal?: AbortSignal;
}

export type QueryValues = Readonly<Record<string, string | number | undefined>>;

export const API_BASE_URL = '/api';
/**
 * The spec names no time-out. 10 s lets a 20-article answer arrive over a slow mobile link or a
 * congested cross-border route (many readers are in China), while the worst case with retries,
 * 4 × 10 s + 1 + 2 + 3 s = 46 s, still ends in a visible error instead of a spinner forever.
 */
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_RETRIES = 3;
export const DEFAULT_RETRY_DELAY_MS = 1_000;

export const realSleep: SleepFunction = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortedError(signal.reason));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortedError(signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Looked up at call time, and called unbound-safe: browsers throw "Illegal invocation" for a detached fetch. */
const globalFetch: FetchFunction = (input, init) => globalThis.fetch(input, init);

export function defaultRequestOptions(): RequestOptions {
  return {
    fetch: globalFetch,
    sleep: realSleep,
    baseUrl: API_BASE_URL,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    maxRetries: DEFAULT_MAX_RETRIES,
    retryDelayMs: DEFAULT_RETRY_DELAY_MS,
  };
}

/** Builds `base + path + ?query`, leaving out undefined and empty values. */
export function buildUrl(baseUrl: string, path: string, query: QueryValues): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const text = String(value);
    if (text === '') continue;
    params.append(key, text);
  }
  const search = params.toString();
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  const rel = path.startsWith('/') ? path : `/${path}`;
  return `${base}${rel}${search === '' ? '' : `?${search}`}`;
}

class AttemptTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`Request timed out after ${timeoutMs} ms`);
    this.name = 'AttemptTimeout';
  }
}

function readServerError(bodyText: string): ServerErrorDetail | undefined {
  try {
    const parsed: unknown = JSON.parse(bodyText);
    const decoded = ApiErrorBodyCodec.decode(parsed);
    return decoded._tag === 'Right' ? decoded.right.error : undefined;
  } catch {
    return undefined;
  }
}

/** How one kind of answer is asked for and read: JSON (requestJson) or bytes (binary-request.ts). */
export interface BodyReading<B> {
  readonly headers: Readonly<Record<string, string>>;
  /**
   * JSON answers ask the server every time ('no-cache': a 304 when the ETag still matches), since they allow a CDN to
   * serve stale copies for a while (server/http/cache-policy.ts), which the browser must not do to itself; an
   * answer whose address names its content lets the HTTP cache answer ('default').
   */
  readonly cache: RequestCache;
  readonly read: (response: Response) => Promise<B>;
  /** The body as text, for the server's JSON error body of a failed status. */
  readonly textOf: (body: B) => string;
}

const JSON_READING: BodyReading<string> = {
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  cache: 'no-cache',
  read: (response) => response.text(),
  textOf: (body) => body,
};

/**
 * One attempt: fetch and read the body, racing an abort that fires on the time-out or on the
 * caller's signal. The race makes the time-out hold even for a fetch that ignores its signal.
 */
async function attempt<B>(url: string, options: RequestOptions, reading: BodyReading<B>): Promise<{ response: Response; body: B }> {
  const controller = new AbortController();
  const callerSignal = options.signal;
  const onCallerAbort = (): void => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer = setTimeout(() => controller.abort(new AttemptTimeout(options.timeoutMs)), options.timeoutMs);
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  // The losing side of the race must not surface as an unhandled rejection.
  aborted.catch(() => undefined);
  try {
    const work = (async () => {
      const response = await options.fetch(url, {
        method: 'GET',
        headers: { ...reading.headers },
        cache: reading.cache,
        signal: controller.signal,
      });
      return { response, body: await reading.read(response) };
    })();
    work.catch(() => undefined);
    return await Promise.race([work, aborted]);
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}

function classifyAttemptFailure(error: unknown, options: RequestOptions): ApiError {
  if (options.signal?.aborted) return abortedError(options.signal.reason);
  if (error instanceof AttemptTimeout) return new ApiError('timeout', error.message, { cause: error });
  if (error instanceof ApiError) return error;
  const detail = error instanceof Error && error.message ? `: ${error.message}` : '';
  return new ApiError('network', `Network error, the server could not be reached${detail}`, { cause: error });
}

function decodeBody<A>(bodyText: string, codec: t.Type<A, unknown, unknown>): A {
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch (cause) {
    throw decodeError(['the body is not JSON'], cause);
  }
  const result = codec.decode(json);
  return pipe(
    result,
    fold(
      (errors): A => {
        const error = decodeError(describeValidationErrors(errors));
        // Keep io-ts's own report too, for whoever reads the error in a debugger or a log.
        Object.defineProperty(error, 'pathReport', { value: PathReporter.report(result), enumerable: false });
        throw error;
      },
      (value) => value,
    ),
  );
}

/**
 * GET `baseUrl + path` with the query and read the body as `reading` says.
 * Rejects with an ApiError: statuses map to the catalogue and are not retried; network errors
 * and time-outs are retried `maxRetries` times with growing waits; a caller abort rejects with
 * kind 'aborted' at once.
 */
export async function requestBody<B>(path: string, query: QueryValues, reading: BodyReading<B>, options: RequestOptions): Promise<B> {
  const url = buildUrl(options.baseUrl, path, query);
  for (let retry = 0; ; retry += 1) {
    if (options.signal?.aborted) throw abortedError(options.signal.reason);
    let outcome: { response: Response; body: B };
    try {
      outcome = await attempt(url, options, reading);
    } catch (raw) {
      const error = classifyAttemptFailure(raw, options);
      if (!error.retryable || retry >= options.maxRetries) throw error;
      try {
        await options.sleep(options.retryDelayMs * (retry + 1), options.signal);
      } catch (sleepError) {
        throw options.signal?.aborted ? abortedError(options.signal.reason) : sleepError;
      }
      continue;
    }
    const { response, body } = outcome;
    if (!response.ok) throw httpStatusError(response.status, response.statusText, readServerError(reading.textOf(body)));
    return body;
  }
}

/** GET `baseUrl + path` with the query, decode the JSON body with `codec` (requestBody's errors, and decode errors). */
export async function requestJson<A>(
  path: string,
  query: QueryValues,
  codec: t.Type<A, unknown, unknown>,
  options: RequestOptions,
): Promise<A> {
  return decodeBody(await requestBody(path, query, JSON_READING, options), codec);
}
