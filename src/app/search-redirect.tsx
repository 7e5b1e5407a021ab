/**
 * /search?q=term[&lang=es] and /{lang}/search?q=term: the site-search addresses. They forward, replacing the
 * history entry, to the article list with the search box filled in (common/page-routes.ts decides where; the
 * server answers the same addresses with a 301 there, so this runs only when the app moves to one itself).
 */
import { Redirect, useLocation, useSearch } from 'wouter';
import { DEFAULT_LANGUAGE } from '../../common/languages';
import { searchAddressTarget } from '../../common/page-routes';
import { listPath } from '../domain/routing';
import { SearchHead } from '../views/head/page-heads';

export function isSearchPath(path: string): boolean {
  return searchAddressTarget(path, '') !== undefined;
}

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
      <SearchHead language={language} />
      <Redirect to={target} replace />
    </>
  );
}
