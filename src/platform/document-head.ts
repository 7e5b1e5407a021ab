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

/**
 * Notes the head tags that were in the page before the app rendered (the server's tags
 * and index.html's fallback <title>) and returns a function that removes them. Call it
 * before the first render and the remover after it: React 19 adds its own <title> rather
 * than reusing one, and document.title reads the first.
 */
export function captureStaticHeadTags(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): () => void {
  // A server render has no document; the page it writes is captured when the browser starts the app.
  if (doc === undefined) return () => {};
  const found = [...doc.head.querySelectorAll(`title, [${SERVER_HEAD_ATTRIBUTE}]`)];
  return () => {
    for (const element of found) element.remove();
  };
}
