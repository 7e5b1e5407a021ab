/**
 * A fast path in front of DOMPurify. DOMPurify needs a DOM, and jsdom takes 20–60 ms to parse one
 * rendered article (every body word is an element), which made rendering 100,000 articles take
 * hours. The renderer's own output follows a tiny grammar: allow-listed tags with double-quoted
 * allow-listed attributes, escaped text, balanced end tags. HTML that matches that grammar exactly
 * can carry no script (no other tag, no event handler, no style, no comment, no raw `<` or `>`,
 * only web links), so it is returned as it is, with the link attributes DOMPurify's hook would
 * add. Anything else — one unexpected character is enough — is left to DOMPurify, so the check
 * only ever decides "certainly safe", never "probably safe".
 */

/** Entities escapeHtml writes; any other `&` sends the text to DOMPurify. */
const TEXT = /^(?:[^<>&]|&(?:amp|lt|gt|quot|#39);)*$/u;
const ATTRIBUTE = / ([a-z-]+)="((?:[^"<>&]|&(?:amp|lt|gt|quot|#39);)*)"/gy;
const TAG = /<(\/?)([a-z][a-z0-9]*)((?: [a-z-]+="[^"]*")*)>/gy;
const VOID_TAGS = new Set(['br', 'hr']);
export const LINK_REL = 'noopener noreferrer nofollow';

/**
 * The HTML unchanged (links given `rel`) when it is inside the strict grammar for these tags
 * and attributes, otherwise undefined (the caller sanitises it the slow way).
 */
export function strictlySafeHtml(html: string, tags: ReadonlySet<string>, attributes: ReadonlySet<string>): string | undefined {
  const open: string[] = [];
  let out = '';
  let last = 0;
  for (let at = html.indexOf('<'); ; at = html.indexOf('<', last)) {
    const text = html.slice(last, at === -1 ? undefined : at);
    if (!TEXT.test(text)) return undefined;
    out += text;
    if (at === -1) break;
    TAG.lastIndex = at;
    const tag = TAG.exec(html);
    if (!tag) return undefined;
    const [whole, closing, name, attributeText] = tag as unknown as [string, string, string, string];
    if (!tags.has(name)) return undefined;
    last = at + whole.length;
    if (closing) {
      if (attributeText || open.pop() !== name) return undefined;
      out += whole;
      continue;
    }
    const checked = checkedAttributes(name, attributeText, attributes);
    if (checked === undefined) return undefined;
    if (!VOID_TAGS.has(name)) open.push(name);
    out += `<${name}${checked}>`;
  }
  return open.length === 0 ? out : undefined;
}

function checkedAttributes(tag: string, text: string, allowed: ReadonlySet<string>): string | undefined {
  ATTRIBUTE.lastIndex = 0;
  const seen = new Set<string>();
  let consumed = 0;
  for (let match = ATTRIBUTE.exec(text); match; match = ATTRIBUTE.exec(text)) {
    const [whole, name, value] = match as unknown as [string, string, string];
    // rel is written here, never taken from the input; a repeated attribute is odd enough to hand over.
    if (!allowed.has(name) || name === 'rel' || seen.has(name)) return undefined;
    if (name === 'href' && (tag !== 'a' || !/^https?:\/\//i.test(value))) return undefined;
    seen.add(name);
    consumed += whole.length;
  }
  if (consumed !== text.length) return undefined;
  return tag === 'a' && seen.has('href') ? `${text} rel="${LINK_REL}"` : text;
}
