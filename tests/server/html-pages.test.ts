// @vitest-environment node
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_HTML, startTestServer, type TestContext } from './fixtures';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestServer();
});
afterAll(async () => {
  await ctx.close();
});

async function page(url: string) {
  const res = await ctx.app.inject(url);
  const doc = new JSDOM(res.body).window.document;
  const meta = (selector: string) => doc.querySelector(selector)?.getAttribute('content') ?? null;
  return {
    res,
    doc,
    title: doc.title,
    lang: doc.documentElement.lang,
    description: meta('meta[name="description"]'),
    canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    og: (property: string) => meta(`meta[property="${property}"]`),
    twitter: (name: string) => meta(`meta[name="${name}"]`),
  };
}

describe('page paths answer with the app HTML and a head written for the page', () => {
  it('home in Chinese at / and /zh', async () => {
    for (const url of ['/', '/zh']) {
      const p = await page(url);
      expect(p.res.statusCode, url).toBe(200);
      expect(p.res.headers['content-type']).toMatch(/^text\/html/);
      expect(p.title).toBe('NewsReader English：通过新闻学英语');
      expect(p.lang).toBe('zh');
      expect(p.canonical).toBe('https://reader.test/zh');
      expect(p.og('og:locale')).toBe('zh_CN');
      expect(p.og('og:type')).toBe('website');
      expect(p.twitter('twitter:card')).toBe('summary');
      // The app's script is still there and the placeholder head is replaced, not duplicated.
      expect(p.doc.querySelector('script[src="/assets/index-abc123.js"]')).not.toBeNull();
      expect(p.doc.querySelectorAll('title')).toHaveLength(1);
      expect(p.doc.querySelectorAll('meta[name="description"]')).toHaveLength(1);
      const ld = JSON.parse(p.doc.querySelector('script[type="application/ld+json"]')!.textContent!);
      expect(ld.potentialAction.target).toBe('https://reader.test/zh/articles?q={search_term_string}');
    }
  });

  it('home and list in Spanish and English', async () => {
    const es = await page('/es');
    expect(es.title).toBe('NewsReader English: aprende inglés con las noticias');
    expect(es.lang).toBe('es');
    expect(es.og('og:locale')).toBe('es_ES');
    const list = await page('/es/articles');
    expect(list.title).toBe('Todos los artículos | NewsReader English');
    expect(list.canonical).toBe('https://reader.test/es/articles');
    const en = await page('/en/articles');
    expect(en.title).toBe('All articles | NewsReader English');
    expect(en.lang).toBe('en');
  });

  it("names the app and the page language's text chunk (and what it imports) as app modules, not the other languages'", async () => {
    const modules = async (url: string) =>
      [...(await page(url)).doc.querySelectorAll('meta[name="app-module"]')].map((meta) => meta.getAttribute('content'));
    const app = '/assets/app-a1.js';
    expect(await modules('/')).toEqual([app, '/assets/zh-z1.js', '/assets/shared-s1.js']);
    expect(await modules('/es/articles')).toEqual([app, '/assets/es-s1.js', '/assets/shared-s1.js']);
    expect(await modules('/fr')).toEqual([app, '/assets/en-e1.js', '/assets/shared-s1.js']);
    expect(await modules('/zh/no/such/page')).toEqual([app, '/assets/zh-z1.js', '/assets/shared-s1.js']);
  });

  it("names a page's route code on that page only: the article's for later, the words page's for the app's start", async () => {
    const routeModules = async (url: string) =>
      [...(await page(url)).doc.querySelectorAll('meta[name="route-module"]')].map(
        (meta) => `${meta.getAttribute('content')}${meta.hasAttribute('data-at-start') ? ' at start' : ''}`,
      );
    expect(await routeModules('/zh/articles/any-article')).toEqual(['/assets/article-detail-route-d1.js', '/assets/speech-engine-d2.js']);
    expect(await routeModules('/es/words')).toEqual(['/assets/words-route-w1.js at start']);
    for (const url of ['/', '/es/articles', '/zh/review', '/zh/no/such/page']) expect(await routeModules(url), url).toEqual([]);
  });

  it('languages without page texts (ja, ko, fr) get English texts', async () => {
    for (const url of ['/ja/articles', '/ko', '/fr/articles']) {
      const p = await page(url);
      expect(p.res.statusCode, url).toBe(200);
      expect(p.lang, url).toBe('en');
      expect(p.og('og:locale'), url).toBe('en_US');
    }
    expect((await page('/ko')).title).toBe('NewsReader English: learn English with the news');
  });

  it('a path without a language (/articles) is moved to the default language zh, as the app would; a search address to the list', async () => {
    const moved = async (url: string) => {
      const res = await ctx.app.inject(url);
      expect(res.statusCode).toBe(301);
      return res.headers.location;
    };
    expect(await moved('/articles')).toBe('/zh/articles');
    expect(await moved('/search?q=telescope')).toBe('/zh/articles?q=telescope');
    expect(await moved('/zh/search?q=telescope')).toBe('/zh/articles?q=telescope');
    expect(await moved('/articles/f-budget-vote')).toBe('/zh/articles/f-budget-vote');
    expect(await moved('/ES/articles?category=health')).toBe('/es/articles?category=health');
    expect(await moved('//zh//articles')).toBe('/zh/articles');
    const list = await page('/zh/articles');
    expect(list.res.statusCode).toBe(200);
    expect(list.title).toBe('全部文章 | NewsReader English');
    expect(list.canonical).toBe('https://reader.test/zh/articles');
  });

  it('the detail page carries its article title, description and article tags in the page language', async () => {
    const zh = await page('/zh/articles/f-telescope-title');
    expect(zh.res.statusCode).toBe(200);
    expect(zh.title).toBe('New telescope opens on the mountain | NewsReader English');
    expect(zh.description).toBe('科学家启用了一台观测遥远恒星的大型仪器。');
    expect(zh.canonical).toBe('https://reader.test/zh/articles/f-telescope-title');
    expect(zh.og('og:type')).toBe('article');
    expect(zh.og('og:title')).toBe('New telescope opens on the mountain | NewsReader English');
    expect(zh.og('og:description')).toBe('科学家启用了一台观测遥远恒星的大型仪器。');
    expect(zh.og('og:url')).toBe('https://reader.test/zh/articles/f-telescope-title');
    expect(zh.og('article:published_time')).toBe('2026-11-10T08:00:00.000Z');
    expect(zh.og('article:section')).toBe('科技');
    expect(zh.twitter('twitter:title')).toBe('New telescope opens on the mountain | NewsReader English');
    expect(zh.twitter('twitter:description')).toBe('科学家启用了一台观测遥远恒星的大型仪器。');
    // The Spanish summary is empty, so the Spanish page describes it in English.
    const es = await page('/es/articles/f-telescope-title');
    expect(es.description).toBe('Scientists open a large instrument to look at distant stars.');
    expect(es.og('og:locale')).toBe('es_ES');
    expect(es.og('article:section')).toBe('Tecnología');
    const ja = await page('/ja/articles/f-telescope-title');
    expect(ja.description).toBe('Scientists open a large instrument to look at distant stars.');
    expect(ja.lang).toBe('en');
  });

  it('escapes article text written into the head', async () => {
    const scratch = await startTestServer({
      articles: [
        {
          ...(await import('./fixtures')).FIXTURES[1]!,
          id: 'f-quotes',
          title: 'He said "</title><script>alert(1)</script>" & left $& $\'',
          contentHash: 'quotes-1',
        },
      ],
    });
    try {
      const res = await scratch.app.inject('/en/articles/f-quotes');
      expect(res.body).not.toContain('<script>alert(1)</script>');
      const doc = new JSDOM(res.body).window.document;
      expect(doc.title).toBe('He said "</title><script>alert(1)</script>" & left $& $\' | NewsReader English');
    } finally {
      await scratch.close();
    }
  });

  it('an unknown article id or page still returns the app HTML, with 404 and noindex', async () => {
    for (const url of ['/zh/articles/no-such-article', '/zh/nothing/here', '/es/articles/a/b']) {
      const p = await page(url);
      expect(p.res.statusCode, url).toBe(404);
      expect(p.doc.getElementById('root'), url).not.toBeNull();
      expect(p.doc.querySelector('meta[name="robots"]')?.getAttribute('content'), url).toBe('noindex');
      expect(p.canonical, url).toBeNull();
    }
    // An address that matches no page, or no article, says so in its title.
    expect((await page('/es/nothing/here')).doc.title).toBe('Página no encontrada | NewsReader English');
    expect((await page('/zh/articles/a/b')).doc.title).toBe('页面不存在 | NewsReader English');
    const missingArticle = await page('/en/articles/no-such-article');
    expect(missingArticle.doc.title).toBe('Page not found | NewsReader English');
    expect(missingArticle.doc.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(
      'Page not found | NewsReader English',
    );
  });

  it('HEAD works for pages', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: '/zh/articles' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('static files', () => {
  it('hashed assets are cached immutable and compressed', async () => {
    const res = await ctx.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('other files are served with a short cache, pages revalidated by browsers (cache-headers.test.ts), and index.html only through the renderer', async () => {
    const robots = await ctx.app.inject('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    expect((await ctx.app.inject('/zh')).headers['cache-control']).toMatch(/^public, max-age=0,/);
    expect((await ctx.app.inject('/index.html')).body).not.toContain('Placeholder title');
  });

  it('a missing asset is a plain 404, never the app HTML', async () => {
    const res = await ctx.app.inject('/assets/missing-123.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<html');
  });

  it('picks up a rebuilt index.html without a restart', async () => {
    const index = join(ctx.config.distDir, 'index.html');
    writeFileSync(index, '<!doctype html><html lang="en"><head><title>x</title></head><body><div id="app-v2"></div></body></html>');
    const res = await ctx.app.inject('/es');
    expect(res.body).toContain('app-v2');
    expect(new JSDOM(res.body).window.document.title).toBe('NewsReader English: aprende inglés con las noticias');
  });
});

describe('without a built web app', () => {
  it('page paths answer a clear 503 page while the API keeps working', async () => {
    const noDist = await startTestServer({ withDist: false });
    try {
      const res = await noDist.app.inject('/zh/articles');
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('The web app is not available right now');
      expect(res.body).toContain('npm run build');
      expect((await noDist.app.inject('/api/articles/latest')).statusCode).toBe(200);
    } finally {
      await noDist.close();
    }
  });

  it('serves the app and its assets once a build lands after the server started', async () => {
    const late = await startTestServer({ withDist: false });
    try {
      expect((await late.app.inject('/zh')).statusCode).toBe(503);
      mkdirSync(join(late.config.distDir, 'assets'), { recursive: true });
      writeFileSync(join(late.config.distDir, 'index.html'), TEMPLATE_HTML);
      writeFileSync(join(late.config.distDir, 'assets', 'index-abc123.js'), 'console.log(1);');
      expect((await late.app.inject('/zh')).statusCode).toBe(200);
      const asset = await late.app.inject('/assets/index-abc123.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-type']).toMatch(/javascript/);
    } finally {
      await late.close();
    }
  });

  it('a dist folder whose index.html disappears also answers 503', async () => {
    const scratch = await startTestServer();
    try {
      rmSync(join(scratch.config.distDir, 'index.html'));
      expect((await scratch.app.inject('/zh')).statusCode).toBe(503);
    } finally {
      await scratch.close();
    }
  });
});
