/**
 * The built web app's files from dist/ (@fastify/static): hashed /assets/* cached for a year,
 * other files for an hour. Only files meant for the public (http/paths.ts isPublicFile): never
 * source maps, dot files or the page templates (index.html, article.html), which pages/page-plugin.ts serves
 * with its head written in. A path with no file falls through to the not-found handler (pages/page-plugin.ts). A file's Brotli or gzip form
 * written by the build (scripts/build/precompressed-files.ts) is sent as it is, where the browser
 * takes it: nothing is compressed per request, which on a page's first load held the server while
 * the page's scripts queued (issue 33).
 */
import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { CACHE_POLICY } from '../http/cache-policy';
import { isPublicFile } from '../http/paths';

export interface StaticFilesOptions {
  readonly distDir: string;
}

const staticFilesPlugin: FastifyPluginAsync<StaticFilesOptions> = async (app, { distDir }) => {
  // main.ts may build the app only after the server exists, so the folder is made now and
  // filled later; until index.html appears, page paths answer 503.
  mkdirSync(distDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: true,
    index: false,
    cacheControl: false,
    preCompressed: true,
    allowedPath: (pathName) => isPublicFile(pathName),
    setHeaders(res, filePath) {
      const relative = filePath.slice(distDir.length).replaceAll('\\', '/');
      res.setHeader('cache-control', relative.startsWith('/assets/') ? CACHE_POLICY.hashedAsset : 'public, max-age=3600');
      // The same address answers in other encodings for other browsers: caches on the way must tell them apart.
      if (/\.(br|gz)$/.test(relative)) res.setHeader('vary', 'accept-encoding');
    },
  });
};

export const staticFiles = fp(staticFilesPlugin, { fastify: '5.x', name: 'static-files' });
