/**
 * Model-based UI test of the language machine: every shortest path runs on the real app
 * (header selector, router), and at every state the selector and the page language must be
 * what the state says.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { LANGUAGE_OPTIONS, textLanguageFor, type LanguageCode } from '../../common/languages';
import { textsFor } from '../../src/domain/all-texts';
import type { LanguageContext } from '../../src/machines/language-machine';
import { modelNamed } from './models';
import { fakeApi } from '../support/fake-api';
import { pending, renderApp } from '../support/render-app';
import { controlledTexts } from '../support/texts';
import { field, pathName, runPath, shortestTestPaths, type Step } from './support/model-paths';

const model = modelNamed('language');
const [scenario] = model.scenarios;

describe('language: every shortest path on the real header and router', () => {
  const paths = shortestTestPaths(model, scenario!);

  it('has paths to test', () => {
    expect(paths.length).toBeGreaterThan(1);
  });

  it.each(paths.map((path) => [pathName(model, path), path] as const))('%s', async (_name, path) => {
    let app: ReturnType<typeof renderApp> | undefined;
    let language = 'zh';
    const chunks = controlledTexts('zh');
    // The language last chosen in the selector: the one whose texts a done or error step settles.
    let chosen: LanguageCode = 'zh';

    async function expectScreen(snapshot: AnyMachineSnapshot) {
      const context = snapshot.context as LanguageContext;
      const texts = textsFor(textLanguageFor(context.language));
      await waitFor(() => {
        const toggle = screen.getByLabelText(new RegExp(texts.languageSelector.toggleLabel), { selector: 'summary' });
        expect(toggle).toHaveTextContent(LANGUAGE_OPTIONS[context.language as LanguageCode].name);
        // The page itself is in that language, under that URL.
        expect(within(screen.getByRole('navigation')).getByRole('link', { name: texts.nav.articles })).toBeInTheDocument();
        const onList = context.path.endsWith('/articles');
        expect(screen.getByRole('heading', { level: 1, name: onList ? texts.list.title : texts.home.heroTitle })).toBeInTheDocument();
        expect(app!.memory.history?.at(-1)).toBe(context.path);
        const details = toggle.closest('details')!;
        if (snapshot.matches('selectorOpen')) {
          expect(details.open).toBe(true);
          const list = screen.getByRole('list', { name: texts.languageSelector.listLabel });
          const current = within(list).getByRole('link', { name: new RegExp(LANGUAGE_OPTIONS[context.language as LanguageCode].name) });
          expect(current).toHaveAttribute('aria-current', 'page');
        } else {
          expect(details.open).toBe(false);
        }
      });
    }

    async function execute(step: Step) {
      const { event } = step;
      const texts = textsFor(textLanguageFor(language));
      switch (event.type) {
        case 'xstate.init':
          app = renderApp(`/${language}/articles`, { fake: fakeApi({ latestArticles: () => pending() }), texts: chunks.source });
          return;
        case 'SELECTOR_TOGGLED':
          await app!.user.click(screen.getByLabelText(new RegExp(texts.languageSelector.toggleLabel), { selector: 'summary' }));
          return;
        case 'SELECTOR_CLOSED':
          await app!.user.keyboard('{Escape}');
          return;
        case 'LANGUAGE_SELECTED': {
          chosen = field<LanguageCode>(event, 'language');
          await app!.user.click(screen.getByRole('link', { name: new RegExp(LANGUAGE_OPTIONS[chosen].name) }));
          return;
        }
        case 'xstate.done.actor.texts':
          act(() => chunks.arrive(textLanguageFor(chosen)));
          language = chosen;
          return;
        case 'xstate.error.actor.texts':
          act(() => chunks.fail(textLanguageFor(chosen)));
          return;
        case 'LOCATION_CHANGED': {
          // Back/forward: the router reports a location the learner did not pick in the selector.
          const path = field<string>(event, 'path');
          act(() => app!.memory.navigate(path));
          language = path.split('/')[1]!;
          // Back/forward into a language not loaded yet: the app waits for its texts (src/app/texts-gate.ts).
          act(() => chunks.arrive(textLanguageFor(language)));
          return;
        }
        default:
          throw new Error(`The language test does not know how a learner causes ${event.type}`);
      }
    }

    await runPath(path, execute, expectScreen);
  });
});
