/**
 * Model-based UI test of the article list machine on its two screens (the list page with its
 * filters, and the home page's latest articles): every shortest path of the production machine
 * runs against the real app (routes, machines, views) with a fake API whose answers the path
 * decides, and at every state the screen must show what the state promises.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { textLanguageFor } from '../../src/domain/languages';
import type { ArticleCard } from '../../src/domain/article';
import { textsFor } from '../../src/domain/texts';
import { FETCH_ARTICLES_ID, visibleCards, type ArticleListContext } from '../../src/machines/article-list-machine';
import { HOME_LIMIT, modelNamed, type Scenario } from '../../scripts/machines/models';
import { deferred, fakeApi } from '../unit/views/fixtures';
import { renderApp } from '../unit/views/render-app';
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
  await waitFor(() => {
    expect(screen.getByRole('heading', { level: 1, name: texts.list.title })).toBeInTheDocument();
    const spinner = screen.queryByText(texts.list.loading);
    const alert = screen.queryByRole('alert');
    const emptyTitle = screen.queryByText(texts.list.emptyTitle);
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
    } else if (snapshot.matches({ loaded: 'empty' })) {
      expect(spinner).toBeNull();
      expect(emptyTitle).toBeInTheDocument();
      expect(screen.getByText(texts.list.emptyHint)).toBeInTheDocument();
      expect(cardTitles()).toEqual([]);
      expect(screen.getByRole('status')).toHaveTextContent(texts.list.resultCount(0, context.cards.length));
    } else {
      expect(snapshot.matches({ loaded: 'showing' })).toBe(true);
      expect(spinner).toBeNull();
      expect(emptyTitle).toBeNull();
      expect(cardTitles()).toEqual(visibleCards(context).map((card) => card.title));
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
      expect(snapshot.matches({ loaded: 'showing' })).toBe(true);
      expect(spinner).toBeNull();
      expect(empty).toBeNull();
      expect(cardTitles()).toEqual(context.cards.map((card) => card.title));
    }
    expect(screen.getByRole('link', { name: texts.home.viewAll })).toHaveAttribute('href', `/${context.language}/articles`);
  });
}

describe.each(model.scenarios.map((scenario) => [scenario.title, scenario] as const))('article list, %s: every shortest path', (_title, scenario: Scenario) => {
  const paths = shortestTestPaths(model, scenario);
  const { limit } = scenario.input as { language: string; limit: number };
  const onHome = limit === HOME_LIMIT;

  it('has paths to test', () => {
    expect(paths.length).toBeGreaterThan(3);
  });

  it.each(paths.map((path) => [pathName(model, path), path] as const))('%s', async (_name, path) => {
    const fetches: Array<ReturnType<typeof deferred<ArticleCard[]>>> = [];
    let settled = 0;
    const fake = fakeApi({
      latestArticles: () => {
        const answer = deferred<ArticleCard[]>();
        fetches.push(answer);
        return answer.promise;
      },
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
        case 'xstate.init':
          app = renderApp(onHome ? `/${language}` : `/${language}/articles`, { fake });
          return;
        case `xstate.done.actor.${FETCH_ARTICLES_ID}`: {
          const answer = await newestRequest();
          await act(async () => answer.resolve(field<ArticleCard[]>(event, 'output')));
          return;
        }
        case `xstate.error.actor.${FETCH_ARTICLES_ID}`: {
          const answer = await newestRequest();
          await act(async () => answer.reject(field<Error>(event, 'error')));
          return;
        }
        case 'RELOAD':
          await app!.user.click(screen.getByRole('button', { name: texts.list.reload }));
          return;
        case 'LANGUAGE_CHANGED': {
          const target = field<string>(event, 'language');
          await app!.user.click(screen.getByRole('button', { name: new RegExp(texts.languageSelector.toggleLabel) }));
          await app!.user.click(screen.getByRole('option', { name: target === 'es' ? /Español/ : /中文/ }));
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
    // The page asked for its number of latest articles (home 4, list 20) in the page language.
    expect(fake.latestArticles).toHaveBeenLastCalledWith({ language, limit }, expect.any(AbortSignal));
  });
});
