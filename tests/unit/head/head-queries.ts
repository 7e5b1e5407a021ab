/** Reads what ended up in document.head (React 19 hoists title, meta and link there). */
export function metaContent(key: string): string | null {
  const element = document.head.querySelector(`meta[name="${key}"]`) ?? document.head.querySelector(`meta[property="${key}"]`);
  return element?.getAttribute('content') ?? null;
}

export function metaContents(property: string): string[] {
  return [...document.head.querySelectorAll(`meta[property="${property}"]`)].map((m) => m.getAttribute('content') ?? '');
}

export function canonicalHref(): string | null {
  const links = document.head.querySelectorAll('link[rel="canonical"]');
  if (links.length > 1) throw new Error(`${links.length} canonical links in the head`);
  return links[0]?.getAttribute('href') ?? null;
}

export function alternates(): Record<string, string> {
  return Object.fromEntries(
    [...document.head.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
      link.getAttribute('hreflang') ?? '',
      link.getAttribute('href') ?? '',
    ]),
  );
}

export function structuredData(): Record<string, unknown>[] {
  return [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? 'null') as Record<string, unknown>,
  );
}

export function titles(): string[] {
  return [...document.head.querySelectorAll('title')].map((title) => title.textContent ?? '');
}
