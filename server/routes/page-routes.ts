/**
 * Every page path answers with the web app's index.html, its head written for that page
 * (html-shell.ts) and, when the server-rendering build is there (http/server-entry.ts), the page
 * itself rendered by the same components as the browser's, with the API answers it was rendered
 * from embedded for the browser to start from (page-data.ts). Reached through the not-found
 * handler, after @fastify/static has found no file for the path.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { textLanguageFor } from '../../common/languages';
import { CATEGORY_LABELS } from '../../common/labels';
import { jsonForScriptElement } from '../../common/page-data';
import {
  buildMissingPage,
  headTags,
  injectApp,
  injectHead,
  resolvePage,
  type ArticleHeadData,
  type IndexTemplate,
  type PageRequest,
} from '../http/html-shell';
import type { ServerEntry } from '../http/server-entry';
import type { ArticleReader } from '../store/reader';
import type { ArticleStore } from '../store/types';
import type { ArticleAnswerDeps } from './article-routes';
import { readPageData } from './page-data';

export interface PageRenderer {
  (request: FastifyRequest, reply: FastifyReply, pathname: string): Promise<FastifyReply>;
}

export interface ServerRendering {
  readonly entry: ServerEntry;
  readonly reader: ArticleReader;
  readonly answers: Omit<ArticleAnswerDeps, 'log'>;
}

/** The screens that read the API on the server; the others (words, review, not found) render without data. */
const SEARCH_REDIRECT: PageRequest['kind'] = 'search';

export function createPageRenderer(options: {
  readonly store: ArticleStore;
  readonly template: IndexTemplate;
  readonly publicUrl: string;
  readonly rendering?: ServerRendering;
}): PageRenderer {
  const { store, template, publicUrl, rendering } = options;

  /** null: no such article; undefined: the store could not say. */
  function articleHead(id: string, lang: string, request: FastifyRequest): ArticleHeadData | null | undefined {
    try {
      const article = store.byId(id);
      if (!article) return null;
      const textLanguage = textLanguageFor(lang);
      const translated = lang === 'zh' || lang === 'es' ? article.summaryTranslations[lang]?.trim() : undefined;
      return {
        title: article.title,
        summary: translated || article.summary,
        publishedAt: article.publishedAt,
        categories: article.categories.map((c) => CATEGORY_LABELS[textLanguage][c] ?? c),
      };
    } catch (error) {
      // The page still works without its article tags; the client fetches and reports.
      request.log.warn({ err: error }, 'could not read the article for the page head');
      return undefined;
    }
  }

  /** The page rendered with its data, or undefined to serve the shell (no server build, or the render failed). */
  async function renderApp(request: FastifyRequest, page: PageRequest, pathname: string) {
    if (rendering === undefined || page.kind === SEARCH_REDIRECT) return undefined;
    const render = await rendering.entry.current();
    if (render === undefined) return undefined;
    const at = request.url.indexOf('?');
    const search = at === -1 ? '' : request.url.slice(at + 1);
    try {
      const { data } = await readPageData(rendering.reader, page, search, { ...rendering.answers, log: request.log });
      const html = await render({
        url: search === '' ? pathname : `${pathname}?${search}`,
        data,
        origin: `${request.protocol}://${request.host}`,
      });
      return { html, dataJson: jsonForScriptElement(data) };
    } catch (error) {
      // The shell still works: the browser renders and fetches as it did before server rendering.
      request.log.warn({ err: error, url: request.url }, 'server rendering failed; serving the shell');
      return undefined;
    }
  }

  return async (request, reply, pathname) => {
    const html = template.read();
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (html === undefined) {
      return reply.code(503).header('retry-after', 30).send(buildMissingPage());
    }
    const page = resolvePage(pathname);
    const article = page.kind === 'detail' && page.articleId ? articleHead(page.articleId, page.lang, request) : undefined;
    const notFound = page.kind === 'unknown' || article === null;
    const app = await renderApp(request, page, pathname);
    const tags = headTags({ publicUrl, page, ...(article ? { article } : {}), notFound, structuredData: app === undefined });
    const withHead = injectHead(html, page.textLanguage, tags);
    return reply.code(notFound ? 404 : 200).send(app === undefined ? withHead : injectApp(withHead, app.html, app.dataJson));
  };
}
