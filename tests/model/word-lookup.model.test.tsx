/**
 * Model-based UI test of the word look-up: every shortest path of the production look-up machine
 * runs on the real article page (detail route, real sanitiser) with a fake dictionary whose
 * answers the path decides. At every state the page must show what the state promises, and
 * closing the entry must put focus back on the word it came from.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { DictionaryApi } from '../../src/api/dictionary-client';
import type { WordEntry } from '../../src/domain/word-lookup';
import { readingHelpTextsFor } from '../../src/domain/word-lookup-texts';
import { LOOK_UP_WORD_ID, type WordLookupContext } from '../../src/machines/word-lookup-machine';
import { LOOKUP_ENTRY, LOOKUP_WORD, NOT_A_WORD, modelNamed } from './models';
import { articleView, deferred, fakeApi } from '../support/fake-api';
import { renderApp } from '../support/render-app';
import { field, pathName, runPath, shortestTestPaths, type Step } from './support/model-paths';

const model = modelNamed('word-lookup');
const [scenario] = model.scenarios;
const { language } = scenario!.input as { language: 'zh' };
const texts = readingHelpTextsFor(language);

/** The body as the server renders it: every word tappable, vocabulary as buttons. */
const BODY =
  '<div class="nr-article-body"><p><span class="nr-w">Ships</span> <span class="nr-w">left</span> <span class="nr-w">the</span> ' +
  `<button type="button" class="nr-vocab-word">${LOOKUP_WORD}</button> <span class="nr-w">early</span>.</p></div>`;

function vocabularyButton(): HTMLElement {
  const root = screen.getByTestId('article-body-host').shadowRoot;
  const button = root?.querySelector<HTMLElement>('.nr-vocab-word');
  if (!button) throw new Error('the body has no vocabulary button');
  return button;
}

describe('word look-up: every shortest path on the real article page', () => {
  const paths = shortestTestPaths(model, scenario!);

  it('has paths to test', () => {
    expect(paths.length).toBeGreaterThanOrEqual(4);
  });

  it.each(paths.map((path) => [pathName(model, path), path] as const))('%s', async (_name, path) => {
    const requests: Array<{ word: string; answer: ReturnType<typeof deferred<WordEntry | null>> }> = [];
    let settled = 0;
    const dictionary: DictionaryApi = {
      lookUpWord: (word, lookupLanguage) => {
        expect(lookupLanguage).toBe(language);
        const answer = deferred<WordEntry | null>();
        requests.push({ word, answer });
        return answer.promise;
      },
    };
    const fake = fakeApi({ article: async () => articleView({ body: BODY }) });
    let app: ReturnType<typeof renderApp> | undefined;

    async function newestRequest() {
      await waitFor(() => expect(requests.length).toBeGreaterThan(settled));
      settled = requests.length;
      return requests[requests.length - 1]!;
    }

    async function expectScreen(snapshot: AnyMachineSnapshot) {
      const context = snapshot.context as WordLookupContext;
      await waitFor(() => {
        const dialog = screen.queryByRole('dialog');
        if (snapshot.matches('idle')) {
          expect(dialog).toBeNull();
          return;
        }
        expect(dialog).not.toBeNull();
        const entry = within(dialog!);
        if (snapshot.matches('lookingUp')) {
          expect(dialog).toHaveTextContent(texts.lookingUp(context.selection!));
        } else if (snapshot.matches('shown')) {
          expect(entry.getByRole('heading', { level: 2 })).toHaveTextContent(LOOKUP_ENTRY.lemma);
          expect(dialog).toHaveTextContent(LOOKUP_ENTRY.senses[0]!.gloss!);
          expect(dialog).toHaveTextContent(LOOKUP_ENTRY.senses[0]!.definition);
          expect(dialog).toHaveTextContent(texts.formOf(LOOKUP_WORD, LOOKUP_ENTRY.lemma));
          expect(dialog).toHaveTextContent('/ˈhɑːbə/');
        } else if (snapshot.matches('noEntry')) {
          expect(dialog).toHaveTextContent(texts.noEntry(context.selection!));
        } else {
          expect(snapshot.matches('failed')).toBe(true);
          expect(entry.getByRole('alert')).toHaveTextContent(texts.failed(context.selection!));
          expect(entry.getByRole('button', { name: texts.tryAgain })).toBeInTheDocument();
        }
      });
      // The article stays readable whatever the entry shows.
      expect(screen.getByTestId('article-body-host').shadowRoot?.textContent).toContain('Ships left the');
    }

    async function execute(step: Step) {
      const { event } = step;
      switch (event.type) {
        case 'xstate.init':
          app = renderApp(`/${language}/articles/city-bikes`, { fake, dictionary });
          await screen.findByTestId('article-body-host');
          await waitFor(() => vocabularyButton());
          return;
        case 'WORD_SELECTED': {
          const text = field<string>(event, 'text');
          if (text === NOT_A_WORD) {
            // Typed into the look-up field: not a word, so nothing is sent.
            const input = screen.getByRole('searchbox');
            await app!.user.clear(input);
            await app!.user.type(input, `${text}{Enter}`);
            expect(requests.every((request) => request.word !== text)).toBe(true);
          } else {
            // From the keyboard: the vocabulary word is a button in the body.
            vocabularyButton().focus();
            await app!.user.keyboard('{Enter}');
          }
          return;
        }
        case `xstate.done.actor.${LOOK_UP_WORD_ID}`: {
          const { word, answer } = await newestRequest();
          expect(word).toBe(LOOKUP_WORD);
          await act(async () => answer.resolve(field<WordEntry | null>(event, 'output')));
          return;
        }
        case `xstate.error.actor.${LOOK_UP_WORD_ID}`: {
          const { answer } = await newestRequest();
          await act(async () => answer.reject(field<Error>(event, 'error')));
          return;
        }
        case 'RETRY':
          await app!.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: texts.tryAgain }));
          return;
        case 'CLOSED': {
          await app!.user.keyboard('{Escape}');
          return;
        }
        default:
          throw new Error(`The look-up test does not know how a learner causes ${event.type}`);
      }
    }

    await runPath(path, execute, expectScreen);
  });
});

describe('word look-up focus', () => {
  it('moves focus into the entry and back to the word on Escape', async () => {
    const dictionary: DictionaryApi = { lookUpWord: async () => LOOKUP_ENTRY };
    const app = renderApp(`/${language}/articles/city-bikes`, {
      fake: fakeApi({ article: async () => articleView({ body: BODY }) }),
      dictionary,
    });
    await waitFor(() => vocabularyButton());
    const button = vocabularyButton();
    button.focus();
    await app.user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toHaveFocus());
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button.getRootNode()).toBeInstanceOf(ShadowRoot);
    expect((button.getRootNode() as ShadowRoot).activeElement).toBe(button);
  });

  it('replaces the entry when another word is tapped, and closes on a click outside', async () => {
    const asked: string[] = [];
    const dictionary: DictionaryApi = {
      lookUpWord: async (word) => {
        asked.push(word);
        return word === 'Ships' ? { ...LOOKUP_ENTRY, query: 'Ships', lemma: 'ship' } : LOOKUP_ENTRY;
      },
    };
    const app = renderApp(`/${language}/articles/city-bikes`, {
      fake: fakeApi({ article: async () => articleView({ body: BODY }) }),
      dictionary,
    });
    await waitFor(() => vocabularyButton());
    await app.user.click(vocabularyButton());
    expect(await screen.findByRole('heading', { level: 2, name: new RegExp(LOOKUP_ENTRY.lemma) })).toBeInTheDocument();
    const ships = screen.getByTestId('article-body-host').shadowRoot!.querySelector<HTMLElement>('.nr-w')!;
    await app.user.click(ships);
    expect(await screen.findByRole('heading', { level: 2, name: /ship$/ })).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(asked).toEqual([LOOKUP_WORD, 'Ships']);
    await app.user.click(screen.getByRole('link', { name: /返回文章列表/ }).closest('p')!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
