/**
 * What the list page's search box becomes in a request. The web app's client sends it, and the
 * server computes the same when it renders a list page, so the answer it embeds is for exactly the
 * request the client would make (common/page-data.ts).
 */
import { QUERY_LIMITS } from './contract';

/**
 * The search box has no bound (spec); a longer paste is cut to what the server accepts (its first
 * words, then its characters, never a control character) rather than failing with a 400.
 */
export function withinSearchLimits(search: string): string {
  const kept: string[] = [];
  let words = 0;
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const controlCharacters = /[\u0000-\u001f\u007f]/g;
  for (const token of search.replace(controlCharacters, ' ').trim().split(/\s+/u)) {
    if (/[\p{L}\p{N}]/u.test(token)) {
      if (words === QUERY_LIMITS.qMaxTerms) break;
      words += 1;
    }
    kept.push(token);
  }
  return [...kept.join(' ')].slice(0, QUERY_LIMITS.qMaxLength).join('').trim();
}
