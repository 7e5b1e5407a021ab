/**
 * The data a server-rendered page carries (common/page-data.ts, server/pages/embedded-answers.ts): the
 * API's own answers for exactly the requests the web app's client makes first, embedded so that no
 * article text can close the element, decoded by the client with the contract's codecs; and the
 * shell as before when there is no server-rendering build or it fails.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePageData, firstAnswersFrom } from '../../src/api/first-answers';
import { jsonForScriptElement, PAGE_DATA_ELEMENT_ID } from '../../common/page-data';
import { RANK_HASHES_FORMAT } from '../../common/rank-hashes';
import { article, FIXTURES, startTestServer, type TestContext } from './fixtures';

const HOSTILE = article({
  id: 'x-hostile',
  source: 'bbc',
  title: 'Breaking </script><script>alert(1)</script> news',
  publishedAt: '2026-11-20T08:00:00Z',
  summary: 'A summary with <!-- a comment opener, an & and a line\u2028separator.',
  summaryTranslations: { es: 'Resumen </SCRIPT> en español.', zh: '' },
  paragraphs: ['The mayor said "</script><img src=x onerror=alert(2)>" was not a quote.', 'A second paragraph, quite ordinary.'],
  difficulty: 'beginner',
  categories: ['politics'],
});

/** Stand-ins for the built server entry, chosen by the file's text: one shows what it was asked to render. */
const STUB_ENTRY = 'stub';
const BROKEN_ENTRY = 'broken';
const ENTRIES: Record<string, { renderPage: (request: { url: string; data: { answers: unknown[] } }) => Promise<string> }> = {
  [STUB_ENTRY]: { renderPage: async ({ url, data }) => `<main data-stub="1">${url.replace(/[<>&"]/g, '')} ${data.answers.length}</main>` },
  [BROKEN_ENTRY]: {
    renderPage: async () => {
      throw new Error('broken on purpose');
    },
  },
};
const loadServerEntry = async (url: string) => ENTRIES[readFileSync(fileURLToPath(url.replace(/\?.*$/, '')), 'utf8')] ?? {};

function writeEntry(ctx: TestContext, source: string | null): void {
  const folder = join(ctx.config.distDir, 'server');
  if (source === null) {
    rmSync(folder, { recursive: true, force: true });
    return;
  }
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'entry-server.js'), source);
}

/** The text of the embedded data block: from its opening tag to the first `</script` after it. */
function embedded(html: string): string | null {
  const open = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">`;
  const at = html.indexOf(open);
  if (at === -1) return null;
  const start = at + open.length;
  return html.slice(start, html.indexOf('</script', start));
}

async function get(ctx: TestContext, url: string) {
  return ctx.app.inject({ method: 'GET', url });
}

describe('jsonForScriptElement', () => {
  it('escapes what could end the element or open a comment, and reads back the same', () => {
    const value = { text: '</script><!-- & \u2028\u2029 >' };
    const json = jsonForScriptElement(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('decodePageData', () => {
  it('gives null for a missing, non-JSON or off-contract block, saying why', () => {
    const problems: string[] = [];
    expect(decodePageData(null)).toBeNull();
    expect(decodePageData('{not json', (reason) => problems.push(reason))).toBeNull();
    expect(
      decodePageData('{"answers":[{"path":"/articles/latest","query":{},"answer":{"articles":"no"}}]}', (r) => problems.push(r)),
    ).toBeNull();
    expect(problems).toHaveLength(2);
    expect(problems[1]).toContain('does not match the contract');
  });

  it('answers only the request it carries, and nothing once expired', () => {
    const answers = firstAnswersFrom({
      answers: [
        {
          path: '/articles/latest',
          query: { language: 'es', limit: 4, offset: 0 },
          answer: { articles: [], total: 0, limit: 4, offset: 0 },
        },
      ],
    });
    expect(answers.latestArticles({ language: 'es', limit: 4 })).toEqual([]);
    expect(answers.latestArticles({ language: 'zh', limit: 4 })).toBeUndefined();
    expect(answers.latestArticles({ language: 'es', limit: 20 })).toBeUndefined();
    answers.expire();
    expect(answers.latestArticles({ language: 'es', limit: 4 })).toBeUndefined();
  });
});

describe('pages with server rendering', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestServer({ articles: [...FIXTURES, HOSTILE], loadServerEntry });
    writeEntry(ctx, STUB_ENTRY);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('embeds the API answer for an article whose text tries to close the element, and nothing escapes it', async () => {
    const page = await get(ctx, '/es/articles/x-hostile');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"><main data-stub="1">/es/articles/x-hostile 1</main></div>');
    expect(page.body).not.toMatch(/<script>alert|<img src=x/i);
    const data = decodePageData(embedded(page.body));
    expect(data).not.toBeNull();
    const api = await get(ctx, '/api/articles/x-hostile?language=es');
    expect(data!.answers).toEqual([{ path: '/articles/:id', id: 'x-hostile', query: { language: 'es' }, answer: api.json() }]);
    // The client finds it for its own request and reads the text back unchanged.
    const view = firstAnswersFrom(data).article('x-hostile', 'es');
    expect(view?.title).toBe(HOSTILE.title);
    expect(view?.body).toContain('</script><img src=x onerror=alert(2)>'.replace(/</g, '&lt;').replace(/>/g, '&gt;').slice(0, 10));
  });

  it("embeds home's and the list's first pages exactly as the client asks for them", async () => {
    const home = decodePageData(embedded((await get(ctx, '/zh')).body));
    const latest = await get(ctx, '/api/articles/latest?language=zh&limit=4&offset=0');
    expect(home?.answers.map((entry) => ('answer' in entry ? entry.answer : entry))).toEqual([latest.json()]);
    expect(firstAnswersFrom(home).latestArticles({ language: 'zh', limit: 4 })?.length).toBe(4);

    const list = decodePageData(embedded((await get(ctx, '/en/articles?q=%20telescope%20&category=technology&source=nope')).body));
    const search = await get(ctx, '/api/articles/search?q=telescope&language=en&limit=20&offset=0&category=technology');
    expect(list?.answers.map((entry) => ('answer' in entry ? entry.answer : entry))).toEqual([search.json()]);
    // What the list route asks with (src/app/list-routes.tsx): an unknown source means every source.
    const cards = firstAnswersFrom(list).listPage({ language: 'en', limit: 20, offset: 0, search: ' telescope ', category: 'technology' });
    expect(cards?.cards.map((card) => card.id)).toEqual(search.json().articles.map((item: { article_id: string }) => item.article_id));
  });

  it('embeds the first N pages for ?page=N ("Load more" without the app), at most 5, and the first for anything else', async () => {
    for (const [page, limit] of [
      ['2', 40],
      ['5', 100],
      ['9', 100],
      ['0', 20],
      ['two', 20],
      ['-1', 20],
    ] as const) {
      const list = decodePageData(embedded((await get(ctx, `/zh/articles?page=${page}`)).body));
      const latest = await get(ctx, `/api/articles/latest?language=zh&limit=${limit}&offset=0`);
      expect(
        list?.answers.map((entry) => ('answer' in entry ? entry.answer : entry)),
        `page=${page}`,
      ).toEqual([latest.json()]);
      // The list route asks with the same limit (src/app/list-routes.tsx), so it starts from them.
      expect(firstAnswersFrom(list).listPage({ language: 'zh', limit, offset: 0, search: '' })?.cards).toHaveLength(
        latest.json().articles.length,
      );
    }
  });

  it("answers 404 for an unknown article, carrying the API's own 404 for the app to start from, and keeps the head", async () => {
    const page = await get(ctx, '/zh/articles/no-such-article');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('name="robots" content="noindex"');
    const api = await get(ctx, '/api/articles/no-such-article?language=zh');
    expect(api.statusCode).toBe(404);
    const data = decodePageData(embedded(page.body));
    expect(data?.answers).toEqual([
      { path: '/articles/:id', id: 'no-such-article', query: { language: 'zh' }, status: 404, error: api.json() },
    ]);
    // The client makes of it the error a fetch would have given it.
    const error = firstAnswersFrom(data).articleError('no-such-article', 'zh');
    expect(error).toMatchObject({ kind: 'http', status: 404, serverError: { code: 'not_found' } });
    expect(firstAnswersFrom(data).article('no-such-article', 'zh')).toBeUndefined();
  });

  it('keeps the 404 and the not-found head when the head cannot read the article but the page data says it is missing', async () => {
    const byId = ctx.store.byId.bind(ctx.store);
    // The page's head reads the article with byId (the page data with page()); that read fails, as a passing store error would.
    ctx.store.byId = () => {
      throw new Error('the database is busy');
    };
    try {
      const page = await get(ctx, '/es/articles/no-such-article');
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('<title data-server-head>Página no encontrada | NewsReader English</title>');
      expect(page.body).toContain('name="robots" content="noindex"');
      expect(decodePageData(embedded(page.body))?.answers).toMatchObject([{ id: 'no-such-article', status: 404 }]);
    } finally {
      ctx.store.byId = byId;
    }
  });

  it('serves the shell when the server build fails to render, and when there is none', async () => {
    // A rebuilt file is loaded again (its modification time differs).
    await new Promise((resolve) => setTimeout(resolve, 20));
    writeEntry(ctx, BROKEN_ENTRY);
    const broken = await get(ctx, '/zh');
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toContain('<div id="root"></div>');
    expect(embedded(broken.body)).toBeNull();
    // The JSON-LD the app would carry in its body is back in the head.
    expect(broken.body).toContain('application/ld+json');

    writeEntry(ctx, null);
    const missing = await get(ctx, '/es/articles');
    expect(missing.statusCode).toBe(200);
    expect(missing.body).toContain('<div id="root"></div>');
    writeEntry(ctx, STUB_ENTRY);
  });

  it('never serves the server build as a public file', async () => {
    expect((await get(ctx, '/server/entry-server.js')).statusCode).toBe(404);
  });
});

describe('the practice page with server rendering', () => {
  let practice: TestContext;
  beforeAll(async () => {
    practice = await startTestServer({ articles: FIXTURES, loadServerEntry, withDictionary: true });
    writeEntry(practice, STUB_ENTRY);
  });
  afterAll(async () => {
    await practice.close();
  });

  it("embeds an article's practice set as the API answers it for the client's request; the API's 404 for an unknown article", async () => {
    const id = FIXTURES[0]!.id;
    const page = await get(practice, `/es/articles/${id}/practice`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="robots" content="noindex"');
    const data = decodePageData(embedded(page.body));
    const api = await get(practice, `/api/articles/${id}/exercises?language=es`);
    expect(api.statusCode).toBe(200);
    expect(data?.answers).toEqual([{ path: '/articles/:id/exercises', id, query: { language: 'es' }, answer: api.json() }]);
    expect(firstAnswersFrom(data).exerciseSet(id, 'es')).toEqual(api.json());
    expect(firstAnswersFrom(data).exerciseSet(id, 'zh')).toBeUndefined();
    const missing = await get(practice, '/zh/articles/no-such-article/practice');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('name="robots" content="noindex"');
    const api404 = await get(practice, '/api/articles/no-such-article/exercises?language=zh');
    expect(api404.statusCode).toBe(404);
    const missingData = decodePageData(embedded(missing.body));
    expect(missingData?.answers).toEqual([
      { path: '/articles/:id/exercises', id: 'no-such-article', query: { language: 'zh' }, status: 404, error: api404.json() },
    ]);
    expect(firstAnswersFrom(missingData).exercisesMissing('no-such-article', 'zh')).toBe(true);
    // Not the article page's 404: that page would still ask for its article.
    expect(firstAnswersFrom(missingData).articleError('no-such-article', 'zh')).toBeUndefined();
  });
});

describe("home and list pages name the cards' frequency list (decision 50)", () => {
  let served: TestContext;
  beforeAll(async () => {
    served = await startTestServer({ articles: FIXTURES, loadServerEntry, withDictionary: true });
    writeEntry(served, STUB_ENTRY);
  });
  afterAll(async () => {
    await served.close();
  });

  it("by the check the cards' inventories name, whose hash table the API serves; an article page names none", async () => {
    const ids = FIXTURES.slice(0, 3).map((each) => each.id);
    const inventories = await get(served, `/api/lemmas?ids=${ids.join(',')}`);
    expect(inventories.statusCode).toBe(200);
    const check = (inventories.json() as { ranked?: string }).ranked;
    expect(check).toMatch(/^[0-9a-z]+-[0-9a-z]+$/);
    for (const path of ['/en', '/zh/articles', '/es/articles?q=telescope&page=2']) {
      const data = decodePageData(embedded((await get(served, path)).body));
      expect(data?.rankedCheck, path).toBe(check);
      const answers = firstAnswersFrom(data);
      expect(answers.rankedCheck()).toBe(check);
      // After the first navigation the learner's last record names the list (decision 50), not this page.
      answers.expire();
      expect(answers.rankedCheck()).toBeUndefined();
    }
    const table = await get(served, `/api/level-words/hashes?v=${check}&f=${RANK_HASHES_FORMAT}`);
    expect(table.statusCode).toBe(200);
    const article = decodePageData(embedded((await get(served, `/en/articles/${FIXTURES[0]!.id}`)).body));
    expect(article?.answers).toHaveLength(1);
    expect(article?.rankedCheck).toBeUndefined();
  });

  it('names none without a dictionary, and the client reads none from a page without one', async () => {
    const bare = await startTestServer({ articles: FIXTURES, loadServerEntry });
    try {
      writeEntry(bare, STUB_ENTRY);
      const data = decodePageData(embedded((await get(bare, '/en/articles')).body));
      expect(data?.answers).toHaveLength(1);
      expect(data?.rankedCheck).toBeUndefined();
      expect(firstAnswersFrom(data).rankedCheck()).toBeUndefined();
      expect(firstAnswersFrom(null).rankedCheck()).toBeUndefined();
    } finally {
      await bare.close();
    }
  });
});
