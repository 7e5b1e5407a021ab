import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { textLanguageFor } from '../../common/languages';
import { languageFromPath } from '../domain/routing';
import { decodePageData, firstAnswersFrom, type FirstAnswers } from '../api/first-answers';
import { PAGE_DATA_ELEMENT_ID } from '../../common/page-data';
import { consoleLogger } from '../platform/logger';
import { yieldToMain } from '../platform/main-thread';
import { App } from './app';
import { InspectContext, type Inspect } from './inspector';
import { createDefaultServices } from './services';
import { createTextsSource, TEXT_CHUNKS } from './text-chunks';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html must contain <div id="root">');
// The page language's texts are a chunk of their own; the server's HTML preloads it, so waiting here costs no round trip.
// Hydration waits for them too: the server rendered the page with them.
const texts = createTextsSource(TEXT_CHUNKS);
const pageLanguage = textLanguageFor(languageFromPath(window.location.pathname));
/** Without the page's texts nothing can render; a server-rendered page stays readable and its links work. */
function textsFailed(error: unknown): false {
  consoleLogger.warn(`The page texts could not be loaded; the page stays as the server sent it. ${String(error)}`);
  return false;
}

// One more try for a chunk that failed on a flaky network (a failed dynamic import is fetched again).
// Handled at once, so a failure is reported as it happens, not as an uncaught rejection while the start waits its turn.
const textsLoaded: Promise<boolean> = texts
  .load(pageLanguage)
  .catch(() => texts.load(pageLanguage))
  .then(() => true, textsFailed);

interface Start {
  /** The answers embedded in a server-rendered page, for the machines to start from. */
  readonly firstAnswers: FirstAnswers;
  /** Whether the page holds the server's rendering to hydrate (else the app renders afresh). */
  readonly serverRendered: boolean;
}

/** A server-rendered page (server/pages/page-renderer.ts) is hydrated from the answers it carries; a shell is rendered. */
function readPage(): Start {
  const embedded = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  const pageData = decodePageData(embedded, (reason) => consoleLogger.warn(reason));
  // Server HTML whose answers cannot be decoded would not match what the machines start from: React would
  // throw it away with a flash to the loading state. Rendering afresh replaces it in one step instead.
  const brokenData = pageData === null && (embedded ?? '').trim() !== '';
  return { firstAnswers: firstAnswersFrom(pageData), serverRendered: container!.firstElementChild !== null && !brokenData };
}

/**
 * The page's data is decoded, and the app then rendered, each in a task of its own after the one
 * that evaluated this module: on a slow phone the three together were one long task that held the
 * page (docs/decisions.md 17). Rendering waits for the page's texts, whose chunk is already on its way.
 */
async function start(inspect: Inspect | undefined): Promise<void> {
  await yieldToMain();
  const page = readPage();
  if (!(await textsLoaded)) return;
  await yieldToMain();
  render(page, inspect);
}

function startFailed(error: unknown): void {
  consoleLogger.warn(`The app could not start; the page stays as the server sent it. ${String(error)}`);
}

function render({ firstAnswers, serverRendered }: Start, inspect: Inspect | undefined) {
  const app = (
    <StrictMode>
      <InspectContext.Provider value={inspect}>
        <App services={createDefaultServices(firstAnswers)} texts={texts} />
      </InspectContext.Provider>
    </StrictMode>
  );
  // As a transition the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree, which a slow phone feels as a frozen page.
  startTransition(() => {
    if (serverRendered) hydrateRoot(container!, app);
    else createRoot(container!).render(app);
  });
}

// The dev server waits for the Stately inspector when the URL asks for it (?inspect), so the
// first actors already report to it; production builds drop this branch and render as soon as the
// page texts are there.
if (import.meta.env.DEV) {
  import('./inspector-loader')
    .then(({ startInspectorIfAsked }) => startInspectorIfAsked(window.location.search))
    .catch((error: unknown) => {
      console.warn('The Stately inspector could not be loaded; the app runs without it.', error);
      return undefined;
    })
    .then(start)
    .catch(startFailed);
} else {
  start(undefined).catch(startFailed);
}
