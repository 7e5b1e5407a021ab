import { useEffect, useEffectEvent, useLayoutEffect, useRef } from 'react';

interface IsolatedHtmlProps {
  /**
   * HTML the browser may show: sanitised by the detail machine, or, for the article the server rendered,
   * the server's own sanitised body, which the page already shows live (docs/decisions.md, 15).
   */
  html: string;
  /** The body's own stylesheet, applied inside the shadow root only. */
  css: string;
  lang?: string;
  className?: string;
  /**
   * What a click (or Enter/Space on a button) inside the body does, tried in order: the first
   * activation whose selector matches the target (or an ancestor) gets the element, and unless it
   * returns false, the click is handled. The listener sits on the shadow root, so it also sees
   * clicks that never leave it.
   */
  activations?: readonly BodyActivation[];
  /** Called with the body's container each time its content is (re)written, to decorate or measure it. */
  onRendered?: (container: HTMLElement) => void;
}

export interface BodyActivation {
  readonly selector: string;
  /** Returns false to let the next activation have the click. */
  readonly onActivate: (element: HTMLElement, event: Event) => boolean | void;
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
 * On the server the body goes out in a declarative shadow root (`<template shadowrootmode>`), so a
 * page read without JavaScript shows it, isolated as in the browser. The browser turns the template
 * into the host's shadow root while parsing, leaving the host with no light children: the client
 * renders the host with empty inner HTML, which hydrates against it, and its layout effect reuses
 * that shadow root.
 */
function serverMarkup(html: string, css: string, lang: string | undefined): string {
  if (typeof document !== 'undefined') return '';
  const langAttribute = lang === undefined ? '' : ` lang="${lang.replace(/[^A-Za-z0-9-]/g, '')}"`;
  // Our own stylesheet: it holds no "</style", but the guard costs nothing.
  const style = css.replace(/<\/style/gi, '<\\/style');
  return `<template shadowrootmode="open"><style>${style}</style><div class="article-body"${langAttribute}>${html}</div></template>`;
}

/**
 * Renders HTML inside a shadow root, so the page's styles do not reach the article body and the
 * body's styles do not reach the page.
 */
export function IsolatedHtml({ html, css, lang, className, activations, onRendered }: IsolatedHtmlProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  // Always the latest handlers, so a new callback identity never re-attaches the listener.
  const activate = useEffectEvent((event: Event) => {
    if (!(event.target instanceof Element)) return;
    for (const { selector, onActivate } of activations ?? []) {
      const target = event.target.closest(selector);
      if (target instanceof HTMLElement && onActivate(target, event) !== false) return;
    }
  });
  const rendered = useEffectEvent((container: HTMLElement) => onRendered?.(container));
  // Only the first body can be the server's; a later one (another article) is always written here.
  const firstBody = useRef(true);

  useLayoutEffect(() => {
    const host = hostRef.current;
    if (host === null) return;
    // A server-rendered page already has the shadow root (declarative); it is reused, not attached again,
    // and so is the body in it: the reader may already be looking at it (or pointing at a word), and it is the
    // same article, sanitised on the server, already shown by the browser before any script ran.
    const server = firstBody.current
      ? [...(host.shadowRoot?.children ?? [])].find((child) => child.classList.contains('article-body'))
      : null;
    firstBody.current = false;
    if (server instanceof HTMLElement) {
      rendered(server);
      return;
    }
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
    rendered(container);
  }, [html, css, lang]);

  useEffect(() => {
    const root = hostRef.current?.shadowRoot;
    if (!root) return;
    const listener = (event: Event) => activate(event);
    root.addEventListener('click', listener);
    // Words answer taps from now on (a server-rendered body is on screen before this).
    root.host.toggleAttribute('data-interactive', true);
    // A word tapped before this (the page's entry marked it, src/platform/early-taps.ts) gets its tap now.
    const pending = root.querySelector('[data-pending-tap]');
    if (pending instanceof HTMLElement) {
      pending.removeAttribute('data-pending-tap');
      pending.click();
    }
    return () => root.removeEventListener('click', listener);
  }, []);

  return (
    <div
      ref={hostRef}
      className={className}
      data-testid="article-body-host"
      dangerouslySetInnerHTML={{ __html: serverMarkup(html, css, lang) }}
    />
  );
}
