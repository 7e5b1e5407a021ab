/**
 * The bits of the document head React does not manage itself. Title, meta and link tags
 * are rendered by components (React 19 hoists them); <html lang> is not, so it is set here.
 */
export function setHtmlLang(language: string, doc: Document = document): void {
  if (doc.documentElement.lang !== language) doc.documentElement.lang = language;
}

/**
 * Head tags the server injected for crawlers and link previews carry this attribute.
 * Once React renders its own tags they would be duplicates, so the app removes them.
 */
export const SERVER_HEAD_ATTRIBUTE = 'data-server-head';

export function removeServerHeadTags(doc: Document = document): void {
  doc.head.querySelectorAll(`[${SERVER_HEAD_ATTRIBUTE}]`).forEach((element) => element.remove());
}

/** React marks the elements it manages with its own expando properties; hydration adopts existing head tags so. */
function ownedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__react'));
}

/**
 * Notes the head tags that were in the page before the app rendered (the server's tags and
 * index.html's fallback <title>) and returns a function that removes them. Call it before the
 * first render and the remover after it: React 19 adds its own <title> rather than reusing one,
 * and document.title reads the first. Two are kept: a tag that hydration adopted as React's own
 * (a server-rendered page; removing it would pull it from under React), and the title while it is
 * the only one (a lazy route's head hydrates later and adopts it; until then the page keeps a title).
 */
export function captureStaticHeadTags(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): () => void {
  // A server render has no document; the page it writes is captured when the browser starts the app.
  if (doc === undefined) return () => {};
  const found = [...doc.head.querySelectorAll(`title, [${SERVER_HEAD_ATTRIBUTE}]`)];
  return () => {
    for (const element of found) {
      if (ownedByReact(element)) continue;
      if (element.tagName === 'TITLE' && doc.getElementsByTagName('title').length === 1) continue;
      element.remove();
    }
  };
}
