import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles/app.css';
import { App } from './app';
import { InspectContext, type Inspect } from './inspector';
import { createDefaultServices } from './services';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html must contain <div id="root">');
const root = createRoot(container);

function render(inspect: Inspect | undefined) {
  // As a transition the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree, which a slow phone feels as a frozen page.
  startTransition(() => {
    root.render(
      <StrictMode>
        <InspectContext.Provider value={inspect}>
          <App services={createDefaultServices()} />
        </InspectContext.Provider>
      </StrictMode>,
    );
  });
}

// The dev server waits for the Stately inspector when the URL asks for it (?inspect), so the
// first actors already report to it; production builds drop this branch and render at once.
if (import.meta.env.DEV) {
  import('./inspector-loader')
    .then(({ startInspectorIfAsked }) => startInspectorIfAsked(window.location.search))
    .catch((error: unknown) => {
      console.warn('The Stately inspector could not be loaded; the app runs without it.', error);
      return undefined;
    })
    .then(render);
} else {
  render(undefined);
}
