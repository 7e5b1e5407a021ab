/**
 * /search?q=term[&lang=es]: the site-search address our WebSite structured data
 * advertises. It forwards, replacing the history entry, to the article list in the
 * requested language (default zh) with the search box filled in.
 */
import { Redirect, useSearch } from 'wouter';
import { DEFAULT_LANGUAGE, isLanguageCode } from '../../common/languages';
import { SEARCH_PATH } from '../domain/head-tags';
import { listPath } from '../domain/routing';
import { SearchHead } from '../views/head/page-heads';

export function isSearchPath(path: string): boolean {
  return path === SEARCH_PATH || path === `${SEARCH_PATH}/`;
}

export function searchRedirectTarget(search: string): string {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const requested = params.get('lang')?.trim().toLowerCase() ?? '';
  const language = isLanguageCode(requested) ? requested : DEFAULT_LANGUAGE;
  return listPath(language, params.get('q') ?? '');
}

export function SearchRedirect() {
  const search = useSearch();
  const target = searchRedirectTarget(search);
  const language = target.split('/')[1] ?? DEFAULT_LANGUAGE;
  return (
    <>
      <SearchHead language={language} />
      <Redirect to={target} replace />
    </>
  );
}
