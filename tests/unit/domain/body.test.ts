// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BASE64_HTML_PREFIX, decodeBody, stripDangerousMarkup } from '../../../src/domain/body';

const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

describe('decodeBody', () => {
  it('leaves ordinary HTML alone', () => {
    expect(decodeBody('<p>Hello 50% of readers</p>')).toEqual({ text: '<p>Hello 50% of readers</p>' });
  });

  it('decodes a base64 HTML data URL, keeping UTF-8 text intact', () => {
    expect(decodeBody(BASE64_HTML_PREFIX + base64('<p>Café 学习</p>'))).toEqual({ text: '<p>Café 学习</p>' });
    expect(decodeBody('DATA:text/HTML;base64,' + base64('<b>x</b>')).text).toBe('<b>x</b>');
  });

  it('decodes URL-encoded angle brackets in either case', () => {
    expect(decodeBody('%3Cp%3EHi%20there%3C%2Fp%3E').text).toBe('<p>Hi there</p>');
    expect(decodeBody('%3cem%3eyes%3c/em%3e').text).toBe('<em>yes</em>');
  });

  it('decodes a base64 body that is itself URL-encoded', () => {
    expect(decodeBody(BASE64_HTML_PREFIX + base64('%3Ch2%3ETitle%3C/h2%3E')).text).toBe('<h2>Title</h2>');
  });

  it('keeps the raw text and reports the failure when decoding fails', () => {
    const badPercent = '%3Cp%3E100% sure%3C/p%3E';
    const result = decodeBody(badPercent);
    expect(result.text).toBe(badPercent);
    expect(result.decodeError).toMatch(/URL-encoded body could not be decoded/);

    const badBase64 = `${BASE64_HTML_PREFIX}!!!not base64!!!`;
    const b = decodeBody(badBase64);
    expect(b.text).toBe(badBase64);
    expect(b.decodeError).toMatch(/Base64 body could not be decoded/);

    const notUtf8 = BASE64_HTML_PREFIX + Buffer.from([0xff, 0xfe, 0x3c]).toString('base64');
    expect(decodeBody(notUtf8)).toMatchObject({ text: notUtf8, decodeError: expect.any(String) });
  });
});

describe('stripDangerousMarkup', () => {
  it('removes script blocks, including ones that reassemble after a removal', () => {
    expect(stripDangerousMarkup('<p>a</p><script>alert(1)</script><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(stripDangerousMarkup('<SCRIPT type="x">\nalert(1)\n</SCRIPT >')).toBe('');
    expect(stripDangerousMarkup('<scr<script>x</script>ipt>alert(1)</script>')).not.toMatch(/<script/i);
    expect(stripDangerousMarkup('<script src=//evil.example/x.js>')).toBe('');
  });

  it("removes the text 'javascript:' in any case", () => {
    expect(stripDangerousMarkup('<a href="JavaScript:alert(1)">x</a>')).toBe('<a href="alert(1)">x</a>');
    expect(stripDangerousMarkup('<a href="javajavascript:script:alert(1)">x</a>')).toBe('<a href="alert(1)">x</a>');
  });

  it('removes inline event handlers with any quoting, but not ordinary text', () => {
    expect(stripDangerousMarkup('<img src="a.png" onerror="alert(1)">')).toBe('<img src="a.png">');
    expect(stripDangerousMarkup("<div onclick='x()' class=a>t</div>")).toBe('<div class=a>t</div>');
    expect(stripDangerousMarkup('<svg/onload=alert(1)>')).toBe('<svg/>');
    expect(stripDangerousMarkup('<body ONLOAD = alert(1)>')).toBe('<body>');
    expect(stripDangerousMarkup('<p>Turn on=off switches</p>')).toBe('<p>Turn on=off switches</p>');
  });

  it('removes the opening tags of iframe, embed and object', () => {
    expect(stripDangerousMarkup('<iframe src="https://x.example"></iframe>')).toBe('</iframe>');
    expect(stripDangerousMarkup('<EMBED src=x.swf><object data=x>y</object>')).toBe('y</object>');
  });

  it('keeps harmless markup unchanged', () => {
    const html = '<h2>Title</h2><p>Some <strong>bold</strong> text</p><ul><li>one</li></ul><a href="https://example.org/">link</a>';
    expect(stripDangerousMarkup(html)).toBe(html);
  });
});
