/**
 * Turns what a visitor typed into a safe FTS5 query. The raw text never reaches MATCH:
 * each word becomes a quoted FTS string (so AND, OR, NEAR, *, ^, :, parentheses and quotes
 * are plain text), and the words are joined with AND.
 */

/** Words are runs of anything but whitespace that contain at least one letter or digit. */
export function searchTokens(q: string): string[] {
  // A word twice narrows nothing but costs a second pass over its index entries.
  return [...new Set(searchWords(q))];
}

/** Every word as typed, repeats included: what the HTTP layer's word limit counts. */
export function searchWords(q: string): string[] {
  return q
    .normalize('NFKC')
    .replace(/[\p{Cc}]/gu, ' ')
    .split(/\s+/u)
    .filter((token) => /[\p{L}\p{N}]/u.test(token));
}

/**
 * A word ending in `*` with at least this many characters before it is a prefix (`harb*` finds
 * harbor, harbours): shorter prefixes would merge the index entries of thousands of words.
 */
export const MIN_PREFIX_LENGTH = 3;

function ftsTerm(token: string): string {
  const prefix = /^(.*?)\*+$/u.exec(token)?.[1];
  if (prefix !== undefined && [...prefix].length >= MIN_PREFIX_LENGTH && /[\p{L}\p{N}]/u.test(prefix)) {
    return `"${prefix.replace(/"/g, '""')}"*`;
  }
  return `"${token.replace(/"/g, '""')}"`;
}

/** Each word as a quoted FTS5 term (a prefix keeps its `*`); empty when nothing searchable remains. */
export function ftsTerms(q: string): string[] {
  return searchTokens(q).map(ftsTerm);
}

/** undefined when nothing searchable remains; the caller answers with an empty page. */
export function toFtsQuery(q: string): string | undefined {
  const terms = ftsTerms(q);
  return terms.length === 0 ? undefined : terms.join(' AND ');
}

/** Private-use characters that mark hits in snippet() output; stripped from indexed text. */
export const HIT_START = '\uE000';
export const HIT_END = '\uE001';

export function stripSentinels(text: string): string {
  return text.replace(/[\uE000\uE001]/g, '');
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

/** Escapes the snippet text, then turns the sentinels into <mark> (never the other way round). */
export function snippetToHtml(raw: string): string {
  return escapeHtml(raw).replaceAll(HIT_START, '<mark>').replaceAll(HIT_END, '</mark>');
}
