// @vitest-environment node
import * as t from 'io-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArticlePageCodec } from '../../../common/contract';
import { ApiError, isAbortError } from '../../../src/api/errors';
import { buildUrl, defaultRequestOptions, requestJson, type RequestOptions } from '../../../src/api/http';
import { fakeFetch, json, listItem, page, recordingSleep, type FetchStep } from './fake-fetch';

const Ping = t.type({ ok: t.boolean });

function options(steps: FetchStep[], extra: Partial<RequestOptions> = {}) {
  const fetch = fakeFetch(...steps);
  const { sleep, waits } = recordingSleep();
  const opts: RequestOptions = { ...defaultRequestOptions(), fetch, sleep, ...extra };
  return { fetch, waits, opts };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('requestJson: the error catalogue', () => {
  it.each([
    [401, 'Unauthorized', 'auth', 'Authentication failed at infrastructure level'],
    [403, 'Forbidden', 'forbidden', 'Access denied or usage limit exceeded'],
    [429, 'Too Many Requests', 'rate-limited', 'Too many requests. Please wait a moment and try again.'],
    [500, 'Internal Server Error', 'http', 'Request failed: 500 Internal Server Error'],
    [404, 'Not Found', 'http', 'Request failed: 404 Not Found'],
    [503, 'Service Unavailable', 'http', 'Request failed: 503 Service Unavailable'],
  ])('HTTP %i fails once, unretried, with kind %s', async (status, statusText, kind, message) => {
    const { fetch, waits, opts } = options([json({ error: { code: 'x', message: 'y' } }, status, statusText)]);
    const error = await failure(requestJson('/ping', {}, Ping, opts));
    expect(error.kind).toBe(kind);
    expect(error.message).toBe(message);
    expect(error.status).toBe(status);
    expect(error.retryable).toBe(false);
    expect(fetch.calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('keeps the server error body when there is one, and fills a missing status text', async () => {
    const body = { error: { code: 'invalid_parameter', message: 'limit must be 1 to 100', parameter: 'limit' } };
    const { opts } = options([{ kind: 'json', body, status: 400, statusText: '' }]);
    const error = await failure(requestJson('/ping', {}, Ping, opts));
    expect(error.message).toBe('Request failed: 400 Bad Request');
    expect(error.serverError).toEqual(body.error);
  });
});

describe('requestJson: retries', () => {
  it('retries network errors 3 times, waiting 1000, 2000 and 3000 ms, then throws', async () => {
    const { fetch, waits, opts } = options([{ kind: 'network-error', message: 'connect ECONNREFUSED' }]);
    const error = await failure(requestJson('/ping', {}, Ping, opts));
    expect(fetch.calls).toHaveLength(4);
    expect(waits).toEqual([1000, 2000, 3000]);
    expect(error.kind).toBe('network');
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('succeeds when a retry gets through', async () => {
    const { fetch, waits, opts } = options([{ kind: 'network-error' }, { kind: 'network-error' }, json({ ok: true })]);
    await expect(requestJson('/ping', {}, Ping, opts)).resolves.toEqual({ ok: true });
    expect(fetch.calls).toHaveLength(3);
    expect(waits).toEqual([1000, 2000]);
  });

  it('does not retry after a network error turns into an HTTP error', async () => {
    const { fetch, waits, opts } = options([{ kind: 'network-error' }, json({}, 429, 'Too Many Requests'), json({ ok: true })]);
    const error = await failure(requestJson('/ping', {}, Ping, opts));
    expect(error.kind).toBe('rate-limited');
    expect(fetch.calls).toHaveLength(2);
    expect(waits).toEqual([1000]);
  });

  it('times out a stalled attempt and retries it', async () => {
    const { fetch, waits, opts } = options([{ kind: 'hang' }, { kind: 'hang' }, json({ ok: true })], { timeoutMs: 20 });
    await expect(requestJson('/ping', {}, Ping, opts)).resolves.toEqual({ ok: true });
    expect(fetch.calls).toHaveLength(3);
    expect(waits).toEqual([1000, 2000]);
    expect(fetch.calls[0]?.init.signal?.aborted).toBe(true);
  });

  it('gives up with a timeout error after four stalled attempts', async () => {
    const { fetch, waits, opts } = options([{ kind: 'hang' }], { timeoutMs: 10 });
    const error = await failure(requestJson('/ping', {}, Ping, opts));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('Request timed out after 10 ms');
    expect(fetch.calls).toHaveLength(4);
    expect(waits).toEqual([1000, 2000, 3000]);
  });

  it('uses a 10 second time-out and real waits by default', async () => {
    vi.useFakeTimers();
    const fetch = fakeFetch({ kind: 'hang' }, json({ ok: true }));
    const result = requestJson('/ping', {}, Ping, { ...defaultRequestOptions(), fetch });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    // Timed out; the first retry waits 1000 ms before asking again.
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch.calls).toHaveLength(2);
    await expect(result).resolves.toEqual({ ok: true });
  });
});

describe('requestJson: caller aborts', () => {
  it('rejects with aborted and does not retry when the caller aborts a pending request', async () => {
    const controller = new AbortController();
    const { fetch, waits, opts } = options([{ kind: 'hang' }], { signal: controller.signal });
    const pending = requestJson('/ping', {}, Ping, opts);
    await Promise.resolve();
    controller.abort();
    const error = await failure(pending);
    expect(error.kind).toBe('aborted');
    expect(isAbortError(error)).toBe(true);
    expect(fetch.calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('does not even ask when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const { fetch, opts } = options([json({ ok: true })], { signal: controller.signal });
    expect((await failure(requestJson('/ping', {}, Ping, opts))).kind).toBe('aborted');
    expect(fetch.calls).toHaveLength(0);
  });

  it('stops waiting between retries when the caller aborts', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const fetch = fakeFetch({ kind: 'network-error' });
    const pending = requestJson('/ping', {}, Ping, { ...defaultRequestOptions(), fetch, signal: controller.signal });
    const settled = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    const error = (await settled) as ApiError;
    expect(error.kind).toBe('aborted');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch.calls).toHaveLength(1);
  });

  it('recognises platform abort errors too', () => {
    expect(isAbortError(new DOMException('x', 'AbortError'))).toBe(true);
    expect(isAbortError(new ApiError('network', 'x'))).toBe(false);
    expect(isAbortError(new Error('x'))).toBe(false);
    expect(isAbortError(undefined)).toBe(false);
  });
});

describe('requestJson: decoding', () => {
  it('names the failing path when a list item misses its title', async () => {
    const { fetch, opts } = options([json(page([listItem(), listItem({ title: undefined })]))]);
    const error = await failure(requestJson('/articles/latest', {}, ArticlePageCodec, opts));
    expect(error.kind).toBe('decode');
    expect(error.message.startsWith('Unexpected response from the server: ')).toBe(true);
    expect(error.message).toContain('articles.1.title: expected string, got undefined');
    expect(error.retryable).toBe(false);
    expect(fetch.calls).toHaveLength(1);
  });

  it('names wrong types and unknown enum values', async () => {
    const { opts } = options([json(page([listItem({ word_count: 'many', preview: { difficulty_level: 'expert' } })]))]);
    const error = await failure(requestJson('/articles/latest', {}, ArticlePageCodec, opts));
    expect(error.message).toContain('articles.0.word_count: expected number, got "many"');
    expect(error.message).toContain('articles.0.preview.difficulty_level');
    expect(error.details).toHaveLength(2);
  });

  it('keeps the message short when many items are wrong, with every line on details', async () => {
    const broken = Array.from({ length: 6 }, () => listItem({ title: 7 }));
    const { opts } = options([json(page(broken))]);
    const error = await failure(requestJson('/articles/latest', {}, ArticlePageCodec, opts));
    expect(error.details).toHaveLength(6);
    expect(error.message).toContain('(and 3 more)');
  });

  it('reports a body that is not JSON as a decode error', async () => {
    const { opts } = options([{ kind: 'text', body: '<html>proxy error page</html>' }]);
    const error = await failure(requestJson('/ping', {}, Ping, opts));
    expect(error.kind).toBe('decode');
    expect(error.message).toBe('Unexpected response from the server: the body is not JSON');
  });
});

describe('requestJson: the request itself', () => {
  it('sends a JSON GET under /api with the query, leaving out empty values', async () => {
    const { fetch, opts } = options([json({ ok: true })]);
    await requestJson('/articles/latest', { language: 'zh', limit: 4, category: undefined, source: '' }, Ping, opts);
    expect(fetch.calls[0]?.url).toBe('/api/articles/latest?language=zh&limit=4');
    expect(fetch.calls[0]?.init.method).toBe('GET');
    expect(fetch.calls[0]?.init.headers).toEqual({ 'Content-Type': 'application/json', Accept: 'application/json' });
  });

  it('builds URLs with another base and encodes query values', () => {
    expect(buildUrl('http://localhost:3000/api/', 'health', {})).toBe('http://localhost:3000/api/health');
    expect(buildUrl('/api', '/articles/search', { q: 'café & tea?', limit: 0 })).toBe(
      '/api/articles/search?q=caf%C3%A9+%26+tea%3F&limit=0',
    );
  });
});
