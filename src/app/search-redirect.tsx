/**
 * /search?q=term[&lang=es] and /{lang}/search?q=term: the site-search addresses. They forward, replacing the
 * history entry, to the article list with the search box filled in (common/page-routes.ts decides where; the
 * server answers the same addresses with a 301 there, so this runs only when the app moves to one itself).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { DEFAULT_LANGUAGE } from '../../common/languages';
import { searchAddressTarget } from '../../common/page-routes';
import { listPath } from '../domain/routing';
import { afterPageSettles } from '../platform/main-thread';

// The head model loads with its own chunk (not in home's and the list's first load).
const SearchHead = lazy(() =>
  afterPageSettles()
    .then(() => import('../views/head/page-heads'))
    .then((module): { default: (props: { language: string }) => ReactNode } => ({ default: module.SearchHead }))
    // A chunk that cannot be downloaded (the server is away) leaves the tags as they are; the page still shows.
    .catch(() => ({ default: () => null })),
);

/** Where /search with this query string leads. */
export function searchRedirectTarget(search: string, path = '/search'): string {
  return searchAddressTarget(path, search) ?? listPath(DEFAULT_LANGUAGE);
}

export function SearchRedirect() {
  const [location] = useLocation();
  const search = useSearch();
  const target = searchRedirectTarget(search, location);
  const language = target.split('/')[1] ?? DEFAULT_LANGUAGE;
  return (
    <>
      <Suspense fallback={null}>
        <SearchHead language={language} />
      </Suspense>
      <Redirect to={target} replace />
    </>
  );
}
