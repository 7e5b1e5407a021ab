import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createDomPurifySanitiser } from '../../../src/platform/html-sanitiser';
import { BASE64_XSS_VECTORS, PLAIN_XSS_VECTORS, URL_ENCODED_XSS_VECTORS, XSS_VECTORS, findXssProblems } from '../../support/xss-vectors';

const sanitiser = createDomPurifySanitiser();

/** Parses the output in a document of its own, the way the detail page's container would hold it. */
function parse(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
}

describe('the XSS vector list', () => {
  it('holds at least 50 vectors, including encoded variants', () => {
    expect(PLAIN_XSS_VECTORS.length).toBeGreaterThanOrEqual(50);
    expect(BASE64_XSS_VECTORS.length).toBeGreaterThan(0);
    expect(URL_ENCODED_XSS_VECTORS.length).toBeGreaterThan(0);
    expect(new Set(XSS_VECTORS).size).toBe(XSS_VECTORS.length);
  });

  it('is dangerous before sanitising, so the checks below mean something', () => {
    const flagged = PLAIN_XSS_VECTORS.filter((vector) => findXssProblems(parse(vector)).length > 0);
    // Style-only and CSS vectors are dangerous in old browsers but carry none of the checked markers.
    expect(flagged.length).toBeGreaterThanOrEqual(60);
    expect(findXssProblems(parse('<svg/onload=alert(1)>'))).toEqual(['onload attribute on <svg>']);
    expect(findXssProblems(parse('<a href="jav&#x09;ascript:alert(1)">x</a>'))).toHaveLength(1);
  });
});

describe('sanitise() against every vector', () => {
  it.each(XSS_VECTORS.map((vector, index) => [index, vector] as const))('vector %i is made harmless: %s', (_index, vector) => {
    const { html } = sanitiser.sanitise(vector);
    const doc = parse(html);
    expect(findXssProblems(doc)).toEqual([]);
    expect(doc.querySelectorAll('script, iframe, embed, object, base, meta, link, style, form, frame, frameset')).toHaveLength(0);
  });

  it('removes the spec-named vectors outright', () => {
    expect(sanitiser.sanitise('<p>ok</p><svg/onload=alert(1)>').html).toBe('<p>ok</p>');
    expect(sanitiser.sanitise('<scr<script>x</script>ipt>alert(1)</script>').html).not.toContain('<script');
    const link = parse(sanitiser.sanitise('<a href="jav&#x09;ascript:alert(1)">x</a>').html).querySelector('a');
    expect(link?.getAttribute('href') ?? '').not.toMatch(/script/i);
  });
});

describe('sanitise() on real article markup', () => {
  const ARTICLE = [
    '<h2>Council vote delayed</h2>',
    '<p>The council <strong>postponed</strong> the vote and <em>asked</em> for more data.</p>',
    '<ul><li>First point</li><li>Second point</li></ul>',
    '<blockquote>We need more time.</blockquote>',
    '<p>Read the <a href="https://example.org/report">full report</a>.</p>',
    '<img src="https://example.org/chart.png" alt="Chart of votes">',
    '<img src="data:image/png;base64,iVBORw0KGgo=" alt="Inline dot">',
  ].join('');

  it('keeps headings, paragraphs, emphasis, lists, quotes, images and https links', () => {
    const doc = parse(sanitiser.sanitise(ARTICLE).html);
    expect(doc.querySelector('h2')?.textContent).toBe('Council vote delayed');
    expect(doc.querySelector('strong')?.textContent).toBe('postponed');
    expect(doc.querySelector('em')?.textContent).toBe('asked');
    expect(doc.querySelectorAll('ul > li')).toHaveLength(2);
    expect(doc.querySelector('blockquote')?.textContent).toBe('We need more time.');
    expect(doc.querySelector('a')?.getAttribute('href')).toBe('https://example.org/report');
    expect(doc.querySelectorAll('img')[0]?.getAttribute('alt')).toBe('Chart of votes');
    expect(doc.querySelectorAll('img')[1]?.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('opens every link in a new tab without giving it a handle on our page', () => {
    const doc = parse(sanitiser.sanitise('<a href="https://a.example">a</a><p><a href="/x" target="_self" rel="opener">b</a></p>').html);
    const links = Array.from(doc.querySelectorAll('a'));
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('drops data: URLs other than images, and style elements, but keeps style attributes', () => {
    const doc = parse(sanitiser.sanitise('<a href="data:text/html,hi">d</a><style>p{color:red}</style><p style="color: green">g</p>').html);
    expect(doc.querySelector('a')?.hasAttribute('href')).toBe(false);
    expect(doc.querySelector('style')).toBeNull();
    expect(doc.querySelector('p')?.getAttribute('style')).toBe('color: green');
  });

  it('decodes base64 and URL-encoded bodies before sanitising', () => {
    const base64 = `data:text/html;base64,${btoa('<p>Encoded <b>body</b></p>')}`;
    expect(sanitiser.sanitise(base64)).toEqual({ html: '<p>Encoded <b>body</b></p>' });
    expect(sanitiser.sanitise('%3Cp%3EHello%3C%2Fp%3E')).toEqual({ html: '<p>Hello</p>' });
  });

  it('keeps the raw text and reports the failure when decoding fails', () => {
    const raw = '%3Cp%3E100% sure%3C/p%3E';
    const result = sanitiser.sanitise(raw);
    expect(result.html).toBe(raw);
    expect(result.decodeError).toMatch(/could not be decoded/);
  });

  it('works with a window passed in, as on a server or in a worker', () => {
    const { window } = new JSDOM('');
    const own = createDomPurifySanitiser(window as unknown as Window);
    expect(own.sanitise('<p onclick="x()">hi</p><script>alert(1)</script>').html).toBe('<p>hi</p>');
  });

  it('does not add its link hooks twice when several sanitisers exist', () => {
    createDomPurifySanitiser();
    const html = createDomPurifySanitiser().sanitise('<a href="https://a.example">a</a>').html;
    expect(html).toBe('<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a>');
  });
});
