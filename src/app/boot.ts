/**
 * The page's entry. The server sends the page already rendered, so the app's code is not needed to
 * show it: it is fetched once the browser has painted the page. On a slow connection the page and
 * its stylesheet then have the bandwidth to themselves, and the reader sees the text as soon as they
 * are there; the app hydrates right after. The head names the app's modules (<meta name="app-module">,
 * vite.config.ts): all are preloaded, one per task, so the app's chunks do not wait for the entry's.
 */
import '../styles/app.css';
import { captureEarlySubmits, captureEarlyTaps } from '../platform/early-taps';

const APP_MODULES = 'meta[name="app-module"]';
const ROUTE_MODULES = 'meta[name="route-module"]';
/**
 * Only a safety net: a visible page with the server's text reports its first contentful paint, however late
 * a loaded phone paints it. A shorter wait (it was 200 ms) started the app before the paint on a busy machine.
 */
const PAINT_WAIT_MS = 3000;

/**
 * Resolves once the browser reports the first contentful paint: the page is on the screen. It does not wait
 * where no such paint will come: a hidden tab, and the shell the server sends when it could not render the
 * page (nothing to paint before the app). A browser without paint timing waits for the safety net.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, PAINT_WAIT_MS);
    let observer: PerformanceObserver | undefined;
    function done() {
      clearTimeout(timer);
      observer?.disconnect();
      removeEventListener('visibilitychange', done);
      resolve();
    }
    if (document.visibilityState === 'hidden' || !document.getElementById('root')?.firstElementChild) return done();
    // A tab sent to the background before its paint paints nothing more.
    addEventListener('visibilitychange', done);
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) done();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      // No paint timing here: the safety net starts the app.
    }
  });
}

/**
 * Appends a link for each module the page names, one link per task: appending a modulepreload link holds the main
 * thread (Chromium sets up the fetch, about 3–12 ms at 4× CPU), so a route's dozen in one go were a long task.
 * A message, not a timer: a page opened in a background tab starts all the same, and its timers wait a second each.
 */
function preloadModules(
  selector: string,
  priority: 'auto' | 'low' = 'auto',
  rel: 'modulepreload' | 'prefetch' = 'modulepreload',
): string | undefined {
  const metas = [...document.querySelectorAll<HTMLMetaElement>(selector)];
  const entry = metas.find((meta) => meta.hasAttribute('data-app-entry'))?.content;
  const channel = new MessageChannel();
  const next = () => {
    const meta = metas.shift();
    if (meta === undefined) return channel.port1.close();
    const link = document.createElement('link');
    link.rel = rel;
    link.crossOrigin = '';
    link.fetchPriority = priority;
    link.href = meta.content;
    document.head.append(link);
    channel.port2.postMessage(0);
  };
  channel.port1.onmessage = next;
  next();
  return entry;
}

function preloadAppModules(): string {
  // The app's files, then the route this page hydrates at once (words, review…: scripts/build/route-module-tags.ts).
  const entry = preloadModules(`${APP_MODULES}, ${ROUTE_MODULES}[data-at-start]`);
  if (entry === undefined) throw new Error('The page names no app entry (meta name="app-module" data-app-entry).');
  return entry;
}

function startApp(): Promise<unknown> {
  if (import.meta.env.DEV) return import('./main');
  return import(/* @vite-ignore */ preloadAppModules());
}

let routeFetched = false;
/** The page's later code (an article's route, scripts/build/route-module-tags.ts), fetched into the HTTP cache once. */
function fetchRouteModules(): void {
  if (routeFetched) return;
  routeFetched = true;
  preloadModules(`${ROUTE_MODULES}:not([data-at-start])`, 'low', 'prefetch');
}

let lookupFetched = false;
// A tap on a word of the article body before the app answers is kept and replayed (issue 33). The
// selectors are the body's (views/detail/article-reader.tsx), written here so the entry stays small.
// The tap wants the early look-up's code now (src/app/early-lookup.tsx, marked data-early): its file is fetched and
// compiled at once. Not the route's: its twenty links and their compiling took the main thread from the look-up (decision 43).
captureEarlyTaps('.nr-w, .nr-vocab-word', '.article-body-host', document, () => {
  if (!lookupFetched) preloadModules(`${ROUTE_MODULES}[data-early]`);
  lookupFetched = true;
});
// A word sent from the look-up field that early is kept in the field (no page reload) and looked up by the route.
captureEarlySubmits('.word-lookup-form');

// One more try for a module that failed on a flaky network (a failed dynamic import is fetched again).
void afterFirstPaint()
  .then(startApp)
  .catch(startApp)
  // The page's later code (an article's look-up, scripts/build/route-module-tags.ts), fetched into the HTTP cache once the app
  // has started and the browser is idle: a prefetch, not a modulepreload, whose compiling held the main thread (TBT).
  .then(() => (window.requestIdleCallback ?? setTimeout)(fetchRouteModules))
  .catch((error: unknown) => console.warn('The app could not be loaded; the page stays as the server sent it.', error));
