/**
 * The site's pages in one table, shared by the server and the browser's route tree. The server answers an
 * address that matches a row with its page (200), the search addresses below with a 301 to the list, and
 * everything else with the not-found page in the address's language (404), so "is this a page?" is decided
 * here and nowhere else (server/http/html-shell.ts, resolvePage; src/app/routes.tsx uses the same patterns).
 * A new page is a new row here and its screen in src/app/routes.tsx; tests/server/addresses.test.ts walks
 * every row.
 */
import { DEFAULT_LANGUAGE, isLanguageCode } from './languages';
import type { PageKind } from './page-meta';
import { LANGUAGE_TAG_ANY_CASE, pathSegments } from './path-resolution';

export interface PageRoute {
  readonly kind: Exclude<PageKind, 'search'>;
  /** The path after the language segment, wouter-style (`:name` is one segment); '' is the language's home. */
  readonly path: string;
}

export const PAGE_ROUTES = [
  { kind: 'home', path: '' },
  { kind: 'list', path: 'articles' },
  { kind: 'detail', path: 'articles/:articleId' },
  { kind: 'practice', path: 'articles/:articleId/practice' },
  { kind: 'words', path: 'words' },
  { kind: 'review', path: 'review' },
  { kind: 'level', path: 'level' },
  { kind: 'progress', path: 'progress' },
] as const satisfies readonly PageRoute[];

export type PageRouteKind = (typeof PAGE_ROUTES)[number]['kind'];

/** A route's pattern for the route tree: `/:lang/articles/:articleId`. */
export function routePattern(kind: PageRouteKind): string {
  const route = PAGE_ROUTES.find((r) => r.kind === kind)!;
  return route.path === '' ? '/:lang' : `/:lang/${route.path}`;
}

export interface PageMatch {
  readonly kind: PageRouteKind;
  /** Decoded path parameters (`articleId`). */
  readonly params: Readonly<Record<string, string>>;
}

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Which page the segments after the language name, if any (a segment that is not valid percent-encoding names none). */
export function matchPageRoute(rest: readonly string[]): PageMatch | undefined {
  for (const route of PAGE_ROUTES) {
    const parts = route.path === '' ? [] : route.path.split('/');
    if (parts.length !== rest.length) continue;
    const params: Record<string, string> = {};
    let fits = true;
    for (const [index, part] of parts.entries()) {
      const segment = rest[index]!;
      if (part.startsWith(':')) {
        const value = decoded(segment);
        if (value === undefined || value === '') fits = false;
        else params[part.slice(1)] = value;
      } else if (part !== segment) fits = false;
      if (!fits) break;
    }
    if (fits) return { kind: route.kind, params };
  }
  return undefined;
}

/** A matched page's own address in a language, its parameters encoded: `/zh/articles/a%20b`. */
export function pagePath(match: PageMatch, language: string): string {
  const route = PAGE_ROUTES.find((r) => r.kind === match.kind)!;
  const parts = route.path === '' ? [] : route.path.split('/');
  return ['', language, ...parts.map((part) => (part.startsWith(':') ? encodeURIComponent(match.params[part.slice(1)] ?? '') : part))].join(
    '/',
  );
}

/** The parameters a search address passes on to the list (the term and the list's filters; never `lang`). */
const SEARCH_LANGUAGE_PARAMETER = 'lang';

/**
 * `/search?q=…[&lang=es]` (what the site advertised to search engines) and `/{lang}/search?q=…`: the article list
 * with that term, in the path's language, else the `lang` parameter's, else the default. Undefined for any other
 * path. The server answers these with a 301 (the list renders the results); the route tree redirects the same way.
 */
export function searchAddressTarget(path: string, search: string): string | undefined {
  const segments = pathSegments(path);
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  let language: string;
  if (segments.length === 1 && segments[0] === 'search') {
    const requested = params.get(SEARCH_LANGUAGE_PARAMETER)?.trim().toLowerCase() ?? '';
    language = isLanguageCode(requested) ? requested : DEFAULT_LANGUAGE;
  } else if (segments.length === 2 && segments[1] === 'search' && LANGUAGE_TAG_ANY_CASE.test(segments[0]!)) {
    language = segments[0]!.toLowerCase();
  } else {
    return undefined;
  }
  const kept: string[] = [];
  for (const [name, value] of params) {
    if (name === SEARCH_LANGUAGE_PARAMETER) continue;
    const trimmed = name === 'q' ? value.trim() : value;
    // Encoded as the app's own list addresses are (a space is %20), so both sides land on the same address.
    if (trimmed !== '') kept.push(`${encodeURIComponent(name)}=${encodeURIComponent(trimmed)}`);
  }
  return `/${language}/articles${kept.length === 0 ? '' : `?${kept.join('&')}`}`;
}
