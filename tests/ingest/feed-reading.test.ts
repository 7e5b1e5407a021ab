// @vitest-environment node
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeDocument } from '../../server/ingest/charset';
import { htmlToParagraphs } from '../../server/ingest/extract';
import { FeedParseError, parseFeed } from '../../server/ingest/feed-parser';

describe('parseFeed', () => {
  it('reads RSS 2.0 items: escaped and CDATA HTML, relative links, dates, categories', () => {
    const feed = parseFeed(
      `<?xml version="1.0"?>
      <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
        <channel><title>Ten &amp; Two</title>
          <item>
            <title>Rates &amp; rents</title><link>/news/rates</link>
            <pubDate>Mon, 16 Nov 2026 10:00:00 +0100</pubDate>
            <description>&lt;p&gt;Rents rose &amp;amp; rates fell.&lt;/p&gt;</description>
            <content:encoded><![CDATA[<p>One <b>bold</b> line.</p>]]></content:encoded>
            <category>Business</category><category domain="tags">Housing</category>
          </item>
          <item><title>Permalink only</title><guid>https://example.org/p/2</guid></item>
          <item><title>Opaque guid</title><guid isPermaLink="false">abc-3</guid></item>
        </channel>
      </rss>`,
      'https://example.org/feeds/main.xml',
    );
    expect(feed.format).toBe('rss');
    expect(feed.title).toBe('Ten & Two');
    const [first, second, third] = feed.items;
    expect(first).toMatchObject({
      title: 'Rates & rents',
      link: 'https://example.org/news/rates',
      publishedAt: '2026-11-16T09:00:00.000Z',
      summaryHtml: '<p>Rents rose &amp; rates fell.</p>',
      contentHtml: '<p>One <b>bold</b> line.</p>',
      categories: ['Business', 'Housing'],
    });
    expect(second?.link).toBe('https://example.org/p/2');
    expect(third?.link).toBeUndefined();
  });

  it('shows titles as text, even when a feed escapes them twice or puts markup in them', () => {
    const feed = parseFeed(`<rss><channel>
      <item><title>It&#8217;s &amp;amp; &lt;b&gt;bold&lt;/b&gt;</title><link>https://example.org/a?x=1&amp;y=2</link></item>
      <item><title><![CDATA[Prices & <i>wages</i>]]></title><link>https://example.org/b</link></item>
    </channel></rss>`);
    expect(feed.items.map((i) => i.title)).toEqual(['It’s & bold', 'Prices & wages']);
    expect(feed.items[0]?.link).toBe('https://example.org/a?x=1&y=2');
  });

  it('reads Atom entries: alternate link, published/updated, html and xhtml content, category labels', () => {
    const feed = parseFeed(`<feed xmlns="http://www.w3.org/2005/Atom"><title>Atom test</title>
      <entry><title type="html">Up &lt;em&gt;here&lt;/em&gt;</title>
        <link rel="self" href="https://example.org/self/1"/><link rel="alternate" href="https://example.org/a/1"/>
        <published>2026-11-01T08:00:00Z</published><updated>2026-11-02T08:00:00Z</updated>
        <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>First <i>para</i>.</p></div></content>
        <category term="pol" label="Politics"/></entry>
      <entry><title>Escaped</title><link href="https://example.org/a/2"/><updated>2026-11-03T08:00:00Z</updated>
        <summary type="text">a &lt; b</summary><content type="html">&lt;p&gt;Second&lt;/p&gt;</content></entry>
    </feed>`);
    expect(feed.format).toBe('atom');
    expect(feed.items[0]).toMatchObject({
      title: 'Up here',
      link: 'https://example.org/a/1',
      publishedAt: '2026-11-01T08:00:00.000Z',
      updatedAt: '2026-11-02T08:00:00.000Z',
      categories: ['Politics'],
    });
    expect(htmlToParagraphs(feed.items[0]!.contentHtml!)).toEqual(['First para.']);
    expect(feed.items[1]).toMatchObject({ publishedAt: '2026-11-03T08:00:00.000Z', contentHtml: '<p>Second</p>', summaryHtml: 'a &lt; b' });
  });

  it('keeps the readable items of a malformed feed and names the broken ones', () => {
    const feed = parseFeed(`<rss><channel>
      <item><title>Good</title><link>https://example.org/good</link></item>
      <item><title>Bad & worse</title><link>https://example.org/bad</link></item>
    </channel></rss>`);
    expect(feed.malformed).toBeDefined();
    expect(feed.items.map((i) => i.title)).toEqual(['Good']);
    expect(feed.brokenItems).toHaveLength(1);
    expect(feed.brokenItems[0]).toMatch(/^item 2 "Bad & worse": malformed XML/);
  });

  it('refuses documents that are not feeds, or have nothing readable', () => {
    expect(() => parseFeed('<!DOCTYPE html><html><body>Hello</body></html>')).toThrow(FeedParseError);
    expect(() => parseFeed('<rss><channel><title>cut off')).toThrow(/malformed XML/);
    expect(() => parseFeed('')).toThrow(/not an RSS or Atom feed/);
  });
});

describe('decodeDocument', () => {
  const text = 'Crème brûlée costs €5 — “really”';
  it('follows the Content-Type charset', () => {
    expect(decodeDocument(iconv.encode(text, 'windows-1252'), 'text/html; charset=windows-1252', 'html')).toBe(text);
  });
  it('follows the XML declaration when the header names no charset', () => {
    const xml = `<?xml version="1.0" encoding="ISO-8859-1"?><rss><title>Crème brûlée</title></rss>`;
    expect(decodeDocument(iconv.encode(xml, 'latin1'), 'application/xml', 'xml')).toContain('Crème brûlée');
  });
  it('follows an HTML meta charset, and reads ISO-8859-1 labels as windows-1252 as browsers do', () => {
    const html = `<html><head><meta charset="iso-8859-1"></head><body>${text.replace('€5', 'five euros')}</body></html>`;
    expect(decodeDocument(iconv.encode(html, 'windows-1252'), 'text/html', 'html')).toContain('Crème brûlée costs five euros — “really”');
  });
  it('defaults to UTF-8 and honours a byte-order mark', () => {
    expect(decodeDocument(Buffer.from(text, 'utf8'), undefined, 'html')).toBe(text);
    expect(decodeDocument(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), 'text/html; charset=latin1', 'html')).toBe(
      text,
    );
  });
});

describe('htmlToParagraphs', () => {
  it('keeps only the text of block elements, never markup or scripts', () => {
    expect(
      htmlToParagraphs(
        '<p>One <a href="javascript:x()" onclick="y()">link</a>.</p><script>bad()</script><ul><li>Item &amp; more</li></ul><iframe src="x"></iframe><p>  spaced\n out </p>',
      ),
    ).toEqual(['One link.', 'Item & more', 'spaced out']);
  });
  it('splits text without block markup on blank lines and double breaks', () => {
    expect(htmlToParagraphs('First part.<br><br>Second part.')).toEqual(['First part.', 'Second part.']);
  });
});
