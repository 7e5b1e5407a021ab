/**
 * The spec's body-sanitising steps (section 5) as a pure first pass. This is a regex pass and can
 * be bypassed; src/platform/html-sanitiser.ts runs DOMPurify after it and is the real guard.
 */

export const BASE64_HTML_PREFIX = 'data:text/html;base64,';

export interface DecodeResult {
  text: string;
  /** Set when decoding failed; `text` is then the raw input, unchanged. The caller logs it. */
  decodeError?: string;
}

const URL_ENCODED_ANGLE_BRACKET = /%3c|%3e/i;

function decodeBase64Utf8(encoded: string): string {
  // atob gives one char per byte; TextDecoder turns those bytes back into UTF-8 text.
  const binary = atob(encoded.replace(/\s+/g, ''));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Undoes the encodings bodies sometimes arrive in: a base64 HTML data URL (case-insensitive prefix),
 * then percent-encoding when the text contains %3C or %3E. Any failure returns the raw input.
 */
export function decodeBody(raw: string): DecodeResult {
  let text = raw;
  const trimmed = raw.trimStart();
  if (trimmed.slice(0, BASE64_HTML_PREFIX.length).toLowerCase() === BASE64_HTML_PREFIX) {
    try {
      text = decodeBase64Utf8(trimmed.slice(BASE64_HTML_PREFIX.length));
    } catch (error) {
      return { text: raw, decodeError: `Base64 body could not be decoded (${describe(error)})` };
    }
  }
  if (URL_ENCODED_ANGLE_BRACKET.test(text)) {
    try {
      text = decodeURIComponent(text);
    } catch (error) {
      return { text: raw, decodeError: `URL-encoded body could not be decoded (${describe(error)})` };
    }
  }
  return { text };
}

const SCRIPT_BLOCK = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
/** A <script> opening tag with no closing tag would still run in some parsers; drop it too. */
const SCRIPT_OPEN_TAG = /<script\b[^>]*>?/gi;
const JAVASCRIPT_SCHEME = /javascript\s*:/gi;
const EMBEDDING_OPEN_TAG = /<(?:iframe|embed|object)\b[^>]*>?/gi;
const TAG = /<[a-z][^>]*>/gi;
/** on...= inside a tag, after whitespace, a slash or a closing quote, with any kind of value. */
const EVENT_HANDLER_ATTRIBUTE = /([\s/"'])on[a-z]+\s*=\s*(?:"[^"]*"?|'[^']*'?|[^\s>]*)/gi;

/** How many passes before giving up; nested tricks like <scr<script>x</script>ipt> need more than one. */
const MAX_PASSES = 10;

function onePass(html: string): string {
  return html
    .replace(SCRIPT_BLOCK, '')
    .replace(SCRIPT_OPEN_TAG, '')
    .replace(EMBEDDING_OPEN_TAG, '')
    .replace(TAG, (tag) => tag.replace(EVENT_HANDLER_ATTRIBUTE, (_match, lead: string) => (/\s/.test(lead) ? '' : lead)))
    .replace(JAVASCRIPT_SCHEME, '');
}

/**
 * Removes script blocks, the text 'javascript:', inline event-handler attributes and the opening
 * tags of iframe, embed and object, repeating until nothing changes so that removals cannot
 * assemble a new dangerous token out of the pieces left behind.
 */
export function stripDangerousMarkup(html: string): string {
  let current = html;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const next = onePass(current);
    if (next === current) return next;
    current = next;
  }
  return current;
}
