// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import { fakeFetch, json, listItem, page, recordingSleep, type FetchStep } from './fake-fetch';

function client(...steps: FetchStep[]) {
  const fetch = fakeFetch(...steps);
  const { sleep, waits } = recordingSleep();
  return { api: createApiClient({ fetch, sleep }), fetch, waits };
}

const DETAIL = {
  article_id: 'bbc-vote',
  title: 'Council Vote Delayed',
  source: 'bbc',
  date: '2024-03-05T10:00:00Z',
  categories: ['politics'],
  learning_metadata: { difficulty_level: 'advanced' },
  html_content: '',
  learning_content: '<p>Body</p>',
};

describe('latest articles', () => {
  it('asks with the spec defaults: limit 10, offset 0', async () => {
    const { api, fetch } = client(json(page([])));
    await api.latestArticles({ language: 'zh' });
    expect(fetch.calls[0]?.url).toBe('/api/articles/latest?language=zh&limit=10&offset=0');
  });

  it('defaults the language to zh when a caller leaves it out', async () => {
    const { api, fetch } = client(json(page([])));
    await api.latestPage({} as never);
    expect(fetch.calls[0]?.url).toBe('/api/articles/latest?language=zh&limit=10&offset=0');
  });

  it('passes limit, offset and the optional filters, encoded', async () => {
    const { api, fetch } = client(json(page([])));
    await api.latestArticles({ language: 'es', limit: 20, offset: 40, category: 'health', source: 'npr', difficulty: 'beginner' });
    expect(fetch.calls[0]?.url).toBe('/api/articles/latest?language=es&limit=20&offset=40&category=health&source=npr&difficulty=beginner');
  });

  it('keeps limit and offset inside the server bounds', async () => {
    const { api, fetch } = client(json(page([])));
    await api.latestArticles({ language: 'en', limit: 5000, offset: -3 });
    await api.latestArticles({ language: 'en', limit: 0, offset: 2.7 });
    expect(fetch.calls.map((c) => c.url)).toEqual([
      '/api/articles/latest?language=en&limit=100&offset=0',
      '/api/articles/latest?language=en&limit=1&offset=2',
    ]);
  });

  it('turns the decoded page into cards, preview values first', async () => {
    const { api } = client(json(page([listItem({ preview: { title: 'Preview title', estimated_reading_time: 7 } })])));
    const [card] = await api.latestArticles({ language: 'zh', limit: 4 });
    expect(card).toMatchObject({ id: 'npr-2024-clinic', title: 'Preview title', readingTimeMinutes: 7, source: 'npr' });
  });

  it('latestPage returns the page with its total', async () => {
    const { api } = client(json(page([listItem()], { total: 57, limit: 1 })));
    const result = await api.latestPage({ language: 'zh', limit: 1 });
    expect(result.total).toBe(57);
    expect(result.articles).toHaveLength(1);
  });

  it('rejects with a decode error naming the field when an item has no title', async () => {
    const { api } = client(json(page([listItem({ title: undefined })])));
    const error = (await api.latestArticles({ language: 'zh' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('decode');
    expect(error.message).toContain('title');
  });
});

describe('one article', () => {
  it.each([undefined, '', '   '])('rejects %j with "Article ID is required" without asking the server', async (id) => {
    const { api, fetch } = client(json({ article: DETAIL }));
    const error = (await api.article(id, 'zh').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('missing-id');
    expect(error.message).toBe('Article ID is required');
    expect(fetch.calls).toHaveLength(0);
  });

  it('encodes the id into the path and sends the language', async () => {
    const { api, fetch } = client(json({ article: DETAIL }));
    await api.article('a/b c?d#e', 'es');
    expect(fetch.calls[0]?.url).toBe('/api/articles/a%2Fb%20c%3Fd%23e?language=es');
  });

  it('returns the normalised view: body priority and defaults', async () => {
    const { api } = client(json({ article: DETAIL }));
    const view = await api.article('bbc-vote', 'zh');
    expect(view).toMatchObject({ id: 'bbc-vote', body: '<p>Body</p>', readingTimeMinutes: 8, difficulty: 'advanced' });
  });

  it('maps a 404 to the catalogue message and keeps the server detail', async () => {
    const { api, fetch, waits } = client(json({ error: { code: 'not_found', message: 'No article with id x' } }, 404, 'Not Found'));
    const error = (await api.article('x', 'zh').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Request failed: 404 Not Found');
    expect(error.serverError?.code).toBe('not_found');
    expect(fetch.calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });
});

describe('the other calls', () => {
  it('asks for categories in a language, zh by default', async () => {
    const { api, fetch } = client(json({ categories: [{ id: 'health', name: '健康' }] }));
    await expect(api.categories('zh')).resolves.toEqual({ categories: [{ id: 'health', name: '健康' }] });
    await api.categories(undefined as never);
    expect(fetch.calls.map((c) => c.url)).toEqual(['/api/categories?language=zh', '/api/categories?language=zh']);
  });

  it('asks for sources and health without a query', async () => {
    const { api, fetch } = client(
      json({ sources: [{ id: 'npr', name: 'NPR', home_page: 'https://www.npr.org/' }] }),
      json({ status: 'ok', database: 'reachable', article_count: 12 }),
    );
    expect((await api.sources()).sources[0]?.id).toBe('npr');
    expect((await api.health()).article_count).toBe(12);
    expect(fetch.calls.map((c) => c.url)).toEqual(['/api/sources', '/api/health']);
  });

  it('searches with q, defaults and an optional category, returning cards with snippets', async () => {
    const { api, fetch } = client(json(page([listItem({ snippet: 'more <mark>nurses</mark>' })])));
    const cards = await api.search({ q: 'nurses & doctors', language: 'es', category: 'health' });
    expect(fetch.calls[0]?.url).toBe('/api/articles/search?q=nurses+%26+doctors&language=es&limit=10&offset=0&category=health');
    expect(cards[0]?.snippet).toBe('more <mark>nurses</mark>');
  });

  it('asks for a list page from latest without a search term, and from search with one, with every filter', async () => {
    const { api, fetch } = client(json({ ...page([listItem({})]), total: 57 }), json(page([listItem({ snippet: '<mark>bank</mark>' })])));
    const latest = await api.listPage({ language: 'zh', limit: 20, offset: 40, search: '  ', source: 'bbc' });
    expect(fetch.calls[0]?.url).toBe('/api/articles/latest?language=zh&limit=20&offset=40&source=bbc');
    expect(latest.total).toBe(57);
    expect(latest.cards).toHaveLength(1);
    const found = await api.listPage({
      language: 'es',
      limit: 20,
      offset: 0,
      search: ' bank ',
      category: 'business',
      difficulty: 'advanced',
    });
    expect(fetch.calls[1]?.url).toBe('/api/articles/search?q=bank&language=es&limit=20&offset=0&category=business&difficulty=advanced');
    expect(found.cards[0]?.snippet).toBe('<mark>bank</mark>');
  });

  it('asks for the latest page after a cursor (offset left out) and passes on the next cursor; a search ignores it', async () => {
    const { api, fetch } = client(json({ ...page([listItem({})]), total: 57, next_cursor: 'eyJwIjoxfQ' }), json(page([])));
    const latest = await api.listPage({ language: 'zh', limit: 20, offset: 0, cursor: 'eyJwIjowfQ', search: '', source: 'bbc' });
    expect(fetch.calls[0]?.url).toBe('/api/articles/latest?language=zh&limit=20&cursor=eyJwIjowfQ&source=bbc');
    expect(latest.nextCursor).toBe('eyJwIjoxfQ');
    const found = await api.listPage({ language: 'zh', limit: 20, offset: 20, cursor: 'eyJwIjowfQ', search: 'bank' });
    expect(fetch.calls[1]?.url).toBe('/api/articles/search?q=bank&language=zh&limit=20&offset=20');
    expect(found.nextCursor).toBeUndefined();
  });

  it('cuts a list search term to the 200 characters the server accepts', async () => {
    const { api, fetch } = client(json(page([])));
    await api.listPage({ language: 'en', limit: 20, offset: 0, search: '港'.repeat(250) });
    expect(new URL(fetch.calls[0]!.url, 'http://x').searchParams.get('q')).toBe('港'.repeat(200));
  });

  it('passes on that a search total is capped', async () => {
    const { api } = client(json({ ...page([]), total: 1000, total_capped: true }));
    const answer = await api.listPage({ language: 'en', limit: 20, offset: 0, search: 'city' });
    expect(answer).toMatchObject({ total: 1000, totalCapped: true });
  });

  it('cuts a list search to the words the server accepts and drops control characters', async () => {
    const { api, fetch } = client(json(page([])));
    await api.listPage({ language: 'en', limit: 20, offset: 0, search: 'the the the the the the the the the bank — loans\u0000!' });
    expect(new URL(fetch.calls[0]!.url, 'http://x').searchParams.get('q')).toBe('the the the the the the the the');
  });

  it('rejects a health answer with an unknown status as a decode error', async () => {
    // 'degraded' is a known status since issue 13 (a missing or replaced database file).
    const { api } = client(json({ status: 'sleeping', database: 'reachable', article_count: 1 }));
    const error = (await api.health().catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('decode');
    expect(error.message).toContain('status');
  });
});

describe('cancellation through the client', () => {
  it('passes the caller signal through and rejects with aborted', async () => {
    const { api, fetch, waits } = client({ kind: 'hang' });
    const controller = new AbortController();
    const pending = api.latestArticles({ language: 'zh' }, controller.signal).catch((e: unknown) => e);
    await Promise.resolve();
    controller.abort();
    const error = (await pending) as ApiError;
    expect(error.kind).toBe('aborted');
    expect(fetch.calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });
});
