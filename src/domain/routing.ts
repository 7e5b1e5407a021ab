/**
 * Pure path helpers for the routes /, /{lang}, /{lang}/articles and /{lang}/articles/{articleId}.
 *
 * First-segment rule (see docs/architecture.md): a first segment of exactly two letters is a
 * language tag and becomes the page language, even when it is not one we have texts for (/fr
 * shows English texts and asks the API in English). Anything else (/articles, /foo/bar) is not a
 * language, so the path is redirected, replacing the history entry, to the same path under the
 * default language (/articles -> /zh/articles). Two capital letters (/ES) are lower-cased by the
 * same redirect, so every language tag the app sees is lower case.
 */
import { DEFAULT_LANGUAGE } from '../../common/languages';

import { isLanguageTag, joinSegments, LANGUAGE_TAG_ANY_CASE, pathSegments } from '../../common/path-resolution';

export { isLanguageTag, pathSegments, resolvePath, type PathResolution } from '../../common/path-resolution';

/** The page language a path stands for; the default language when the path has no language tag. */
export function languageFromPath(path: string): string {
  const first = pathSegments(path)[0]?.toLowerCase();
  return isLanguageTag(first) ? first : DEFAULT_LANGUAGE;
}

/**
 * The same page in another language: replaces the language segment, or prepends one when the
 * path has none (/ -> /es, /articles -> /es/articles). The query string is kept as given.
 */
export function withLanguage(path: string, language: string, search = ''): string {
  const segments = pathSegments(path);
  const rest = LANGUAGE_TAG_ANY_CASE.test(segments[0] ?? '') ? segments.slice(1) : segments;
  const query = search === '' || search === '?' ? '' : search.startsWith('?') ? search : `?${search}`;
  return joinSegments([language, ...rest]) + query;
}

export function homePath(language: string): string {
  return `/${language}`;
}

export function aboutHref(language: string): string {
  return `/${language}#about`;
}

export function listPath(language: string, search = ''): string {
  const term = search.trim();
  return term === '' ? `/${language}/articles` : `/${language}/articles?q=${encodeURIComponent(term)}`;
}

/** The learner's saved words (kept in this browser). */
export function wordsPath(language: string): string {
  return `/${language}/words`;
}

/** The placement: where a learner starts (docs/learner-model.md). */
export function levelPath(language: string): string {
  return `/${language}/level`;
}

/** The learner's progress, from what this browser keeps. */
export function progressPath(language: string): string {
  return `/${language}/progress`;
}

/** The review session of saved words that are due. */
export function reviewPath(language: string): string {
  return `/${language}/review`;
}

export function detailPath(language: string, articleId: string): string {
  return `/${language}/articles/${encodeURIComponent(articleId)}`;
}

/** A path segment as written in the address, decoded; as given when it is not valid percent-encoding. */
export function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Which page of the route tree (src/app/routes.tsx) a path shows, with what the page needs from it. */
export type Page =
  | { readonly kind: 'home'; readonly language: string }
  | { readonly kind: 'list'; readonly language: string }
  | { readonly kind: 'article'; readonly language: string; readonly articleId: string }
  | { readonly kind: 'words'; readonly language: string }
  | { readonly kind: 'review'; readonly language: string }
  | { readonly kind: 'level'; readonly language: string }
  | { readonly kind: 'progress'; readonly language: string }
  | { readonly kind: 'other'; readonly language: string };

/**
 * The page a path shows: / and /{lang} are home, /{lang}/articles the list, /{lang}/articles/{id}
 * an article (the id decoded); anything else, including a path that is about to be redirected,
 * is "other". Actors that follow the address use it to tell their own page from the next one.
 */
export function pageAt(path: string): Page {
  const segments = pathSegments(path);
  const language = languageFromPath(path);
  if (segments.length === 0) return { kind: 'home', language };
  if (!isLanguageTag(segments[0])) return { kind: 'other', language };
  if (segments.length === 1) return { kind: 'home', language };
  if (
    segments.length === 2 &&
    (segments[1] === 'words' || segments[1] === 'review' || segments[1] === 'level' || segments[1] === 'progress')
  )
    return { kind: segments[1], language };
  if (segments[1] !== 'articles' || segments.length > 3) return { kind: 'other', language };
  return segments.length === 2 ? { kind: 'list', language } : { kind: 'article', language, articleId: decodePathSegment(segments[2]!) };
}

/** The article id a link points at, when it is an article page link (/{lang}/articles/{id}). */
export function articleIdFromHref(href: string | null): string | null {
  if (href === null) return null;
  let path = href;
  try {
    path = new URL(href, 'http://site.invalid').pathname;
  } catch {
    return null;
  }
  const segments = pathSegments(path);
  if (segments.length !== 3 || segments[1] !== 'articles') return null;
  return decodePathSegment(segments[2] ?? '');
}

/** The header's Articles link is active on the list and on every detail page. */
export function isArticlesPath(path: string): boolean {
  return pathSegments(path).includes('articles');
}
