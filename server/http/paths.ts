/**
 * What a request path is, for the answers that are decided before (or without) a route: the rate
 * limit, load shedding, the not-found handler and the static files.
 */

/** Drops an absolute-form origin and the query, and decodes the path as the router would. */
export function normalisedPath(url: string): string {
  const path = pathOf(url);
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The path as sent: without an absolute-form origin (`GET http://host/x`), the query or a fragment. */
export function pathOf(url: string): string {
  const withoutOrigin = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  return withoutOrigin.split(/[?#]/, 1)[0] || '/';
}

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** A missing file must not come back as the app's HTML (a broken script tag would then parse HTML). */
export function looksLikeFile(pathname: string): boolean {
  if (pathname.startsWith('/assets/')) return true;
  const segments = pathname.split('/').filter(Boolean);
  return segments.length === 1 && /\.[A-Za-z0-9]{1,8}$/.test(segments[0]!);
}

/** Where the build puts the server-rendering module (vite.config.ts); the server loads it, nobody downloads it. */
export const SERVER_BUILD_FOLDER = 'server';

/** The built page of every page but the article pages. */
export const INDEX_TEMPLATE = 'index.html';
/**
 * The built page of the article pages (decision 59). The build writes it under the same name
 * (scripts/build/article-pages-app.ts ARTICLE_TEMPLATE, which keeps its own copy: the build imports nothing of server/;
 * tests/server/page-templates.test.ts checks the two agree).
 */
export const ARTICLE_TEMPLATE = 'article.html';

/** The built pages: sent only with their head written in. */
const PAGE_TEMPLATES = new Set([`/${INDEX_TEMPLATE}`, `/${ARTICLE_TEMPLATE}`]);

/** Source maps, dot files, the page templates and the server build stay in dist/ for the server and debugging, but are not public. */
export function isPublicFile(pathName: string): boolean {
  if (PAGE_TEMPLATES.has(pathName) || isApiPath(pathName)) return false;
  if (pathName === `/${SERVER_BUILD_FOLDER}` || pathName.startsWith(`/${SERVER_BUILD_FOLDER}/`)) return false;
  if (/\.map$/i.test(pathName)) return false;
  return !pathName.split('/').some((segment) => segment.startsWith('.'));
}
