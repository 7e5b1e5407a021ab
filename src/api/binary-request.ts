/**
 * GET of a binary answer (the frequency list's hash table, decision 46) through http.ts's request loop (its time-out,
 * retries, status errors with the server's JSON error body, caller abort), in a file of its own so that only the
 * coverage chunk carries it; the body is handed to `decode`, which checks it and throws on anything else.
 * Unlike requestJson it lets the HTTP cache answer without asking: the address names its content (the list by its
 * check, the table by its format).
 */
import { decodeError } from './errors';
import { requestBody, type BodyReading, type QueryValues, type RequestOptions } from './http';

const BINARY_READING: BodyReading<ArrayBuffer> = {
  headers: { Accept: 'application/octet-stream' },
  cache: 'default',
  read: (response) => response.arrayBuffer(),
  textOf: (body) => new TextDecoder().decode(body),
};

/** GET `baseUrl + path` with the query; its body through `decode` (a throw becomes a decode ApiError). */
export async function requestBinary<A>(
  path: string,
  query: QueryValues,
  decode: (body: ArrayBuffer) => A,
  options: RequestOptions,
): Promise<A> {
  const body = await requestBody(path, query, BINARY_READING, options);
  try {
    return decode(body);
  } catch (cause) {
    throw decodeError([cause instanceof Error ? cause.message : String(cause)], cause);
  }
}
