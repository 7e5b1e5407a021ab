// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestContext } from './fixtures';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestServer();
});
afterAll(async () => {
  await ctx.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, headers });
}

interface ListBody {
  articles: {
    article_id: string;
    title: string;
    source: string;
    date: string;
    word_count: number;
    categories: string[];
    snippet?: string;
    preview: Record<string, unknown>;
  }[];
  total: number;
  limit: number;
  offset: number;
  next_cursor?: string;
}

function ids(body: ListBody): string[] {
  return body.articles.map((a) => a.article_id);
}

describe('GET /api/articles/latest', () => {
  it('returns the newest articles first with the default page of 10', async () => {
    const res = await get('/api/articles/latest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json<ListBody>();
    expect(body).toMatchObject({ total: 6, limit: 10, offset: 0 });
    expect(ids(body)).toEqual([
      'f-telescope-title',
      'f-budget-vote',
      'f-telescope-summary',
      'f-flu-clinic',
      'f-telescope-body',
      'f-oldest',
    ]);
  });

  it('pages with next_cursor as with offsets, and gives none on the last page', async () => {
    const all = ids((await get('/api/articles/latest?limit=100')).json<ListBody>());
    const walked: string[] = [];
    let url = '/api/articles/latest?limit=4';
    for (;;) {
      const body = (await get(url)).json<ListBody>();
      walked.push(...ids(body));
      if (body.next_cursor === undefined) break;
      expect(body.articles).toHaveLength(4);
      url = `/api/articles/latest?limit=4&cursor=${encodeURIComponent(body.next_cursor)}`;
    }
    expect(walked).toEqual(all);
    // Offsets still page, and say where the next page begins.
    const second = (await get('/api/articles/latest?limit=2&offset=2')).json<ListBody>();
    expect(ids(second)).toEqual(all.slice(2, 4));
    const third = (await get(`/api/articles/latest?limit=2&cursor=${encodeURIComponent(second.next_cursor!)}`)).json<ListBody>();
    expect(ids(third)).toEqual(all.slice(4, 6));
    expect(third.next_cursor).toBeUndefined();
    // Filters apply after a cursor too.
    const tech = (await get('/api/articles/latest?limit=1&category=technology')).json<ListBody>();
    const techNext = (await get(`/api/articles/latest?limit=1&category=technology&cursor=${tech.next_cursor}`)).json<ListBody>();
    expect([...ids(tech), ...ids(techNext)]).toEqual(['f-telescope-title', 'f-telescope-summary']);
  });

  it('shapes each item with its preview (English summary, reading time, difficulty)', async () => {
    const body = (await get('/api/articles/latest?limit=1&language=zh')).json<ListBody>();
    expect(body.articles[0]).toEqual({
      article_id: 'f-telescope-title',
      title: 'New telescope opens on the mountain',
      source: 'bbc',
      date: '2026-11-10T08:00:00.000Z',
      word_count: 27,
      categories: ['technology', 'education'],
      preview: {
        source: 'bbc',
        date: '2026-11-10T08:00:00.000Z',
        word_count: 27,
        estimated_reading_time: 1,
        title: 'New telescope opens on the mountain',
        summary: 'Scientists open a large instrument to look at distant stars.',
        difficulty_level: 'beginner',
      },
    });
  });

  it('pages with limit and offset and keeps the total', async () => {
    const first = (await get('/api/articles/latest?limit=2&offset=0')).json<ListBody>();
    const second = (await get('/api/articles/latest?limit=2&offset=2')).json<ListBody>();
    const last = (await get('/api/articles/latest?limit=2&offset=4')).json<ListBody>();
    const past = (await get('/api/articles/latest?limit=2&offset=600')).json<ListBody>();
    expect(ids(first)).toEqual(['f-telescope-title', 'f-budget-vote']);
    expect(ids(second)).toEqual(['f-telescope-summary', 'f-flu-clinic']);
    expect(ids(last)).toEqual(['f-telescope-body', 'f-oldest']);
    expect(past).toEqual({ articles: [], total: 6, limit: 2, offset: 600 });
  });

  it('filters by category, source and difficulty, combined with AND', async () => {
    expect(ids((await get('/api/articles/latest?category=business')).json())).toEqual(['f-budget-vote', 'f-telescope-summary', 'f-oldest']);
    expect(ids((await get('/api/articles/latest?source=bbc')).json())).toEqual(['f-telescope-title', 'f-telescope-body']);
    expect(ids((await get('/api/articles/latest?difficulty=beginner')).json())).toEqual([
      'f-telescope-title',
      'f-flu-clinic',
      'f-telescope-body',
    ]);
    const combined = (await get('/api/articles/latest?category=education&source=bbc&difficulty=beginner')).json<ListBody>();
    expect(ids(combined)).toEqual(['f-telescope-title', 'f-telescope-body']);
    expect(combined.total).toBe(2);
    const none = (await get('/api/articles/latest?category=sports')).json<ListBody>();
    expect(none).toEqual({ articles: [], total: 0, limit: 10, offset: 0 });
  });

  it('treats an empty filter value as no filter', async () => {
    const body = (await get('/api/articles/latest?category=&source=&difficulty=')).json<ListBody>();
    expect(body.total).toBe(6);
  });
});

describe('GET /api/articles/search', () => {
  it('ranks a title hit above a summary hit above a body hit, with highlighted snippets', async () => {
    const res = await get('/api/articles/search?q=telescope');
    expect(res.statusCode).toBe(200);
    const body = res.json<ListBody>();
    expect(ids(body)).toEqual(['f-telescope-title', 'f-telescope-summary', 'f-telescope-body']);
    expect(body.total).toBe(3);
    for (const item of body.articles) expect(item.snippet).toMatch(/<mark>telescope<\/mark>/i);
    expect(body.articles[2]!.snippet).toContain('lent the club a small <mark>telescope</mark>');
  });

  it('matches word forms (stemming) and every word of a multi-word query', async () => {
    expect(ids((await get('/api/articles/search?q=observatories')).json())).toEqual(['f-telescope-summary']);
    expect(ids((await get('/api/articles/search?q=flu%20shots')).json())).toEqual(['f-flu-clinic']);
    expect(ids((await get('/api/articles/search?q=flu%20telescope')).json())).toEqual([]);
  });

  it('filters search results by category and pages them', async () => {
    const body = (await get('/api/articles/search?q=telescope&category=education')).json<ListBody>();
    expect(ids(body)).toEqual(['f-telescope-title', 'f-telescope-body']);
    const page = (await get('/api/articles/search?q=telescope&limit=1&offset=1')).json<ListBody>();
    expect(page).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(ids(page)).toEqual(['f-telescope-summary']);
  });

  it('filters search results by source and difficulty too, combined with AND, keeping the ranking', async () => {
    expect(ids((await get('/api/articles/search?q=telescope&source=bbc')).json())).toEqual(['f-telescope-title', 'f-telescope-body']);
    expect(ids((await get('/api/articles/search?q=telescope&difficulty=advanced')).json())).toEqual(['f-telescope-summary']);
    const all = (await get('/api/articles/search?q=telescope&category=education&source=bbc&difficulty=beginner')).json<ListBody>();
    expect(ids(all)).toEqual(['f-telescope-title', 'f-telescope-body']);
    expect(all.total).toBe(2);
    const none = (await get('/api/articles/search?q=telescope&source=cbs')).json<ListBody>();
    expect(none).toEqual({ articles: [], total: 0, limit: 10, offset: 0 });
    // An empty value is no filter, as for latest.
    expect((await get('/api/articles/search?q=telescope&source=&difficulty=')).json<ListBody>().total).toBe(3);
  });

  it('answers an offset far past the results with an empty page, not an error', async () => {
    const body = (await get('/api/articles/search?q=telescope&offset=10000000')).json<ListBody>();
    expect(body).toEqual({ articles: [], total: 3, limit: 10, offset: 10_000_000 });
  });

  it('trims q and treats FTS syntax as plain text', async () => {
    expect(ids((await get('/api/articles/search?q=%20%20telescope%20%20')).json())).toHaveLength(3);
    for (const q of [
      '"',
      'telescope OR',
      'NEAR(telescope',
      'title:telescope',
      '*',
      '^telescope',
      '(',
      'AND',
      '""""',
      "'; DROP TABLE articles; --",
    ]) {
      const res = await get(`/api/articles/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.json<ListBody>().articles.length, q).toBeLessThanOrEqual(3);
    }
    // Only punctuation: nothing to search for, so an empty page rather than an error.
    expect((await get('/api/articles/search?q=%22%2A%28%29')).json()).toEqual({ articles: [], total: 0, limit: 10, offset: 0 });
  });

  it('escapes HTML in snippets, leaving only the <mark> tags', async () => {
    const scratch = await startTestServer({
      articles: [
        {
          ...(await import('./fixtures')).FIXTURES[0]!,
          id: 'f-html',
          paragraphs: ['Readers wrote <script>alert(1)</script> about the comet & the moon.'],
          contentHash: 'html-1',
        },
      ],
    });
    try {
      const body = (await scratch.app.inject('/api/articles/search?q=comet')).json<ListBody>();
      expect(body.articles[0]!.snippet).toContain('&lt;script&gt;alert(1)&lt;/script&gt; about the <mark>comet</mark> &amp; the moon');
      expect(body.articles[0]!.snippet).not.toContain('<script>');
    } finally {
      await scratch.close();
    }
  });
});

describe('GET /api/articles/:id', () => {
  it('returns the article with metadata and HTML rendered for the language', async () => {
    const res = await get('/api/articles/f-telescope-title?language=zh');
    expect(res.statusCode).toBe(200);
    const { article } = res.json<{ article: Record<string, unknown> & { html_content: string } }>();
    expect(article).toMatchObject({
      article_id: 'f-telescope-title',
      title: 'New telescope opens on the mountain',
      source: 'bbc',
      date: '2026-11-10T08:00:00.000Z',
      categories: ['technology', 'education'],
      learning_metadata: { estimated_reading_time: 1, difficulty_level: 'beginner' },
    });
    expect(article.html_content).toContain('<h2 lang="zh">重点词汇</h2>');
    expect(article.html_content).toContain('科学家启用了一台观测遥远恒星的大型仪器。');
    expect(article.html_content).toContain('天文台公众开放夜');
  });

  it('defaults to zh and renders English explanations for ja', async () => {
    const zh = (await get('/api/articles/f-telescope-title')).json<{ article: { html_content: string } }>();
    expect(zh.article.html_content).toContain('重点词汇');
    const ja = (await get('/api/articles/f-telescope-title?language=ja')).json<{ article: { html_content: string } }>();
    expect(ja.article.html_content).toContain('Key vocabulary');
    expect(ja.article.html_content).toContain('Public nights at observatories');
    expect(ja.article.html_content).not.toContain('仪器');
  });

  it('answers 404 with the error shape for an unknown id', async () => {
    const res = await get('/api/articles/no-such-article');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'not_found', message: 'There is no article with id "no-such-article"', parameter: 'id' },
    });
  });

  it('finds ids with reserved characters when percent-encoded', async () => {
    const res = await get(`/api/articles/${encodeURIComponent('no such/article?')}`);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: { message: string } }>().error.message).toContain('no such/article?');
  });
});

describe('GET /api/categories and /api/sources', () => {
  it('lists the seven categories with names in the requested language (default zh, else English)', async () => {
    const zh = (await get('/api/categories')).json<{ categories: { id: string; name: string }[] }>();
    expect(zh.categories).toHaveLength(7);
    expect(zh.categories[0]).toEqual({ id: 'technology', name: '科技' });
    const es = (await get('/api/categories?language=es')).json<{ categories: { id: string; name: string }[] }>();
    expect(es.categories.find((c) => c.id === 'education')).toEqual({ id: 'education', name: 'Educación' });
    const ko = (await get('/api/categories?language=ko')).json<{ categories: { id: string; name: string }[] }>();
    expect(ko.categories.map((c) => c.name)).toEqual([
      'Technology',
      'Politics',
      'Business',
      'Health',
      'Sports',
      'Immigration',
      'Education',
    ]);
  });

  it('lists the four sources with names and home pages', async () => {
    const body = (await get('/api/sources')).json<{ sources: unknown[] }>();
    expect(body.sources).toEqual([
      { id: 'cbs', name: 'CBS News', home_page: 'https://www.cbsnews.com/' },
      { id: 'npr', name: 'NPR', home_page: 'https://www.npr.org/' },
      { id: 'bbc', name: 'BBC', home_page: 'https://www.bbc.com/news' },
      { id: 'reuters', name: 'Reuters', home_page: 'https://www.reuters.com/' },
    ]);
  });
});

describe('ETags and compression', () => {
  it('answers 304 when If-None-Match names the current ETag, and 200 with a new one after a change', async () => {
    const first = await get('/api/articles/latest?limit=3');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/api/articles/latest?limit=3', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/api/articles/latest?limit=3', { 'if-none-match': `W/${etag}, "other"` })).statusCode).toBe(304);
    const other = await get('/api/articles/latest?limit=4', { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('compresses large JSON for clients that accept it', async () => {
    const res = await get('/api/articles/f-telescope-title', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});
