/**
 * When the article route's code is wanted on a server-rendered article (issue 33; routes.tsx imports this small
 * chunk on article pages only). The route, its look-up, read-aloud and learner's words, waits until the page
 * settles or the reader's first press or focus: the page is readable and its links work meanwhile.
 *
 * A word tapped before the route has hydrated (kept by the page's entry, src/platform/early-taps.ts) is not such a
 * press: it opens its entry in a root of its own (early-lookup.tsx), and the route comes once that entry is painted.
 * React does not see that tap: on the route's dehydrated boundary it would hydrate the whole route at the tap's
 * priority, in one task, before anything could open.
 */
import { navigate } from 'wouter/use-browser-location';
import { afterPageSettles } from '../platform/main-thread';

/** The body's words (views/detail/article-reader.tsx BODY_WORD_SELECTOR) and the marks of early-taps.ts. */
const WORD_SELECTOR = '.nr-w, .nr-vocab-word';
const PENDING_TAP = '[data-pending-tap]';
const INTERACTIVE = 'data-interactive';
/** The events React hydrates a dehydrated boundary for at once (a discrete event on it). */
const TAP_EVENTS = ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'touchstart', 'touchend', 'click'];
const PRESSES = ['pointerdown', 'click', 'focusin'];
/** The early look-up's files (scripts/build/route-module-tags.ts). */
const EARLY_LOOKUP_MODULES = 'meta[name="route-module"][data-early]';

let earlyLookupPreloaded = false;

/**
 * The early look-up's files preloaded (fetched and compiled, not run) as soon as the app has loaded this gate, at low
 * priority, one link per task: its import at a tap then only runs them. The page's own files have been requested by then
 * (this gate is imported by the app's chunk as it is evaluated), so these come after them on the network. Preloaded at the
 * browser's first idle moment instead (decision 41), they came after a tap made while the app was still hydrating: 4 of 15
 * quiet first taps fetched them after the tap and opened their entry in 210–232 ms, the others in 118–200 ms (decision 43).
 * Left to the import, Vite's preload helper appends no link for a file the page already links (boot.ts's idle prefetch), and
 * the import fetched and compiled the look-up's chunk, then the one it imports, one after the other. About 8 KB gzip.
 * The loop is boot.ts's preloadModules written again on purpose: the page's entry imports nothing but the early-tap
 * listener (tests/architecture/code-splitting.test.ts), so a shared module would add an edge, or a chunk, to every first load.
 */
function preloadEarlyLookup(): void {
  if (earlyLookupPreloaded) return;
  earlyLookupPreloaded = true;
  const files = [...document.querySelectorAll<HTMLMetaElement>(EARLY_LOOKUP_MODULES)].map((meta) => meta.content);
  const next = () => {
    const href = files.shift();
    if (href === undefined) return;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.fetchPriority = 'low';
    link.href = href;
    document.head.append(link);
    setTimeout(next);
  };
  next();
}

/**
 * The route's own links (Back, Practice, an article it names) followed by the app's router while the route has not
 * hydrated: React cannot answer a click on a dehydrated boundary, so the browser would load the address anew. From the
 * article pages' app (article.html, decision 59) that load is index.html's app, whose article route is other files than
 * the ones this page fetched (each build names its chunks after its own app chunk): about 100 KB gzip again, and offline
 * the next article showed its error at once instead of retrying its call (tests/e2e/article-app.e2e.test.ts). Kept in
 * this app, the route's code is the page's own (a press wants it, below). A modified or other-window click is left alone.
 */
function followRouteLinksInApp(host: Element): void {
  const route = host.closest('.page');
  if (route === null) return;
  const follow = (event: MouseEvent) => {
    if (!route.isConnected || host.hasAttribute(INTERACTIVE)) return document.removeEventListener('click', follow, true);
    if (event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || !route.contains(link) || link.target !== '' || link.hasAttribute('download')) return;
    if (link.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(link.pathname + link.search + link.hash);
  };
  document.addEventListener('click', follow, true);
}

export function articleWantedOn(host: Element): Promise<void> {
  followRouteLinksInApp(host);
  const wordTap = (event: Event) =>
    !host.hasAttribute(INTERACTIVE) && event.composedPath().some((target) => target instanceof Element && target.matches(WORD_SELECTOR));
  // Until the route answers taps (the listeners then do nothing).
  for (const type of TAP_EVENTS) document.addEventListener(type, (event) => wordTap(event) && event.stopPropagation(), true);
  preloadEarlyLookup();

  return new Promise((resolve) => {
    let early = false;
    const want = () => {
      for (const type of PRESSES) removeEventListener(type, press, true);
      resolve();
    };
    // A tap on a word also moves focus to what holds the article (the main region is focusable for the skip link):
    // that focus is not the reader's.
    const press = (event: Event) => {
      if (wordTap(event) || (event.type === 'focusin' && event.target instanceof Node && event.target.contains(host))) return;
      want();
    };
    // After the page's entry's own listener (registered first), which has marked the tapped word. Also while the
    // route is on its way: its hydration would answer the tap only once it is done.
    const kept = () => {
      if (early || host.hasAttribute(INTERACTIVE) || !host.shadowRoot?.querySelector(PENDING_TAP)) return;
      early = true;
      preloadEarlyLookup();
      void import('./early-lookup').then((module) => module.startEarlyLookup(host)).then(want, want);
    };
    for (const type of PRESSES) addEventListener(type, press, { capture: true, passive: true });
    document.addEventListener('click', kept, true);
    kept();
    void afterPageSettles().then(() => {
      if (!early) want();
    });
  });
}
