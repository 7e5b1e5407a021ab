/**
 * GET of a binary answer (the frequency list's hash table, decision 46), beside http.ts's JSON
 * requests and in a file of its own so that only the coverage chunk carries it: the same time-out,
 * retries of network failures and time-outs, status errors (with the server's JSON error body) and
 * caller abort, and the body handed to `decode`, which checks it and throws on anything else.
 * Unlike requestJson it lets the HTTP cache answer without asking: the address names its content (the list by its check, the table by its format).
 */
import { ApiErrorBodyCodec } from '../../common/contract';
import { ApiError, abortedError, decodeError, httpStatusError, type ServerErrorDetail } from './errors';
import { buildUrl, type QueryValues, type RequestOptions } from './http';

async function attempt(url: string, options: RequestOptions): Promise<{ response: Response; body: ArrayBuffer }> {
  const controller = new AbortController();
  const onCallerAbort = (): void => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer = setTimeout(
    () => controller.abort(new ApiError('timeout', `Request timed out after ${options.timeoutMs} ms`)),
    options.timeoutMs,
  );
  try {
    const response = await options.fetch(url, {
      method: 'GET',
      headers: { Accept: 'application/octet-stream' },
      signal: controller.signal,
    });
    // The body is read inside the time-out too.
    return { response, body: await response.arrayBuffer() };
  } catch (error) {
    if (options.signal?.aborted) throw abortedError(options.signal.reason);
    if (controller.signal.aborted && controller.signal.reason instanceof ApiError) throw controller.signal.reason;
    const detail = error instanceof Error && error.message ? `: ${error.message}` : '';
    throw new ApiError('network', `Network error, the server could not be reached${detail}`, { cause: error });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

function serverErrorOf(body: ArrayBuffer): ServerErrorDetail | undefined {
  try {
    const decoded = ApiErrorBodyCodec.decode(JSON.parse(new TextDecoder().decode(body)));
    return decoded._tag === 'Right' ? decoded.right.error : undefined;
  } catch {
    return undefined;
  }
}

/** GET `baseUrl + path` with the query; its body through `decode` (a throw becomes a decode ApiError). */
export async function requestBinary<A>(
  path: string,
  query: QueryValues,
  decode: (body: ArrayBuffer) => A,
  options: RequestOptions,
): Promise<A> {
  const url = buildUrl(options.baseUrl, path, query);
  for (let retry = 0; ; retry += 1) {
    if (options.signal?.aborted) throw abortedError(options.signal.reason);
    let outcome: { response: Response; body: ArrayBuffer };
    try {
      outcome = await attempt(url, options);
    } catch (error) {
      if (!(error instanceof ApiError) || !error.retryable || retry >= options.maxRetries) throw error;
      await options.sleep(options.retryDelayMs * (retry + 1), options.signal);
      continue;
    }
    const { response, body } = outcome;
    if (!response.ok) throw httpStatusError(response.status, response.statusText, serverErrorOf(body));
    try {
      return decode(body);
    } catch (cause) {
      throw decodeError([cause instanceof Error ? cause.message : String(cause)], cause);
    }
  }
}
