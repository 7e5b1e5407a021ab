/**
 * Turns what a visitor typed into a safe FTS5 query. The raw text never reaches MATCH:
 * each word becomes a quoted FTS string (so AND, OR, NEAR, *, ^, :, parentheses and quotes
 * are plain text), and the words are joined with AND.
 */
import { escapeHtml } from '../../common/escape-html';

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

/** A word's runs of letters and digits: the words a tokenizer finds in it (`sea-lions` is sea, lions). */
export function wordParts(token: string): string[] {
  return token.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/**
 * The parts of a prefix term, or undefined when the word is not one. Parts joined by punctuation are
 * a phrase (`sea-lio*` is `sea` then a word starting `lio`), so only the last part is a prefix, and it
 * is the one that must reach MIN_PREFIX_LENGTH: `b-c-d*` would otherwise expand `d` over the index.
 */
export function prefixParts(token: string): string[] | undefined {
  const prefix = /^(.*?)\*+$/u.exec(token)?.[1];
  if (prefix === undefined) return undefined;
  const parts = wordParts(prefix);
  const last = parts[parts.length - 1];
  return last !== undefined && [...last].length >= MIN_PREFIX_LENGTH ? parts : undefined;
}

function ftsTerm(token: string): string {
  const prefix = prefixParts(token) !== undefined;
  const text = prefix ? token.replace(/\*+$/u, '') : token;
  return `"${text.replace(/"/g, '""')}"${prefix ? '*' : ''}`;
}

/** Each word as a quoted FTS5 term (a prefix keeps its `*`); empty when nothing searchable remains. */
export function ftsTerms(q: string): string[] {
  return searchTokens(q).map(ftsTerm);
}

/**
 * The quoted terms split by the index that answers them (SQLite, search-words.ts): whole words go to the stemmed
 * index (`running` finds runs), prefixes to the index of words as written (`fes*` finds festival, never federal).
 */
export function ftsTermGroups(q: string): { words: string[]; prefixes: string[] } {
  const words: string[] = [];
  const prefixes: string[] = [];
  for (const token of searchTokens(q)) (prefixParts(token) !== undefined ? prefixes : words).push(ftsTerm(token));
  return { words, prefixes };
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

/** Escapes the snippet text, then turns the sentinels into <mark> (never the other way round). */
export function snippetToHtml(raw: string): string {
  return escapeHtml(raw).replaceAll(HIT_START, '<mark>').replaceAll(HIT_END, '</mark>');
}
