import { useEffect, useEffectEvent, useLayoutEffect, useRef } from 'react';

interface IsolatedHtmlProps {
  /** Already sanitised HTML (the detail machine sanitises before it reaches a view). */
  html: string;
  /** The body's own stylesheet, applied inside the shadow root only. */
  css: string;
  lang?: string;
  className?: string;
  /**
   * Elements inside the body that react to a click (or Enter/Space on a button), matched by
   * this selector; the handler gets the element. The listener sits on the shadow root, so it
   * also sees clicks that never leave it.
   */
  activeSelector?: string;
  onActivate?: (element: HTMLElement) => void;
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
export function IsolatedHtml({ html, css, lang, className, activeSelector, onActivate }: IsolatedHtmlProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  // Always the latest handler, so a new callback identity never re-attaches the listener.
  const activate = useEffectEvent((element: HTMLElement) => onActivate?.(element));

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

  useEffect(() => {
    const root = hostRef.current?.shadowRoot;
    if (!root || activeSelector === undefined) return;
    const listener = (event: Event) => {
      const target = event.target instanceof Element ? event.target.closest(activeSelector) : null;
      if (target instanceof HTMLElement) activate(target);
    };
    root.addEventListener('click', listener);
    return () => root.removeEventListener('click', listener);
  }, [activeSelector]);

  return <div ref={hostRef} className={className} data-testid="article-body-host" />;
}
