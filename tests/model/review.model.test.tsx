/**
 * Model-based UI test of the review session: every shortest path of the production review
 * machine runs on the real /zh/review page (route, machine, views) with a word store whose
 * answers the path decides. At every state the page must show what the state promises, and
 * focus must be where the next keystroke is wanted.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { SavedWord } from '../../src/domain/saved-words';
import { formatDue, reviewTextsFor } from '../../src/domain/review-texts';
import { LOAD_WORDS_ID, SAVE_WORD_ID, type ReviewContext } from '../../src/machines/review-machine';
import type { WordStore } from '../../src/platform/word-store';
import { LATER_WORD, modelNamed } from './models';
import { controlledWordStore, type ControlledWordStore } from '../support/fake-word-store';
import { renderApp } from '../support/render-app';
import { field, pathName, runPath, shortestTestPaths, type Step } from './support/model-paths';

const stores = vi.hoisted(() => ({ current: null as WordStore | null }));
vi.mock('../../src/app/word-store-factory', () => ({
  wordStore: () => (stores.current === null ? Promise.reject(new Error('no store in this test')) : Promise.resolve(stores.current)),
}));

const model = modelNamed('review');
const [scenario] = model.scenarios;
const language = 'zh';
const texts = reviewTextsFor(language);

describe('review: every shortest path on the real review page', () => {
  const paths = shortestTestPaths(model, scenario!);

  it('has paths to test', () => {
    expect(paths.length).toBeGreaterThanOrEqual(8);
  });

  it.each(paths.map((path) => [pathName(model, path), path] as const))('%s', async (_name, path) => {
    const store: ControlledWordStore = controlledWordStore();
    stores.current = store;
    let app: ReturnType<typeof renderApp> | undefined;
    let loadsAnswered = 0;
    let putsAnswered = 0;

    async function nextLoad() {
      await waitFor(() => expect(store.loads.length).toBeGreaterThan(loadsAnswered));
      return store.loads[loadsAnswered++]!;
    }
    async function nextPut() {
      await waitFor(() => expect(store.updates.length).toBeGreaterThan(putsAnswered));
      return store.updates[putsAnswered++]!;
    }

    async function expectScreen(snapshot: AnyMachineSnapshot) {
      const context = snapshot.context as ReviewContext;
      const current = context.queue[context.index];
      await waitFor(() => {
        expect(screen.getByRole('heading', { level: 1, name: texts.heading })).toBeInTheDocument();
        if (snapshot.matches('loading')) {
          expect(screen.getByRole('status')).toHaveTextContent(texts.loading);
        } else if (snapshot.matches('showingFront')) {
          expect(screen.getByRole('heading', { level: 2, name: current!.word })).toBeInTheDocument();
          expect(screen.getByText(texts.progress(context.index + 1, context.queue.length))).toBeInTheDocument();
          expect(screen.getByRole('button', { name: texts.reveal })).toHaveFocus();
          expect(screen.queryByText(current!.gloss!)).toBeNull();
        } else if (snapshot.matches('showingBack') || snapshot.matches('saving')) {
          expect(screen.getByText(current!.gloss!)).toBeInTheDocument();
          expect(screen.getByText(current!.definition!)).toBeInTheDocument();
          expect(screen.getByRole('group', { name: texts.gradesLabel })).toBeInTheDocument();
          for (const grade of ['again', 'hard', 'good', 'easy'] as const) {
            expect(screen.getByRole('button', { name: new RegExp(`^${texts.grades[grade]}`) })).toHaveAttribute('aria-keyshortcuts');
          }
          if (snapshot.matches('saving')) expect(screen.getByText(texts.saving)).toBeInTheDocument();
          else expect(screen.getByRole('button', { name: new RegExp(`^${texts.grades.good}`) })).toHaveFocus();
        } else if (snapshot.matches('done')) {
          expect(screen.getByRole('heading', { level: 2, name: texts.doneTitle })).toHaveFocus();
          expect(screen.getByText(texts.reviewed(context.reviewed.length))).toBeInTheDocument();
          expect(screen.getByText(/^下次复习：.+。$/)).toBeInTheDocument();
        } else if (snapshot.matches('empty')) {
          if (context.nextDue === null) {
            expect(screen.getByRole('heading', { level: 2, name: texts.noWordsTitle })).toHaveFocus();
            expect(screen.getByRole('link', { name: texts.toArticles })).toHaveAttribute('href', '/zh/articles');
          } else {
            expect(screen.getByRole('heading', { level: 2, name: texts.emptyTitle })).toHaveFocus();
            expect(screen.getByText(texts.nextDue(formatDue(LATER_WORD.card.due, language)))).toBeInTheDocument();
          }
        } else {
          expect(snapshot.matches('failed')).toBe(true);
          expect(screen.getByRole('alert')).toHaveTextContent(texts.problems[context.error!]);
          expect(screen.getByRole('button', { name: texts.tryAgain })).toHaveFocus();
        }
      });
    }

    async function execute(step: Step) {
      const { event } = step;
      switch (event.type) {
        case 'xstate.init':
          app = renderApp(`/${language}/review`);
          return;
        case `xstate.done.actor.${LOAD_WORDS_ID}`: {
          const load = await nextLoad();
          await act(async () => load.resolve({ words: field<SavedWord[]>(event, 'output'), setAside: 0 }));
          return;
        }
        case `xstate.error.actor.${LOAD_WORDS_ID}`: {
          const load = await nextLoad();
          await act(async () => load.reject(field<Error>(event, 'error')));
          return;
        }
        case 'REVEAL':
          await app!.user.click(screen.getByRole('button', { name: texts.reveal }));
          return;
        case 'GRADE': {
          // By keyboard: 1 is Again, 3 is Good.
          await app!.user.keyboard(field<string>(event, 'grade') === 'again' ? '1' : '3');
          return;
        }
        case `xstate.done.actor.${SAVE_WORD_ID}`: {
          const put = await nextPut();
          await act(async () => put.answer.resolve(field(event, 'output')));
          return;
        }
        case `xstate.error.actor.${SAVE_WORD_ID}`: {
          const put = await nextPut();
          await act(async () => put.answer.reject(field<Error>(event, 'error')));
          return;
        }
        case 'RETRY':
          await app!.user.click(screen.getByRole('button', { name: texts.tryAgain }));
          return;
        default:
          throw new Error(`The review test does not know how a learner causes ${event.type}`);
      }
    }

    await runPath(path, execute, expectScreen);
  });
});
