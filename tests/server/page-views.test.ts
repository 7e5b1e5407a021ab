/**
 * Article pages rendered ahead (server/pages/page-views.ts): a first view of an article page is the stored view
 * when it was made from the same build, address and data, byte for byte what a render gives; anything else (no
 * view, another key, the article rewritten, a new build) is rendered and stored again. The background pass
 * renders the offered languages ahead. The real React render of a stored view is checked in the browser
 * (tests/e2e/hydration.e2e.test.ts, "article pages rendered ahead").
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { articleViewName, packView, pageViewsPass, unpackView } from '../../server/pages/page-views';
import { ServerEntry } from '../../server/pages/server-entry';
import { fallbackRenderer } from '../../server/answers/article-answers';
import { sqliteSeam } from '../../server/store/sqlite/sqlite-seam';
import { contentHashOf } from '../../server/store/content-hash';
import { FIXTURES, startTestServer, type TestContext } from './fixtures';

const renders: string[] = [];
/** A stand-in build that shows what it was asked for, so a page is a function of its address and data. */
const ENTRIES: Record<string, { renderPage: (request: { url: string; data: unknown }) => Promise<string> }> = {
  'build one': {
    renderPage: async ({ url, data }) => {
      renders.push(url);
      return `<main data-build="one">${url} ${JSON.stringify(data).length}</main>`;
    },
  },
  'build two': {
    renderPage: async ({ url, data }) => {
      renders.push(url);
      return `<main data-build="two">${url} ${JSON.stringify(data).length}</main>`;
    },
  },
};
const loadServerEntry = async (url: string) => ENTRIES[readFileSync(fileURLToPath(url.replace(/\?.*$/, '')), 'utf8')] ?? {};

function writeEntry(ctx: TestContext, source: string): void {
  mkdirSync(join(ctx.config.distDir, 'server'), { recursive: true });
  writeFileSync(join(ctx.config.distDir, 'server', 'entry-server.js'), source);
}

/** The stored view is written after the answer has gone out. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function rootOf(body: string): string {
  return /<div id="root">([\s\S]*?)<\/div>\n/.exec(body)?.[1] ?? '';
}

describe('article pages rendered ahead', () => {
  let ctx: TestContext;
  const first = FIXTURES[0]!;
  beforeAll(async () => {
    ctx = await startTestServer({ loadServerEntry });
    writeEntry(ctx, 'build one');
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('renders a first view once, then serves the stored view: the same bytes, ETag and 304', async () => {
    renders.length = 0;
    const url = `/zh/articles/${first.id}`;
    const rendered = await ctx.app.inject({ method: 'GET', url });
    expect(rendered.statusCode).toBe(200);
    expect(renders).toEqual([url]);
    await settle();
    const stored = ctx.store.renderedView(first.id, articleViewName('zh'));
    expect(stored).toBeDefined();
    expect(unpackView(stored!.body)).toBe(rootOf(rendered.body));

    const again = await ctx.app.inject({ method: 'GET', url });
    expect(renders).toEqual([url]);
    expect(again.body).toBe(rendered.body);
    expect(again.headers.etag).toBe(rendered.headers.etag);
    const revalidated = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(rendered.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    // Another language is another page.
    const spanish = await ctx.app.inject({ method: 'GET', url: `/es/articles/${first.id}` });
    expect(spanish.body).not.toBe(rendered.body);
    expect(spanish.headers.etag).not.toBe(rendered.headers.etag);
  });

  it('never serves a view made from something else, and renders an address with a query as before', async () => {
    const article = FIXTURES[1]!;
    const url = `/es/articles/${article.id}`;
    ctx.store.saveRenderedView(article.id, articleViewName('es'), { key: 'another build or data', body: packView('<main>stale</main>') });
    renders.length = 0;
    const page = await ctx.app.inject({ method: 'GET', url });
    expect(renders).toEqual([url]);
    expect(page.body).not.toContain('stale');
    await settle();
    renders.length = 0;
    await ctx.app.inject({ method: 'GET', url: `${url}?from=mail` });
    expect(renders).toEqual([`${url}?from=mail`]);
  });

  it('renders again once the article is rewritten, and for a new build', async () => {
    const url = `/zh/articles/${first.id}`;
    await ctx.app.inject({ method: 'GET', url });
    await settle();
    const { contentHash: _hash, ...content } = first;
    const corrected = { ...content, title: `${first.title}, corrected` };
    ctx.store.upsert({ ...corrected, contentHash: contentHashOf(corrected) });
    renders.length = 0;
    const page = await ctx.app.inject({ method: 'GET', url });
    expect(renders).toEqual([url]);
    expect(page.body).toContain(`${first.title}, corrected`);
    await settle();

    await new Promise((resolve) => setTimeout(resolve, 20));
    writeEntry(ctx, 'build two');
    renders.length = 0;
    const rebuilt = await ctx.app.inject({ method: 'GET', url });
    expect(renders).toEqual([url]);
    expect(rebuilt.body).toContain('data-build="two"');
    await settle();
    renders.length = 0;
    await ctx.app.inject({ method: 'GET', url });
    expect(renders).toEqual([]);
  });

  it('a first view whose view fits is one read (no read of the article data, no render); a write of what it shows moves it', async () => {
    const article = FIXTURES[2]!;
    const url = `/zh/articles/${article.id}`;
    const rendered = await ctx.app.inject({ method: 'GET', url });
    await settle();
    // That view stored the article's zh page too (it had none), which moved its revision: the next view finds the
    // view's key still fits the data and files it under the new revision, without rendering.
    await ctx.app.inject({ method: 'GET', url });
    await settle();
    const reads = {
      viewWithHead: vi.spyOn(ctx.store, 'viewWithHead'),
      page: vi.spyOn(ctx.store, 'page'),
      byId: vi.spyOn(ctx.store, 'byId'),
      renderedView: vi.spyOn(ctx.store, 'renderedView'),
    };
    renders.length = 0;
    // Another Host: not the page kept by the answer cache (its key has the host), the same page (the configured origin).
    const again = await ctx.app.inject({ method: 'GET', url, headers: { host: 'mirror.example' } });
    expect(again.body).toBe(rendered.body);
    expect(again.headers.etag).toBe(rendered.headers.etag);
    expect(renders).toEqual([]);
    expect([reads.viewWithHead, reads.page, reads.byId, reads.renderedView].map((spy) => spy.mock.calls.length)).toEqual([1, 0, 0, 0]);
    // The stored zh page changes (a pass rewrote it) while the article's row stays: the view no longer fits.
    const stored = ctx.store.byId(article.id)!;
    ctx.store.saveRenderedHtml(article.id, stored.contentHash, 'zh', '<p>a page written again, longer than the one before it</p>');
    const rewritten = await ctx.app.inject({ method: 'GET', url, headers: { host: 'another-mirror.example' } });
    expect(renders).toEqual([url]);
    expect(rewritten.body).toContain('a page written again');
    expect(rewritten.body).not.toBe(rendered.body);
    vi.restoreAllMocks();
    await settle();
  });

  it('the pass renders every article ahead in the offered languages, and nothing twice', async () => {
    const entry = new ServerEntry(ctx.config.distDir, { warn: () => {}, info: () => {} }, loadServerEntry);
    const seam = sqliteSeam(ctx.store);
    const pass = pageViewsPass({
      store: seam,
      reader: seam,
      answers: { render: fallbackRenderer() },
      build: () => entry.build(),
      buildId: () => entry.fileId(),
      origin: ctx.config.publicUrl,
      log: { warn: () => {} },
    });
    expect(pass.version).toContain(entry.fileId());
    const ids = await pass.next(100, undefined);
    expect(ids).toHaveLength(FIXTURES.length);
    renders.length = 0;
    const changed = await pass.apply(ids, undefined);
    // The first and third articles' zh views are already there from the views above; the rest are rendered.
    expect(changed).toBe(FIXTURES.length);
    expect(renders).toHaveLength(FIXTURES.length * 2 - 2);
    expect(await pass.apply(ids, undefined)).toBe(0);
    renders.length = 0;
    for (const article of FIXTURES) {
      const zh = await ctx.app.inject({ method: 'GET', url: `/zh/articles/${article.id}` });
      const es = await ctx.app.inject({ method: 'GET', url: `/es/articles/${article.id}` });
      expect([zh.statusCode, es.statusCode]).toEqual([200, 200]);
    }
    expect(renders).toEqual([]);
  });

  it('after a server change (another stamp) or a new origin the pass has a new version and renders every view again', async () => {
    const entry = new ServerEntry(ctx.config.distDir, { warn: () => {}, info: () => {} }, loadServerEntry);
    const seam = sqliteSeam(ctx.store);
    const passOf = (stamp: string, origin = ctx.config.publicUrl) =>
      pageViewsPass({
        store: seam,
        reader: seam,
        answers: { render: fallbackRenderer() },
        build: () => entry.build(),
        buildId: () => entry.fileId(),
        origin,
        stamp,
        log: { warn: () => {} },
      });
    const before = passOf('server-a');
    const after = passOf('server-b');
    expect(passOf('server-a').version).toBe(before.version);
    expect(after.version).not.toBe(before.version);
    expect(passOf('server-a', 'https://mirror.example').version).not.toBe(before.version);
    const ids = await before.next(100, undefined);
    await before.apply(ids, undefined);
    expect(await before.apply(ids, undefined)).toBe(0);
    // The content passes run a pass again when its version moves: every article's views are stored again for the
    // new server (its stamp is in their key), once.
    expect(await after.apply(ids, undefined)).toBe(ids.length);
    expect(await after.apply(ids, undefined)).toBe(0);
  });
});
