/**
 * Every page path answers with the web app's index.html, its head written for that page
 * (html-shell.ts). Reached through the not-found handler, after @fastify/static has found
 * no file for the path.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { textLanguageFor } from '../../common/languages';
import { PRIVATE_PAGE_KINDS } from '../../common/page-meta';
import { CATEGORY_LABELS } from '../../common/labels';
import { CACHE_POLICY } from '../http/cache-policy';
import { buildMissingPage, headTags, injectHead, resolvePage, type ArticleHeadData, type IndexTemplate } from '../http/html-shell';
import type { ArticleStore } from '../store/types';

export interface PageRenderer {
  (request: FastifyRequest, reply: FastifyReply, pathname: string): FastifyReply;
}

export function createPageRenderer(options: {
  readonly store: ArticleStore;
  readonly template: IndexTemplate;
  readonly publicUrl: string;
}): PageRenderer {
  const { store, template, publicUrl } = options;

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

  return (request, reply, pathname) => {
    const html = template.read();
    reply.type('text/html; charset=utf-8');
    if (html === undefined) {
      return reply.code(503).header('retry-after', 30).send(buildMissingPage());
    }
    const page = resolvePage(pathname);
    reply.header(
      'cache-control',
      page.kind !== 'unknown' && PRIVATE_PAGE_KINDS.includes(page.kind) ? CACHE_POLICY.private : CACHE_POLICY.page,
    );
    const article = page.kind === 'detail' && page.articleId ? articleHead(page.articleId, page.lang, request) : undefined;
    const notFound = page.kind === 'unknown' || article === null;
    const tags = headTags({ publicUrl, page, ...(article ? { article } : {}), notFound });
    return reply.code(notFound ? 404 : 200).send(injectHead(html, page.textLanguage, tags));
  };
}
