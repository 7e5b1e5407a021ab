import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { textLanguageFor } from '../../common/languages';
import { languageFromPath } from '../domain/routing';
import '../styles/app.css';
import { App } from './app';
import { InspectContext, type Inspect } from './inspector';
import { createDefaultServices } from './services';
import { createTextsSource, TEXT_CHUNKS } from './text-chunks';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html must contain <div id="root">');
const root = createRoot(container);
// The page language's texts are a chunk of their own; the server's HTML preloads it, so waiting here costs no round trip.
const texts = createTextsSource(TEXT_CHUNKS);
const pageTexts = texts.load(textLanguageFor(languageFromPath(window.location.pathname)));

function render(inspect: Inspect | undefined) {
  // As a transition the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree, which a slow phone feels as a frozen page.
  startTransition(() => {
    root.render(
      <StrictMode>
        <InspectContext.Provider value={inspect}>
          <App services={createDefaultServices()} texts={texts} />
        </InspectContext.Provider>
      </StrictMode>,
    );
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
