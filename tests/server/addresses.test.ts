// @vitest-environment node
/**
 * Every address answers what it is: each row of the page table (common/page-routes.ts) is a page (200) in every
 * language; the search addresses move to the list with the term (301); a non-canonical form of a real page moves
 * to it (301); anything else is the not-found page in the address's language (404), never a page that says
 * "not found" with 200. Walks the table itself, so a page another branch adds is walked too.
 */
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_TEXTS } from '../../common/labels';
import { PAGE_ROUTES } from '../../common/page-routes';
import { startTestServer, type TestContext } from './fixtures';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestServer();
});
afterAll(async () => {
  await ctx.close();
});

const LANGUAGES = ['zh', 'es', 'en'] as const;
const SAMPLE_PARAMS: Record<string, string> = { articleId: 'f-budget-vote' };

function addressOf(path: string, language: string, params: Record<string, string>): string {
  const parts =
    path === '' ? [] : path.split('/').map((part) => (part.startsWith(':') ? encodeURIComponent(params[part.slice(1)]!) : part));
  return ['', language, ...parts].join('/');
}

async function answer(url: string) {
  const res = await ctx.app.inject(url);
  const doc = new JSDOM(res.body).window.document;
  return {
    status: res.statusCode,
    location: res.headers.location,
    title: doc.title,
    lang: doc.documentElement.lang,
    robots: doc.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
  };
}

describe('the page table', () => {
  it.each(LANGUAGES)('every row is a page in %s; a row with a parameter that names nothing is 404', async (language) => {
    for (const route of PAGE_ROUTES) {
      const url = addressOf(route.path, language, SAMPLE_PARAMS);
      const page = await answer(url);
      expect(page.status, url).toBe(200);
      expect(page.lang, url).toBe(language);
      expect(page.title, url).not.toBe(`${SHARED_TEXTS[language].notFoundTitle} | NewsReader English`);
      if (route.path.includes(':')) {
        const missing = addressOf(route.path, language, { articleId: 'no-such-article' });
        expect((await answer(missing)).status, missing).toBe(404);
      }
      // One more segment under any page names nothing.
      const deeper = `${url}/no-such-part`;
      expect((await answer(deeper)).status, deeper).toBe(404);
    }
  });
});

describe('the search addresses land on the list with the term', () => {
  it.each([
    ['/search?q=football', '/zh/articles?q=football'],
    ['/search?q=f%C3%BAtbol&lang=es', '/es/articles?q=f%C3%BAtbol'],
    ['/search?q=bank&lang=EN&category=business', '/en/articles?q=bank&category=business'],
    ['/search?q=energy&lang=xx', '/zh/articles?q=energy'],
    ['/search?q=%20%20', '/zh/articles'],
    ['/search/', '/zh/articles'],
    ['/zh/search?q=telescope', '/zh/articles?q=telescope'],
    ['/es/search?q=world%20cup', '/es/articles?q=world%20cup'],
    ['/en/search', '/en/articles'],
    ['/ES/search?q=a%26b', '/es/articles?q=a%26b'],
    ['/fr/search?q=moon', '/fr/articles?q=moon'],
  ])('%s → 301 %s', async (from, to) => {
    const moved = await answer(from);
    expect(moved.status).toBe(301);
    expect(moved.location).toBe(to);
    // Where it leads is a page.
    expect((await answer(to)).status).toBe(200);
  });

  it('the structured data advertises the list itself as the search address', async () => {
    const res = await ctx.app.inject('/es');
    const doc = new JSDOM(res.body).window.document;
    const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld.potentialAction.target).toBe('https://reader.test/es/articles?q={search_term_string}');
    const advertised = (ld.potentialAction.target as string).replace('https://reader.test', '').replace('{search_term_string}', 'bank');
    expect((await answer(advertised)).status).toBe(200);
  });
});

describe('odd addresses', () => {
  it.each([
    ['/articles', '/zh/articles'],
    ['/articles?q=x', '/zh/articles?q=x'],
    ['/ZH/articles', '/zh/articles'],
    ['//es//articles', '/es/articles'],
    ['/words', '/zh/words'],
  ])('a non-canonical form of a real page: %s → 301 %s', async (from, to) => {
    const moved = await answer(from);
    expect(moved.status).toBe(301);
    expect(moved.location).toBe(to);
  });

  it.each(LANGUAGES)('unknown pages under %s are 404 with the not-found page in that language', async (language) => {
    const title = `${SHARED_TEXTS[language].notFoundTitle} | NewsReader English`;
    for (const path of [
      'no-such-page',
      'search/more',
      'Articles',
      'articles/a/b',
      'words/extra',
      'level-9',
      'index.php',
      'wp-admin/setup.js',
    ]) {
      const url = `/${language}/${path}`;
      const page = await answer(url);
      expect(page.status, url).toBe(404);
      expect(page.lang, url).toBe(language);
      expect(page.title, url).toBe(title);
      expect(page.robots, url).toBe('noindex');
    }
  });

  it('a path with no language that names no page is moved under zh, where it is a 404', async () => {
    const moved = await answer('/no-such-page');
    expect(moved.status).toBe(301);
    expect(moved.location).toBe('/zh/no-such-page');
    expect((await answer('/zh/no-such-page')).status).toBe(404);
  });

  it('an address that is not valid percent-encoding is a 400 that says so, never a 500', async () => {
    const path = await ctx.app.inject('/zh/articles/%E0%A4%A');
    expect(path.statusCode).toBe(400);
    // In a query the broken escape is replaced (as URLSearchParams reads it), and the search still lands on the list.
    const query = await answer('/search?q=%E0%A4%A');
    expect(query.status).toBe(301);
    expect(query.location).toMatch(/^\/zh\/articles\?q=/);
  });

  it('a missing file is a plain 404, not a page and not a redirect', async () => {
    for (const url of ['/missing.js', '/assets/missing.css', '/favicon-missing.png']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/plain/);
    }
  });
});
