/**
 * Every page path answers with the web app's built page (article.html for article pages, index.html
 * for the others: page-templates.ts), its head written for that page
 * (page-renderer.ts): "/" has its own route (to @fastify/static it is the dist folder
 * itself), every other path arrives through the not-found handler once static-files.ts has
 * found no file for it. That handler also answers what is not a page: a JSON 404 for unknown
 * /api paths and for methods other than GET and HEAD, a plain 404 for a missing file.
 */
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../http/api-error';
import { PageTemplates } from './page-templates';
import { isApiPath, looksLikeFile, normalisedPath, pathOf } from '../http/paths';
import { ServerEntry, type ModuleLoader } from './server-entry';
import { createPageRenderer, type PageHeadStore, type ServerRendering } from './page-renderer';

export interface PagesOptions {
  readonly store: PageHeadStore;
  readonly distDir: string;
  readonly publicUrl: string;
  /** What server rendering reads with (the API's reader and article rendering); without it pages are the shell. */
  readonly rendering?: Omit<ServerRendering, 'entry'>;
  /** How the server-rendering module is imported (tests); Node's import() otherwise. */
  readonly loadServerEntry?: ModuleLoader;
}

const pagesPlugin: FastifyPluginCallback<PagesOptions> = (app, { store, distDir, publicUrl, rendering, loadServerEntry }, done) => {
  const template = new PageTemplates(distDir);
  const entry = new ServerEntry(distDir, app.log, loadServerEntry);
  const renderPage = createPageRenderer({ store, template, publicUrl, ...(rendering ? { rendering: { ...rendering, entry } } : {}) });

  app.get('/', (request, reply) => renderPage(request, reply, '/'));

  // Unknown API paths count against the rate limit like known ones.
  const notFoundOptions = app.hasDecorator('rateLimit') ? { preHandler: app.rateLimit() } : {};
  app.setNotFoundHandler(notFoundOptions, (request, reply) => {
    // Absolute-form targets (GET http://host/api/x) and encoded spellings (/%61pi/x) are still API paths.
    const pathname = pathOf(request.url);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(normalisedPath(request.url)) || !isRead) {
      const message = isApiPath(pathname)
        ? `There is no API endpoint ${request.method} ${pathname.slice(0, 200)}`
        : `Nothing answers ${request.method} here`;
      return reply.code(404).send(errorBody('not_found', message));
    }
    if (looksLikeFile(pathname)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return renderPage(request, reply, pathname);
  });
  done();
};

export const pages = fp(pagesPlugin, { fastify: '5.x', name: 'pages' });
