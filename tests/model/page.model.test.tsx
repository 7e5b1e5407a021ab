/**
 * Model-based UI test of the page machine: every shortest path runs on the real app (header
 * links, language selector, router) with the window's scrolling watched. At every state
 * <html lang> must be the page's text language, and the step that led there must have moved the
 * page as a full page load would: a link starts the new page at its top with focus on <main>, the
 * selector starts it at its top and leaves focus on the selector, back/forward leaves it alone.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { textLanguageFor } from '../../common/languages';
import { languageFromPath } from '../../src/domain/routing';
import { textsFor } from '../../src/domain/all-texts';
import type { PageContext } from '../../src/machines/page-machine';
import { modelNamed, type PageNavigation } from './models';
import { fakeApi } from '../support/fake-api';
import { pending, renderApp } from '../support/render-app';
import { field, pathName, runPath, shortestTestPaths, type Step } from './support/model-paths';

const model = modelNamed('page');
const [scenario] = model.scenarios;

afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.lang = '';
});

describe('page: every shortest path on the real app', () => {
  const paths = shortestTestPaths(model, scenario!);

  it('has paths to test', () => {
    expect(paths.length).toBeGreaterThan(3);
  });

  it.each(paths.map((path) => [pathName(model, path), path] as const))('%s', async (_name, path) => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    let app: ReturnType<typeof renderApp> | undefined;
    let language = 'zh';
    /** How the last step changed the address (null: it did not), and the scrolls before it. */
    let via: PageNavigation | null = null;
    let scrollsBefore = 0;

    async function execute(step: Step) {
      const { event } = step;
      const texts = textsFor(textLanguageFor(language));
      scrollsBefore = scrollTo.mock.calls.length;
      via = null;
      switch (event.type) {
        case 'xstate.init':
          app = renderApp('/zh', { fake: fakeApi({ latestArticles: () => pending(), listPage: () => pending() }) });
          return;
        case 'HISTORY_TRAVERSED':
          act(() => window.dispatchEvent(new PopStateEvent('popstate')));
          return;
        case 'LOCATION_CHANGED': {
          const to = field<string>(event, 'path');
          via = field<PageNavigation>(event, 'via');
          if (via === 'history') {
            // The router reports the page Back returned to.
            act(() => app!.memory.navigate(to));
          } else if (via === 'selector') {
            const target = languageFromPath(to);
            await app!.user.click(screen.getByLabelText(new RegExp(texts.languageSelector.toggleLabel), { selector: 'summary' }));
            await app!.user.click(screen.getByRole('link', { name: target === 'es' ? /Español/ : /中文/ }));
          } else {
            const name = to.endsWith('/articles') ? texts.nav.articles : texts.nav.home;
            await app!.user.click(within(screen.getByRole('navigation')).getByRole('link', { name }));
          }
          language = languageFromPath(to);
          return;
        }
        default:
          throw new Error(`The page test does not know how a learner causes ${event.type}`);
      }
    }

    async function expectPage(snapshot: AnyMachineSnapshot) {
      const context = snapshot.context as PageContext;
      await waitFor(() => expect(app!.memory.history?.at(-1)).toBe(context.path));
      expect(document.documentElement.lang).toBe(textLanguageFor(languageFromPath(context.path)));
      const scrolls = scrollTo.mock.calls.slice(scrollsBefore);
      const main = document.getElementById('main');
      if (via === 'link' || via === 'selector') {
        expect(scrolls, 'the new page starts at its top').toEqual([[0, 0]]);
        if (via === 'link') expect(main, 'focus moves to the new page').toHaveFocus();
        else expect(main, 'focus stays on the selector after a language switch').not.toHaveFocus();
      } else {
        expect(scrolls, 'the page is left where it is').toEqual([]);
      }
    }

    await runPath(path, execute, expectPage);
  });
});
