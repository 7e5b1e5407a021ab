// @vitest-environment node
/**
 * The fast path in front of DOMPurify decides only "certainly safe": anything outside its grammar
 * is handed to DOMPurify, and what it passes is what DOMPurify would keep.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { syntheticArticle } from '../support/synthetic-articles';
import { renderArticleHtml } from '../../server/content/render-article';
import { sanitiseHtml } from '../../server/content/sanitise-html';
import { LINK_REL, strictlySafeHtml } from '../../server/content/strict-markup';

const TAGS = new Set(['p', 'a', 'span', 'br', 'section']);
const ATTRIBUTES = new Set(['class', 'href', 'lang', 'rel']);
const check = (html: string) => strictlySafeHtml(html, TAGS, ATTRIBUTES);

describe('strictlySafeHtml', () => {
  it('passes escaped text in allow-listed tags unchanged, and gives web links their rel', () => {
    expect(check('<p class="x">a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39;<br></p>')).toBe(
      '<p class="x">a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39;<br></p>',
    );
    expect(check('<a href="https://ok.example/">o</a>')).toBe(`<a href="https://ok.example/" rel="${LINK_REL}">o</a>`);
  });

  it.each([
    ['an unknown tag', '<p><script>x()</script></p>'],
    ['an event handler', '<p onclick="x()">a</p>'],
    ['a style attribute', '<p style="color:red">a</p>'],
    ['a javascript: link', '<a href="javascript:x()">a</a>'],
    ['a relative link', '<a href="/x">a</a>'],
    ['a rel given by the input', '<a href="https://a.example/" rel="opener">a</a>'],
    ['an unclosed tag', '<p><span>a</p>'],
    ['a stray end tag', 'a</p>'],
    ['a comment', '<p><!-- x --></p>'],
    ['a raw >', '<p>a > b</p>'],
    ['an entity escapeHtml never writes', '<p>&#x3c;script&#x3e;</p>'],
    ['a single-quoted attribute', "<p class='x'>a</p>"],
    ['an unquoted attribute', '<p class=x>a</p>'],
    ['a repeated attribute', '<p class="a" class="b">a</p>'],
    ['an upper-case tag', '<P>a</P>'],
  ])('hands %s to DOMPurify', (_name, html) => {
    expect(check(html)).toBeUndefined();
  });

  it('keeps of a whole rendered article exactly what DOMPurify keeps', () => {
    const html = renderArticleHtml({ ...syntheticArticle(7), url: 'https://example.org/a?b=1&c=2' }, 'zh');
    expect(html).toContain('nr-vocab-word');
    expect(html).toContain(`rel="${LINK_REL}"`);
    // The fast path answers the renderer's output as it is (DOMPurify would have re-serialised it)...
    expect(sanitiseHtml(html)).toBe(html);
    // ...and a DOM reads it the same as DOMPurify's answer.
    const { window } = new JSDOM('');
    const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
    purify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.hasAttribute('href')) node.setAttribute('rel', LINK_REL);
    });
    const viaDom = (text: string) => {
      const template = window.document.createElement('template');
      template.innerHTML = text;
      return template.innerHTML;
    };
    expect(viaDom(html)).toBe(viaDom(purify.sanitize(html, { ADD_TAGS: ['button'], ADD_ATTR: ['type'] })));
  });
});
