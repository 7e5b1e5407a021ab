/**
 * Every page path answers with the web app's built page (article.html for article pages, index.html
 * for the others: page-templates.ts), its head written for that page
 * (html-shell.ts) and, when the server-rendering build is there (server-entry.ts), the page
 * itself rendered by the same components as the browser's, with the API answers it was rendered
 * from embedded for the browser to start from (embedded-answers.ts). Reached through the not-found
 * handler, after @fastify/static has found no file for the path.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PRIVATE_PAGE_KINDS } from '../../common/page-meta';
import { searchAddressTarget } from '../../common/page-routes';
import { resolvePath } from '../../common/path-resolution';
import { CACHE_POLICY } from '../http/cache-policy';
import { jsonForScriptElement, type PageData } from '../../common/page-data';
import {
  buildMissingPage,
  headOf,
  headTags,
  injectApp,
  injectHead,
  resolvePage,
  type ArticleHeadData,
  type PageRequest,
} from './html-shell';
import { AnswerCache } from '../http/prepared-answers';
import type { PageTemplates } from './page-templates';
import type { RenderPage, ServerEntry } from './server-entry';
import type { ArticleReads, StoredView } from '../store/article-store';
import type { ArticleWithPage, StoredArticle } from '../store/types';
import { etagOf } from '../http/json-reply';
import { readPageData, type PageAnswerDeps, type PageDataResult } from './embedded-answers';
import { articleViewName, packView, viewAtOneRead, viewIfFits, viewKey, type KnownView, type ViewStore } from './page-views';

/** Where a page's head reads its article: the synchronous SQLite store or any ArticleStore. */
export interface PageHeadStore {
  byId(id: string): StoredArticle | undefined | Promise<StoredArticle | undefined>;
}

export interface PageRenderer {
  (request: FastifyRequest, reply: FastifyReply, pathname: string): Promise<FastifyReply>;
}

export interface ServerRendering {
  readonly entry: ServerEntry;
  readonly reader: ArticleReads;
  readonly answers: Omit<PageAnswerDeps, 'log'>;
  /** The database's data version (http/prepared-answers.ts); with it, rendered pages are kept until the next write. */
  readonly dataVersion?: () => number;
  /** Rendered pages kept (0: none). */
  readonly cacheEntries?: number;
  /** Where article pages rendered ahead are kept (page-views.ts); without it every article page is rendered. */
  readonly views?: ViewStore;
  /** viewStamp() of this server: with a store that reads views with their head (SQLite), a first view is one read. */
  readonly viewStamp?: string;
}

const PAGE_CACHE_ENTRIES = 500;
/** About 32 pages of 75 KB an MiB; bounded like the API's cache. */
const PAGE_CACHE_CHARS = 32 * 1024 * 1024;

/** A path ending in a file name (a script, a style sheet, an image) is a missing file, not an address to move. */
const NAMES_A_FILE = /\.(?:m?js|css|map|json|txt|xml|html?|ico|png|jpe?g|gif|svg|webp|webmanifest|woff2?)$/i;

function versionOrUndefined(dataVersion: () => number): number | undefined {
  try {
    return dataVersion();
  } catch {
    return undefined;
  }
}

export function createPageRenderer(options: {
  readonly store: PageHeadStore;
  readonly template: Pick<PageTemplates, 'read' | 'stamp'>;
  readonly publicUrl: string;
  readonly rendering?: ServerRendering;
}): PageRenderer {
  const { store, template, publicUrl, rendering } = options;
  // A rendered page costs a React render (a few milliseconds, most of a request); a popular one is kept, as the
  // API keeps its answers: by address, per data version, from its second request (http/prepared-answers.ts).
  const cacheEntries = rendering?.dataVersion ? (rendering.cacheEntries ?? PAGE_CACHE_ENTRIES) : 0;
  const cache = new AnswerCache(cacheEntries, PAGE_CACHE_CHARS);
  const asText = (page: unknown) => page as string;

  /**
   * null: no such article; undefined: the store could not say. `id` is the article's own: another than the
   * one asked for when that one was merged into it (npm run ingest -- --merge-duplicates).
   */
  async function articleHead(
    id: string,
    lang: string,
    request: FastifyRequest,
  ): Promise<(ArticleHeadData & { readonly id: string }) | null | undefined> {
    try {
      const article = await store.byId(id);
      return article ? headOf(article, lang) : null;
    } catch (error) {
      // The page still works without its article tags; the client fetches and reports.
      request.log.warn({ err: error }, 'could not read the article for the page head');
      return undefined;
    }
  }

  /** What a page shows, read for its render; 'failed' when the store could not say (the shell then goes out). */
  async function readData(request: FastifyRequest, page: PageRequest, search: string): Promise<PageDataResult | 'failed'> {
    try {
      return await readPageData(rendering!.reader, page, search, { ...rendering!.answers, log: request.log });
    } catch (error) {
      request.log.warn({ err: error, url: request.url }, 'could not read the page data; serving the shell');
      return 'failed';
    }
  }

  /**
   * The app's HTML for an article page as rendered ahead (page-views.ts) when its stored view fits this build and
   * data; otherwise rendered now and stored for the next view. `key` names what the HTML was made from.
   */
  async function articleApp(
    request: FastifyRequest,
    page: PageRequest,
    article: ArticleWithPage,
    render: RenderPage,
    url: string,
    data: PageData,
    dataJson: string,
    known: KnownView | undefined,
  ): Promise<{ html: string; key?: string }> {
    const views = rendering!.views;
    const build = rendering!.entry.buildId();
    if (views === undefined || build === '') return { html: await render({ url, data, origin: publicUrl }) };
    const key = viewKey(build, url, publicUrl, dataJson);
    const name = articleViewName(page.lang);
    let stored: StoredView | undefined = known?.view;
    if (known === undefined) {
      try {
        stored = await views.renderedView(article.id, name);
      } catch (error) {
        request.log.warn({ err: error }, 'could not read the stored view of an article page; rendering it');
      }
    }
    const kept = viewIfFits(stored, key);
    // Stored again with its inputs (read before the data) when it had none that fit: the next first view is one read.
    const extra = known?.inputs !== undefined ? { inputs: known.inputs, data: packView(dataJson) } : {};
    if (kept !== undefined && (known === undefined || stored?.inputs === known.inputs)) return { html: kept, key };
    const html = kept ?? (await render({ url, data, origin: publicUrl }));
    // Best effort, after the answer: a view that could not be stored is rendered again on the next view.
    setImmediate(() => {
      Promise.resolve()
        .then(() => views.saveRenderedView(article.id, name, { key, body: kept !== undefined ? stored!.body : packView(html), ...extra }))
        .catch((error: unknown) => request.log.warn({ err: error }, 'could not store the view of an article page'));
    });
    return { html, key };
  }

  /**
   * The page rendered with its data; undefined to serve the shell (no server build: the browser renders, as
   * before server rendering); 'failed' when the render failed (the shell then goes out as a degraded page).
   */
  async function renderApp(
    request: FastifyRequest,
    page: PageRequest,
    pathname: string,
    render: RenderPage | undefined,
    read: PageDataResult | 'failed' | undefined,
    known: KnownView | undefined,
  ) {
    if (rendering === undefined || render === undefined) return undefined;
    const at = request.url.indexOf('?');
    const search = at === -1 ? '' : request.url.slice(at + 1);
    const pageData = read ?? (await readData(request, page, search));
    if (pageData === 'failed') return 'failed' as const;
    try {
      const { data, missingArticle, article } = pageData;
      const url = search === '' ? pathname : `${pathname}?${search}`;
      const dataJson = jsonForScriptElement(data);
      // An article page without a query is a function of its article, language and build: rendered ahead.
      // The configured address, never the request's Host: the page may be kept by a CDN for everyone.
      const app =
        page.kind === 'detail' && search === '' && article !== undefined && !missingArticle
          ? await articleApp(request, page, article, render, url, data, dataJson, known)
          : { html: await render({ url, data, origin: publicUrl }) };
      return { html: app.html, dataJson, missingArticle, key: app.key };
    } catch (error) {
      // The shell still works: the browser renders and fetches as it did before server rendering.
      request.log.warn({ err: error, url: request.url }, 'server rendering failed; serving the shell');
      return 'failed' as const;
    }
  }

  return async (request, reply, pathname) => {
    // The address the app would move to (an upper-case or missing language tag, doubled slashes), as a
    // redirect before any page is rendered: crawlers, link previews and readers without JavaScript land there too.
    const at = request.url.indexOf('?');
    // The search addresses (the one our structured data once advertised, and the same under a language) are the
    // list with that term: moved there, where the list is rendered with its results (common/page-routes.ts).
    const searched = searchAddressTarget(pathname, at === -1 ? '' : request.url.slice(at + 1));
    if (searched !== undefined) {
      return reply.code(301).header('location', searched).header('cache-control', CACHE_POLICY.page).send();
    }
    const resolved = resolvePath(pathname);
    if (resolved.kind === 'redirect' && !NAMES_A_FILE.test(pathname)) {
      return reply
        .code(301)
        .header('location', resolved.to + (at === -1 ? '' : request.url.slice(at)))
        .header('cache-control', CACHE_POLICY.page)
        .send();
    }
    const page = resolvePage(pathname);
    const html = template.read(page.kind);
    reply.type('text/html; charset=utf-8');
    if (html === undefined) {
      return reply.code(503).header('retry-after', 30).send(buildMissingPage());
    }
    // Looked at on every request (a stat), so a rebuilt server entry is used at once and cached pages of the old one are not.
    const render = rendering === undefined ? undefined : await rendering.entry.current();
    // Read before the page's data, so a page is never filed under a newer version than its data.
    // A database that cannot say (closed, replaced) means no caching: the page still comes back.
    const version = cacheEntries > 0 ? versionOrUndefined(rendering!.dataVersion!) : undefined;
    const caching = version !== undefined;
    const key = caching ? [template.stamp(), rendering!.entry.stamp(), request.protocol, request.host, request.url].join('\u0000') : '';
    reply.header(
      'cache-control',
      page.kind !== 'unknown' && PRIVATE_PAGE_KINDS.includes(page.kind) ? CACHE_POLICY.private : CACHE_POLICY.page,
    );
    const kept = caching ? cache.get(key, version) : undefined;
    // The kept page's ETag was computed when it was kept (plugins/html-etags.ts answers 304 with it).
    if (kept !== undefined) return reply.code(200).header('etag', kept.etag).send(kept.json);
    // A first view of an article page at one read: its view fits (page-views.ts), so no data read and no render.
    const oneRead =
      page.kind === 'detail' && at === -1 && render !== undefined && rendering !== undefined
        ? await viewAtOneRead(rendering.views, rendering.viewStamp, rendering.entry.buildId(), publicUrl, page, request.log)
        : undefined;
    if (oneRead?.fits) {
      const { read: fitting, html: appHtml, dataJson, key: viewKeyOf } = oneRead.fits;
      const tags = headTags({ publicUrl, page, article: headOf(fitting, page.lang), notFound: false, structuredData: false });
      const withHead = injectHead(html, page.textLanguage, tags, page.kind);
      const body = injectApp(withHead, appHtml, dataJson);
      const etag = etagOf(`${viewKeyOf}\u0000${withHead}`);
      if (caching) cache.put(key, version, body, asText, etag);
      return reply.code(200).header('etag', etag).send(body);
    }
    const known = oneRead?.known;
    // An article page being rendered reads its article once: its answer's row gives the head too.
    const read =
      page.kind === 'detail' && page.articleId && render !== undefined
        ? await readData(request, page, at === -1 ? '' : request.url.slice(at + 1))
        : undefined;
    // The practice page of an article is there only while its article is (issue 28).
    const article =
      read !== undefined && read !== 'failed'
        ? read.article
          ? headOf(read.article, page.lang)
          : read.missingArticle
            ? null
            : undefined
        : (page.kind === 'detail' || page.kind === 'practice') && page.articleId
          ? await articleHead(page.articleId, page.lang, request)
          : undefined;
    if (article && page.kind === 'detail' && article.id !== page.articleId) {
      // A duplicate merged into an older article: its address moves there for good, so a learner's link still works.
      const at = request.url.indexOf('?');
      return reply
        .code(301)
        .header('location', `/${page.lang}/articles/${encodeURIComponent(article.id)}${at === -1 ? '' : request.url.slice(at)}`)
        .header('cache-control', CACHE_POLICY.page)
        .send();
    }
    const rendered = await renderApp(request, page, pathname, render, read, known);
    const app = rendered === 'failed' ? undefined : rendered;
    // A rendered page's own answer decides, so its status and head always agree with what it shows.
    const notFound =
      page.kind === 'unknown' || (page.kind === 'practice' ? article === null : app === undefined ? article === null : app.missingArticle);
    // A degraded page (the render failed) is not to be kept by a CDN in place of the real one.
    if (rendered === 'failed') reply.header('cache-control', CACHE_POLICY.private);
    const tags = headTags({ publicUrl, page, ...(article ? { article } : {}), notFound, structuredData: app === undefined });
    const withHead = injectHead(html, page.textLanguage, tags, page.kind);
    if (app === undefined) return reply.code(notFound ? 404 : 200).send(withHead);
    const body = injectApp(withHead, app.html, app.dataJson);
    // An article page whose head could not be read (undefined, a passing store error) is sent but not kept.
    const headComplete = page.kind !== 'detail' || article !== undefined;
    // The body is the head-filled shell, the app and its data: named by the shell and the view's key, so its
    // ETag needs no hash of the whole page (plugins/html-etags.ts uses this one).
    const etag = app.key !== undefined && !notFound ? etagOf(`${app.key}\u0000${withHead}`) : undefined;
    if (etag !== undefined) reply.header('etag', etag);
    if (!notFound && caching && headComplete) cache.put(key, version, body, asText, etag);
    return reply.code(notFound ? 404 : 200).send(body);
  };
}
