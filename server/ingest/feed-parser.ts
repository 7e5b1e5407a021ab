/**
 * Reads RSS 2.0 and Atom 1.0 feeds into plain items. A feed that is not well-formed is
 * not thrown away whole: each <item>/<entry> is tried on its own, so one broken item
 * costs only itself.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface FeedItem {
  readonly title: string;
  /** The article's address (RSS link / permalink guid, Atom alternate link), absolute. */
  readonly link?: string;
  readonly guid?: string;
  /** ISO 8601, when the feed gives a date. */
  readonly publishedAt?: string;
  /** Atom <updated> (or RSS dc:modified / atom:updated), ISO 8601. */
  readonly updatedAt?: string;
  /** Summary / description as HTML. */
  readonly summaryHtml?: string;
  /** Full text as HTML (RSS content:encoded, Atom content), when the feed carries it. */
  readonly contentHtml?: string;
  readonly categories: readonly string[];
}

export interface ParsedFeed {
  readonly format: 'rss' | 'atom';
  readonly title: string;
  readonly items: readonly FeedItem[];
  /** Items that could not be read, each with its reason. */
  readonly brokenItems: readonly string[];
  /** Set when the document as a whole was not well-formed XML. */
  readonly malformed?: string;
}

export class FeedParseError extends Error {
  override name = 'FeedParseError';
}

/** Elements whose content is (escaped or CDATA) HTML: kept raw, decoded by us, never parsed as XML. */
const HTML_ELEMENTS = ['description', 'content:encoded', 'summary', 'content', 'subtitle'];

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  stopNodes: HTML_ELEMENTS.map((name) => `*.${name}`),
  isArray: (name) => ['item', 'entry', 'category', 'link'].includes(name),
});

type Node = Record<string, unknown>;

function asNode(value: unknown): Node | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
}

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** Text of an element that may be a plain string or an object with attributes. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number') return String(value);
  const node = asNode(value);
  if (node && node['#text'] !== undefined) return textOf(node['#text']);
  return undefined;
}

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeXmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return safeCodePoint(parseInt(name.slice(2), 16), whole);
    if (name.startsWith('#')) return safeCodePoint(parseInt(name.slice(1), 10), whole);
    return XML_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function safeCodePoint(code: number, fallback: string): string {
  try {
    return String.fromCodePoint(code);
  } catch {
    return fallback;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The HTML inside a raw (stop-node) element: CDATA sections verbatim, escaped markup
 * decoded, Atom type="text" escaped, type="xhtml" taken as markup.
 */
function htmlOf(value: unknown): string | undefined {
  const node = asNode(value);
  const raw = typeof value === 'string' ? value : node ? (typeof node['#text'] === 'string' ? node['#text'] : '') : '';
  const type = node ? String(node['@_type'] ?? '') : '';
  if (!raw.trim()) return undefined;
  let html: string;
  if (type === 'xhtml') {
    html = raw;
  } else {
    html = raw.replace(/<!\[CDATA\[([\s\S]*?)\]\]>|([^<]+|<(?!!\[CDATA\[))/g, (_whole, cdata?: string, other?: string) =>
      cdata !== undefined ? cdata : decodeXmlEntities(other ?? ''),
    );
    if (type === 'text') html = escapeHtml(html);
  }
  return html.trim() || undefined;
}

function isoDate(value: unknown): string | undefined {
  const text = textOf(value);
  if (!text) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

function absolute(href: string | undefined, base: string | undefined): string | undefined {
  if (!href) return undefined;
  try {
    return new URL(href.trim(), base).href;
  } catch {
    return undefined;
  }
}

function rssItem(node: Node, base: string | undefined): FeedItem {
  const guidNode = node['guid'];
  const guid = textOf(guidNode);
  const guidIsPermalink = asNode(guidNode)?.['@_isPermaLink'] !== 'false';
  const linkText = asArray(node['link']).map(textOf).find(Boolean);
  const atomLink = asArray(node['atom:link'])
    .map(asNode)
    .find((l) => l && (l['@_rel'] ?? 'alternate') === 'alternate');
  const link =
    absolute(linkText, base) ??
    absolute(atomLink ? String(atomLink['@_href'] ?? '') : undefined, base) ??
    (guid && guidIsPermalink && /^https?:\/\//i.test(guid) ? absolute(guid, base) : undefined);
  return {
    // Many feeds escape their titles twice or put markup in them; readers show the text.
    title: stripTags(textOf(node['title']) ?? ''),
    ...(link ? { link } : {}),
    ...(guid ? { guid } : {}),
    ...optional('publishedAt', isoDate(node['pubDate']) ?? isoDate(node['dc:date'])),
    ...optional('updatedAt', isoDate(node['atom:updated']) ?? isoDate(node['dc:modified'])),
    ...optional('summaryHtml', htmlOf(node['description'])),
    ...optional('contentHtml', htmlOf(node['content:encoded'])),
    categories: asArray(node['category'])
      .map(textOf)
      .filter((c): c is string => Boolean(c)),
  };
}

function atomItem(node: Node, base: string | undefined): FeedItem {
  const links = asArray(node['link'])
    .map(asNode)
    .filter((l): l is Node => Boolean(l));
  const alternate = links.find((l) => (l['@_rel'] ?? 'alternate') === 'alternate') ?? links[0];
  const link = absolute(alternate ? String(alternate['@_href'] ?? '') : undefined, base);
  const content = asNode(node['content']);
  // <content src="..."> points elsewhere and carries no text.
  const contentHtml = content?.['@_src'] ? undefined : htmlOf(node['content']);
  const title = htmlOf(node['title']) ?? textOf(node['title']) ?? '';
  return {
    title: stripTags(title),
    ...(link ? { link } : {}),
    ...optional('guid', textOf(node['id'])),
    ...optional('publishedAt', isoDate(node['published']) ?? isoDate(node['updated'])),
    ...optional('updatedAt', isoDate(node['updated'])),
    ...optional('summaryHtml', htmlOf(node['summary'])),
    ...optional('contentHtml', contentHtml),
    categories: asArray(node['category'])
      .map((c) => {
        const n = asNode(c);
        return n ? String(n['@_label'] ?? n['@_term'] ?? '') : (textOf(c) ?? '');
      })
      .filter(Boolean),
  };
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

function stripTags(html: string): string {
  return decodeXmlEntities(html.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

function detectFormat(xml: string): 'rss' | 'atom' | undefined {
  const head = xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>/gi, '').trimStart();
  if (/^<(?:rss|rdf:RDF)\b/i.test(head)) return 'rss';
  if (/^<(?:[a-z]+:)?feed\b/i.test(head)) return 'atom';
  return undefined;
}

/**
 * @param baseUrl the feed's own address, for relative links.
 */
export function parseFeed(xml: string, baseUrl?: string): ParsedFeed {
  const text = xml.replace(/^\uFEFF/, '');
  const format = detectFormat(text);
  if (!format) throw new FeedParseError('not an RSS or Atom feed (no <rss> or <feed> root element)');
  const validation = XMLValidator.validate(text);
  if (validation === true) {
    const doc = parser.parse(text) as Node;
    if (format === 'rss') {
      const root = asNode(doc['rss']) ?? asNode(doc['rdf:RDF']);
      const channel = asNode(root?.['channel']);
      const itemNodes = asArray(channel?.['item'] ?? root?.['item']);
      const items = itemNodes
        .map(asNode)
        .filter((n): n is Node => Boolean(n))
        .map((n) => rssItem(n, baseUrl));
      return { format, title: textOf(channel?.['title']) ?? '', items, brokenItems: [] };
    }
    const feed = asNode(doc['feed']) ?? asNode(Object.values(doc).find((v) => asNode(v)?.['entry'] !== undefined));
    const items = asArray(feed?.['entry'])
      .map(asNode)
      .filter((n): n is Node => Boolean(n))
      .map((n) => atomItem(n, baseUrl));
    return { format, title: stripTags(htmlOf(feed?.['title']) ?? ''), items, brokenItems: [] };
  }
  return salvage(text, format, baseUrl, `line ${validation.err.line}: ${validation.err.msg}`);
}

/** Reads each item of a malformed feed on its own. */
function salvage(xml: string, format: 'rss' | 'atom', baseUrl: string | undefined, problem: string): ParsedFeed {
  const tag = format === 'rss' ? 'item' : 'entry';
  const chunks = xml.match(new RegExp(`<${tag}\\b[\\s\\S]*?</${tag}>`, 'g')) ?? [];
  if (chunks.length === 0) throw new FeedParseError(`malformed XML (${problem}) and no readable <${tag}> elements`);
  const items: FeedItem[] = [];
  const brokenItems: string[] = [];
  chunks.forEach((chunk, i) => {
    const result = XMLValidator.validate(chunk);
    if (result !== true) {
      const title = /<title[^>]*>([\s\S]*?)<\/title>/.exec(chunk)?.[1];
      brokenItems.push(`item ${i + 1}${title ? ` "${stripTags(title).slice(0, 60)}"` : ''}: malformed XML (${result.err.msg})`);
      return;
    }
    const node = asNode((parser.parse(chunk) as Node)[tag]);
    const first = asNode(asArray(node)[0]) ?? asNode(asArray((parser.parse(chunk) as Node)[tag])[0]);
    if (!first) {
      brokenItems.push(`item ${i + 1}: empty`);
      return;
    }
    items.push(format === 'rss' ? rssItem(first, baseUrl) : atomItem(first, baseUrl));
  });
  if (items.length === 0) throw new FeedParseError(`malformed XML (${problem}); none of its ${chunks.length} items could be read`);
  return { format, title: '', items, brokenItems, malformed: problem };
}
