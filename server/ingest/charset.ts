/**
 * Turns fetched bytes into text in the encoding the publisher declared: a byte-order
 * mark first, then the Content-Type charset, then the XML declaration or HTML meta tag,
 * else UTF-8. Legacy feeds and pages (ISO-8859-1, windows-1252, ...) come out right.
 */
import iconv from 'iconv-lite';

export type DocumentKind = 'xml' | 'html';

export function charsetFromContentType(contentType: string | null | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*["']?([^"';\s]+)/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase();
}

/** The charset a document declares about itself, read from its first bytes as ASCII. */
export function declaredCharset(bytes: Uint8Array, kind: DocumentKind): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('latin1');
  if (kind === 'xml') {
    const xml = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/i.exec(head);
    return xml?.[1]?.toLowerCase();
  }
  const metaCharset = /<meta[^>]+charset\s*=\s*["']?([^"'\s/>;]+)/i.exec(head);
  return metaCharset?.[1]?.toLowerCase();
}

function bomCharset(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return undefined;
}

/**
 * Browsers (and the WHATWG Encoding standard) read "iso-8859-1" and "us-ascii" as windows-1252;
 * so do we, so that curly quotes in mislabelled pages survive.
 */
function normaliseLabel(label: string): string {
  const l = label.trim().toLowerCase();
  if (['iso-8859-1', 'iso8859-1', 'latin1', 'latin-1', 'us-ascii', 'ascii'].includes(l)) return 'windows-1252';
  return l;
}

export function decodeDocument(bytes: Uint8Array, contentType: string | null | undefined, kind: DocumentKind): string {
  const candidates = [bomCharset(bytes), charsetFromContentType(contentType), declaredCharset(bytes, kind), 'utf-8'];
  const charset = candidates.map((c) => (c ? normaliseLabel(c) : undefined)).find((c) => c && iconv.encodingExists(c)) ?? 'utf-8';
  // iconv strips a BOM of the chosen encoding.
  return iconv.decode(Buffer.from(bytes), charset);
}
