import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { textLanguageFor } from '../../common/languages';
import { languageFromPath } from '../domain/routing';
import '../styles/app.css';
import { decodePageData, firstAnswersFrom } from '../api/page-data';
import { PAGE_DATA_ELEMENT_ID } from '../../common/page-data';
import { consoleLogger } from '../platform/logger';
import { App } from './app';
import { InspectContext, type Inspect } from './inspector';
import { createDefaultServices } from './services';
import { createTextsSource, TEXT_CHUNKS } from './text-chunks';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html must contain <div id="root">');
// The page language's texts are a chunk of their own; the server's HTML preloads it, so waiting here costs no round trip.
// Hydration waits for them too: the server rendered the page with them.
const texts = createTextsSource(TEXT_CHUNKS);
const pageTexts = texts.load(textLanguageFor(languageFromPath(window.location.pathname)));
// A server-rendered page (server/routes/page-routes.ts) is hydrated from the answers it carries; a shell is rendered.
const serverRendered = container.firstElementChild !== null;
const embedded = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
const firstAnswers = firstAnswersFrom(decodePageData(embedded, (reason) => consoleLogger.warn(reason)));

function render(inspect: Inspect | undefined) {
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
    .then((inspect) => pageTexts.then(() => render(inspect)));
} else {
  void pageTexts.then(() => render(undefined));
}
