/**
 * The first-segment rule (docs/architecture.md, "Routes and languages"), shared by the browser's
 * route tree and the server, which answers a non-canonical address with a redirect to the same
 * place the app would send it, so pages are readable at their address before any script runs.
 */
import { DEFAULT_LANGUAGE } from './languages';

export const LANGUAGE_TAG = /^[a-z]{2}$/;
export const LANGUAGE_TAG_ANY_CASE = /^[a-z]{2}$/i;

export type PathResolution =
  { readonly kind: 'page'; readonly language: string; readonly path: string } | { readonly kind: 'redirect'; readonly to: string };

/** Splits '/a/b/' into ['a', 'b']; empty segments from doubled or trailing slashes are dropped. */
export function pathSegments(path: string): string[] {
  return stripQueryAndHash(path)
    .split('/')
    .filter((segment) => segment !== '');
}

function stripQueryAndHash(path: string): string {
  const cut = path.search(/[?#]/);
  return cut === -1 ? path : path.slice(0, cut);
}

export function joinSegments(segments: readonly string[]): string {
  return '/' + segments.join('/');
}

export function isLanguageTag(segment: string | undefined): segment is string {
  return segment !== undefined && LANGUAGE_TAG.test(segment);
}

/** Where a path leads: a page in some language, or a redirect to the canonical path. */
export function resolvePath(path: string): PathResolution {
  const segments = pathSegments(path);
  const first = segments[0];
  const given = stripQueryAndHash(path);
  if (first === undefined) {
    return given === '/' || given === '' ? { kind: 'page', language: DEFAULT_LANGUAGE, path: '/' } : { kind: 'redirect', to: '/' };
  }
  if (!LANGUAGE_TAG_ANY_CASE.test(first)) {
    return { kind: 'redirect', to: joinSegments([DEFAULT_LANGUAGE, ...segments]) };
  }
  const language = first.toLowerCase();
  const canonical = joinSegments([language, ...segments.slice(1)]);
  // Upper-case tags and doubled slashes (//zh, /zh//articles) get one canonical address; a single trailing slash is fine.
  if (given !== canonical && given !== `${canonical}/`) return { kind: 'redirect', to: canonical };
  return { kind: 'page', language, path: canonical };
}
