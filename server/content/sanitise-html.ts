/**
 * Server-side HTML sanitising: DOMPurify over a jsdom window, allowing only the semantic
 * tags and attributes the article renderer emits. Everything the API sends as HTML has
 * passed through here, so even text that slipped past escaping cannot carry script.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { LINK_REL, strictlySafeHtml } from './strict-markup';

const { window } = new JSDOM('');
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);

// Formatting off: a tag list reads best packed, several tags a line (Prettier would put one a line).
// prettier-ignore
const ALLOWED_TAGS = [
  'article', 'header', 'section', 'aside', 'footer', 'div', 'span', 'p', 'h1', 'h2', 'h3', 'h4',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'em', 'strong', 'b', 'i', 'q', 'blockquote', 'time', 'a',
  'mark', 'abbr', 'small', 'br', 'hr', 'figure', 'figcaption', 'cite',
  // Vocabulary words in the body are buttons, so the keyboard can open their dictionary entry.
  'button',
];
// data-phrase: the phrase a body word stands in (word-markup.ts), read by the look-up.
const ALLOWED_ATTR = ['class', 'lang', 'dir', 'datetime', 'href', 'title', 'rel', 'hreflang', 'aria-label', 'role', 'type', 'data-phrase'];

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A' || !node.hasAttribute('href')) return;
  // Only absolute web links; DOMPurify's default already drops javascript: and friends.
  if (/^https?:\/\//i.test(node.getAttribute('href') ?? '')) {
    node.setAttribute('rel', LINK_REL);
  } else {
    node.removeAttribute('href');
  }
});

const TAG_SET = new Set(ALLOWED_TAGS);
const ATTRIBUTE_SET = new Set(ALLOWED_ATTR);

/** The renderer's output nearly always takes the strict fast path (strict-markup.ts); anything else goes through DOMPurify. */
export function sanitiseHtml(html: string): string {
  return (
    strictlySafeHtml(html, TAG_SET, ATTRIBUTE_SET) ??
    purify.sanitize(html, {
      ALLOWED_TAGS,
      ALLOWED_ATTR,
      ALLOW_DATA_ATTR: false,
    })
  );
}
