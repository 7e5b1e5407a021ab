/** The test model of the page machine (src/machines/page-machine.ts): scroll, focus, document language. */
import { withLanguage } from '../../../src/domain/routing';
import { pageMachine, type PageContext } from '../../../src/machines/page-machine';
import { eventsFromTable, never, type MachineModel, type PayloadTable } from './model';

/** How an address change comes about; the machine sees only the path, the tests act it out. */
export type PageNavigation = 'link' | 'selector' | 'history';

/** The other of the two pages the header links to: home and the list. */
function linkedPage(path: string): string {
  const [language = 'zh', page] = path.split('/').filter(Boolean);
  return page === 'articles' ? `/${language}` : `/${language}/articles`;
}

const pagePayloads: PayloadTable = {
  // A header link to the other page, or the selector's same page in the other language; after
  // back/forward, the page the browser returns to.
  LOCATION_CHANGED: (snapshot) => {
    const { path } = snapshot.context as PageContext;
    if (snapshot.matches('restoring')) return [{ type: 'LOCATION_CHANGED', path: linkedPage(path), via: 'history' }];
    return [
      { type: 'LOCATION_CHANGED', path: linkedPage(path), via: 'link' },
      { type: 'LOCATION_CHANGED', path: withLanguage(path, path.startsWith('/es') ? 'zh' : 'es'), via: 'selector' },
    ];
  },
};

export const pageModel: MachineModel = {
  name: 'page',
  title: 'Page (scroll, focus, document language)',
  summary:
    "What a full page load would do, done for navigation inside the app: the server's head tags give way to React's, <html lang> follows the page, and a new page starts at its top with focus on its main content, except after a language switch (focus stays on the selector) and after back/forward (the browser restores the position).",
  machine: pageMachine,
  source: 'src/machines/page-machine.ts',
  scenarios: [{ id: 'home-zh', title: 'The learner opens the home page /zh', input: { path: '/zh' } }],
  events(snapshot) {
    return eventsFromTable('page', snapshot, pagePayloads, never);
  },
  simpleEvents(snapshot) {
    // Back/forward from the first page only, and the language switched one way (zh to es); the
    // other combinations repeat what the shortest paths show.
    const { path } = snapshot.context as PageContext;
    return eventsFromTable('page', snapshot, pagePayloads, (s, type) => type === 'HISTORY_TRAVERSED' && path !== '/zh').filter(
      (event) => event.via !== 'selector' || path.startsWith('/zh'),
    );
  },
  serialize(snapshot, event) {
    // How the page was reached shows: where focus is, and whether the page was scrolled to its top.
    const via = event?.type === 'LOCATION_CHANGED' ? event.via : null;
    return JSON.stringify({ value: snapshot.value, path: (snapshot.context as PageContext).path, via });
  },
  describeEvent(event) {
    switch (event.type) {
      case 'LOCATION_CHANGED':
        if (event.via === 'selector') return `The learner chooses another language in the selector (${String(event.path)})`;
        if (event.via === 'history') return `The browser returns to ${String(event.path)}`;
        return `The learner follows a header link to ${String(event.path)}`;
      case 'HISTORY_TRAVERSED':
        return 'The learner presses Back';
      default:
        return event.type;
    }
  },
  describeContext(snapshot) {
    return `at ${(snapshot.context as PageContext).path}`;
  },
};
