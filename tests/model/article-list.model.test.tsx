/**
 * Model-based UI test of the article list machine on its two screens (the list page with its
 * filters, and the home page's latest articles): every shortest path of the production machine
 * runs against the real app (routes, machines, views) with a fake API whose answers the path
 * decides, and at every state the screen must show what the state promises.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { ALL } from '../../src/domain/filters';
import { textLanguageFor } from '../../common/languages';
import type { CardPage } from '../../src/api/client';
import { textsFor } from '../../src/domain/all-texts';
import { FETCH_ARTICLES_ID, FETCH_MORE_ID, visibleCards } from '../../src/machines/article-list-machine';
import type { ArticleListContext } from '../../src/machines/article-list-types';
import { HOME_LIMIT, modelNamed, SEARCH_DELAY_EVENT, type Scenario } from './models';
import { deferred, fakeApi } from '../support/fake-api';
import { renderApp, servedAnswers } from '../support/render-app';
import { field, pathName, runPath, shortestTestPaths, type Step } from './support/model-paths';

const model = modelNamed('article-list');

function textsOf(language: string) {
  return textsFor(textLanguageFor(language));
}

function cardTitles(): string[] {
  return screen.queryAllByTestId('article-card').map((card) => within(card).getByRole('heading').textContent ?? '');
}

async function expectListPage(snapshot: AnyMachineSnapshot) {
  const context = snapshot.context as ArticleListContext;
  const texts = textsOf(context.language);
  const loaded = (state: string) => snapshot.matches({ loaded: state });
  await waitFor(() => {
    expect(screen.getByRole('heading', { level: 1, name: texts.list.title })).toBeInTheDocument();
    const spinner = screen.queryByText(texts.list.loading);
    const alert = screen.queryByRole('alert');
    const emptyTitle = screen.queryByText(texts.list.emptyTitle);
    const loadMore = screen.queryByRole('link', { name: texts.list.loadMore });
    if (snapshot.matches('loading')) {
      expect(spinner).toBeInTheDocument();
      expect(alert).toBeNull();
      expect(cardTitles()).toEqual([]);
    } else if (snapshot.matches('error')) {
      expect(spinner).toBeNull();
      expect(alert).toHaveTextContent(texts.list.loadErrorFallback);
      if (context.errorMessage !== null) expect(alert).toHaveTextContent(context.errorMessage);
      expect(within(alert!).getByRole('button', { name: texts.list.reload })).toBeInTheDocument();
      expect(cardTitles()).toEqual([]);
    } else if (loaded('empty')) {
      expect(spinner).toBeNull();
      expect(emptyTitle).toBeInTheDocument();
      expect(screen.getByText(texts.list.emptyHint)).toBeInTheDocument();
      expect(cardTitles()).toEqual([]);
      expect(screen.getByRole('status')).toHaveTextContent(texts.list.resultCount(0, context.total));
    } else {
      expect(spinner).toBeNull();
      expect(emptyTitle).toBeNull();
      expect(cardTitles()).toEqual(visibleCards(context).map((card) => card.title));
      // Snippets arrive as HTML; the page shows their text with the hits in <mark>, never raw markup.
      for (const card of visibleCards(context).filter((c) => c.snippet !== undefined)) {
        const shown = screen.getAllByTestId('article-card').find((el) => el.textContent?.includes(card.title))!;
        expect(shown.querySelector('.card-snippet')?.innerHTML).toBe(card.snippet);
      }
      const searching = loaded('typing') || loaded('searching');
      expect(screen.getByRole('status')).toHaveTextContent(
        searching ? texts.list.searching : texts.list.resultCount(context.cards.length, context.total),
      );
      expect(loadMore !== null).toBe(loaded('more'));
      expect(screen.queryByText(texts.list.loadingMore) !== null).toBe(loaded('loadingMore'));
      expect(screen.queryByText(texts.list.endOfList) !== null).toBe(loaded('end'));
      if (loaded('moreFailed')) {
        expect(alert).toHaveTextContent(texts.list.moreError);
        expect(within(alert!).getByRole('button', { name: texts.list.retry })).toBeInTheDocument();
      } else {
        expect(alert).toBeNull();
      }
    }
    // The controls always show the filters in force.
    expect(screen.getByRole('searchbox', { name: texts.list.searchLabel })).toHaveValue(context.filters.search);
    expect(screen.getByRole('combobox', { name: texts.list.categoryLabel })).toHaveValue(context.filters.category);
    expect(screen.getByRole('combobox', { name: texts.list.sourceLabel })).toHaveValue(context.filters.source);
    expect(screen.getByRole('combobox', { name: texts.list.difficultyLabel })).toHaveValue(context.filters.difficulty);
  });
}

async function expectHomePage(snapshot: AnyMachineSnapshot) {
  const context = snapshot.context as ArticleListContext;
  const texts = textsOf(context.language);
  await waitFor(() => {
    expect(screen.getByRole('heading', { level: 1, name: texts.home.heroTitle })).toBeInTheDocument();
    const spinner = screen.queryByText(texts.home.loading);
    const alert = screen.queryByRole('alert');
    const empty = screen.queryByText(texts.home.noArticles);
    if (snapshot.matches('loading')) {
      expect(spinner).toBeInTheDocument();
      expect(alert).toBeNull();
      expect(cardTitles()).toEqual([]);
    } else if (snapshot.matches('error')) {
      expect(spinner).toBeNull();
      expect(alert).toHaveTextContent(texts.home.loadError);
      expect(cardTitles()).toEqual([]);
    } else if (snapshot.matches({ loaded: 'empty' })) {
      expect(spinner).toBeNull();
      expect(empty).toBeInTheDocument();
      expect(cardTitles()).toEqual([]);
    } else {
      expect(snapshot.matches({ loaded: 'end' })).toBe(true);
      expect(spinner).toBeNull();
      expect(empty).toBeNull();
      expect(cardTitles()).toEqual(context.cards.map((card) => card.title));
    }
    expect(screen.getByRole('link', { name: texts.home.viewAll })).toHaveAttribute('href', `/${context.language}/articles`);
  });
}

describe.each(model.scenarios.map((scenario) => [scenario.title, scenario] as const))(
  'article list, %s: every shortest path',
  (_title, scenario: Scenario) => {
    const paths = shortestTestPaths(model, scenario);
    const { limit } = scenario.input as { language: string; limit: number };
    const onHome = limit === HOME_LIMIT;

    it('has paths to test', () => {
      // A server-rendered home page starts loaded: fewer states are left to reach.
      expect(paths.length).toBeGreaterThan((scenario.input as { initial?: CardPage }).initial ? 2 : 3);
    });

    it.each(paths.map((path) => [pathName(model, path), path] as const))('%s', async (_name, path) => {
      // The home page asks for latest articles, the list page for pages; both answers are settled by the path.
      const fetches: Array<ReturnType<typeof deferred<CardPage>>> = [];
      let settled = 0;
      const request = () => {
        const answer = deferred<CardPage>();
        fetches.push(answer);
        return answer.promise;
      };
      const fake = fakeApi({
        latestArticles: async () => (await request()).cards,
        listPage: request,
      });
      let app: ReturnType<typeof renderApp> | undefined;
      let language = (scenario.input as { language: string }).language;

      /** The answer the app is waiting for: the newest request, once it has been made. */
      async function newestRequest() {
        await waitFor(() => expect(fetches.length).toBeGreaterThan(settled));
        settled = fetches.length;
        return fetches[fetches.length - 1]!;
      }

      async function execute(step: Step) {
        const { event } = step;
        const texts = textsOf(language);
        switch (event.type) {
          case 'xstate.init': {
            const { initial } = scenario.input as { initial?: CardPage };
            app = renderApp(onHome ? `/${language}` : `/${language}/articles`, {
              fake,
              ...(initial ? { firstAnswers: servedAnswers({ page: initial }) } : {}),
            });
            return;
          }
          case `xstate.done.actor.${FETCH_ARTICLES_ID}`:
          case `xstate.done.actor.${FETCH_MORE_ID}`: {
            const answer = await newestRequest();
            await act(async () => answer.resolve(field<CardPage>(event, 'output')));
            return;
          }
          case `xstate.error.actor.${FETCH_ARTICLES_ID}`:
          case `xstate.error.actor.${FETCH_MORE_ID}`: {
            const answer = await newestRequest();
            await act(async () => answer.reject(field<Error>(event, 'error')));
            return;
          }
          case SEARCH_DELAY_EVENT: {
            // The pause in typing passes in real time; the search request it sends is answered by the next step.
            // On a starved CPU a pause can also fall between two keystrokes and send a search for part of the
            // word, which the next keystroke abandons: the step is over once the app asks for the filters in force.
            const { filters } = step.state.context as ArticleListContext;
            await waitFor(
              () => {
                expect(fetches.length).toBeGreaterThan(settled);
                const asked = fake.listPage.mock.lastCall?.[0];
                expect({
                  search: asked?.search,
                  category: asked?.category ?? ALL,
                  source: asked?.source ?? ALL,
                  difficulty: asked?.difficulty ?? ALL,
                }).toEqual(filters);
              },
              { timeout: 2000 },
            );
            return;
          }
          case 'LOAD_MORE':
            await app!.user.click(screen.getByRole('link', { name: texts.list.loadMore }));
            return;
          case 'RETRY':
            await app!.user.click(screen.getByRole('button', { name: texts.list.retry }));
            return;
          case 'RELOAD':
            await app!.user.click(screen.getByRole('button', { name: texts.list.reload }));
            return;
          case 'LANGUAGE_CHANGED': {
            const target = field<string>(event, 'language');
            await app!.user.click(screen.getByLabelText(new RegExp(texts.languageSelector.toggleLabel), { selector: 'summary' }));
            await app!.user.click(screen.getByRole('link', { name: target === 'es' ? /Español/ : /中文/ }));
            language = target;
            return;
          }
          case 'SEARCH_CHANGED': {
            const box = screen.getByRole('searchbox', { name: texts.list.searchLabel });
            await app!.user.clear(box);
            const search = field<string>(event, 'search');
            if (search !== '') await app!.user.type(box, search);
            return;
          }
          case 'CATEGORY_SELECTED':
            await app!.user.selectOptions(
              screen.getByRole('combobox', { name: texts.list.categoryLabel }),
              field<string>(event, 'category'),
            );
            return;
          case 'SOURCE_SELECTED':
            await app!.user.selectOptions(screen.getByRole('combobox', { name: texts.list.sourceLabel }), field<string>(event, 'source'));
            return;
          case 'DIFFICULTY_SELECTED':
            await app!.user.selectOptions(
              screen.getByRole('combobox', { name: texts.list.difficultyLabel }),
              field<string>(event, 'difficulty'),
            );
            return;
          default:
            throw new Error(`The list page test does not know how a learner causes ${event.type}`);
        }
      }

      await runPath(path, execute, onHome ? expectHomePage : expectListPage);
      // The page asked for its number of articles (home 4, list pages of 20) in the page language; a
      // server-rendered page asks nothing until the learner does something that needs the server.
      const served = (scenario.input as { initial?: CardPage }).initial !== undefined;
      const asked = (onHome ? fake.latestArticles : fake.listPage).mock.calls.length > 0;
      if (served && !asked) expect(path.steps.some((step) => step.event.type.startsWith('xstate.done.actor'))).toBe(false);
      else if (onHome) expect(fake.latestArticles).toHaveBeenLastCalledWith({ language, limit }, expect.any(AbortSignal));
      else expect(fake.listPage).toHaveBeenLastCalledWith(expect.objectContaining({ language, limit }), expect.any(AbortSignal));
    });
  },
);
