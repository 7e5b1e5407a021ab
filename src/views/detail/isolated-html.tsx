import { useLayoutEffect, useRef } from 'react';

interface IsolatedHtmlProps {
  /** Already sanitised HTML (the detail machine sanitises before it reaches a view). */
  html: string;
  /** The body's own stylesheet, applied inside the shadow root only. */
  css: string;
  lang?: string;
  className?: string;
}

function applyStyles(root: ShadowRoot, css: string): boolean {
  // Constructed stylesheets are not inline <style> elements, so a strict style-src CSP allows them.
  if (typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in root)) return false;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [sheet];
    return true;
  } catch {
    return false;
  }
}

/**
 * Renders HTML inside a shadow root, so the page's styles do not reach the article body and the
 * body's styles do not reach the page.
 */
export function IsolatedHtml({ html, css, lang, className }: IsolatedHtmlProps) {
  const hostRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const host = hostRef.current;
    if (host === null) return;
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    const adopted = applyStyles(root, css);
    const container = document.createElement('div');
    container.className = 'article-body';
    if (lang !== undefined) container.lang = lang;
    container.innerHTML = html;
    const nodes: Node[] = [];
    if (!adopted) {
      const style = document.createElement('style');
      style.textContent = css;
      nodes.push(style);
    }
    nodes.push(container);
    root.replaceChildren(...nodes);
  }, [html, css, lang]);

  return <div ref={hostRef} className={className} data-testid="article-body-host" />;
}
