/**
 * Model-based UI test of the article detail: every shortest path of the production detail
 * machine runs on the real detail route with a fake API and a fake sanitiser whose answers
 * the path decides; at every state the page must show what the state promises, and the raw
 * (unsanitised) body must never appear.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { ArticleView } from '../../src/domain/article';
import { textLanguageFor } from '../../common/languages';
import { textsFor } from '../../src/domain/all-texts';
import { articleHelpTextsFor } from '../../src/domain/article-help-texts';
import { FETCH_ARTICLE_ID, SANITISE_BODY_ID, type ArticleDetailContext } from '../../src/machines/article-detail-machine';
import type { HtmlSanitiser } from '../../src/platform/html-sanitiser';
import { modelNamed, SANITISED_HTML } from './models';
import { deferred, fakeApi } from '../support/fake-api';
import { renderApp, servedAnswers } from '../support/render-app';
import { field, nextStep, pathName, runPath, shortestTestPaths, type Step } from './support/model-paths';

const model = modelNamed('article-detail');
const { language } = model.scenarios[0]!.input as { language: string };
const texts = textsFor(textLanguageFor(language));
const lookupTexts = articleHelpTextsFor(textLanguageFor(language));
const RAW_MARKER = 'steal()';

function bodyHost(): Element | null {
  return document.querySelector('.article-body-host');
}

describe.each(model.scenarios.map((scenario) => [scenario.title, scenario] as const))(
  'article detail, %s: every shortest path',
  (_title, scenario) => {
    const paths = shortestTestPaths(model, scenario);
    const served = (scenario.input as { initial?: { article: ArticleView } }).initial?.article;

    it('has paths to test', () => {
      expect(paths.length).toBeGreaterThan(3);
    });

    it.each(paths.map((path) => [pathName(model, path), path] as const))('%s', async (_name, path) => {
      const requests: Array<{ id: string | undefined; answer: ReturnType<typeof deferred<ArticleView>> }> = [];
      let settled = 0;
      const fake = fakeApi({
        article: (id) => {
          const answer = deferred<ArticleView>();
          requests.push({ id, answer });
          return answer.promise;
        },
      });
      // The sanitiser answers as the path's next step says; it runs as soon as the article arrives.
      let sanitiserPlan: { html: string } | { error: Error } = { html: SANITISED_HTML };
      const sanitise = (rawBody: string) => {
        expect(rawBody).toContain(RAW_MARKER);
        if ('error' in sanitiserPlan) throw sanitiserPlan.error;
        return { html: sanitiserPlan.html };
      };
      const sanitiser: HtmlSanitiser = { sanitise };
      let app: ReturnType<typeof renderApp> | undefined;

      async function newestRequest() {
        await waitFor(() => expect(requests.length).toBeGreaterThan(settled));
        settled = requests.length;
        return requests[requests.length - 1]!;
      }

      async function expectScreen(snapshot: AnyMachineSnapshot) {
        const context = snapshot.context as ArticleDetailContext;
        await waitFor(() => {
          expect(screen.getByRole('link', { name: new RegExp(texts.detail.back) })).toHaveAttribute('href', `/${language}/articles`);
          expect(document.body.innerHTML).not.toContain(RAW_MARKER);
          const spinner = screen.queryByText(texts.detail.loading);
          const alert = screen.queryByRole('alert');
          if (snapshot.matches('loading')) {
            expect(spinner).toBeInTheDocument();
            expect(alert).toBeNull();
          } else if (snapshot.matches('sanitising')) {
            // The real sanitiser is synchronous, so the page may already show the result; what
            // must hold is that nothing unsanitised and no error is shown on the way.
            expect(alert).toBeNull();
          } else if (snapshot.matches('error')) {
            expect(spinner).toBeNull();
            expect(alert).toHaveTextContent(texts.detail.loadError);
            expect(screen.getByRole('button', { name: texts.detail.tryAgain })).toBeInTheDocument();
          } else if (snapshot.matches({ loaded: 'withBody' })) {
            expect(spinner).toBeNull();
            expect(bodyHost()?.shadowRoot?.innerHTML).toContain(context.html!);
            expect(screen.queryByText(texts.detail.bodyUnavailable)).toBeNull();
            expect(screen.getByRole('search', { name: lookupTexts.fieldLabel })).toBeInTheDocument();
          } else {
            expect(snapshot.matches({ loaded: 'withoutBody' })).toBe(true);
            expect(spinner).toBeNull();
            expect(bodyHost()).toBeNull();
            expect(screen.getByRole('heading', { level: 1, name: context.article!.title })).toBeInTheDocument();
            expect(screen.getByText(texts.detail.bodyUnavailable)).toBeInTheDocument();
            expect(screen.getByRole('search', { name: lookupTexts.fieldLabel })).toBeInTheDocument();
          }
          // The page asked for the article the state is about (a server-rendered one is in the page). Inside
          // the wait: the lazily loaded detail route shows the same spinner before its code has arrived and made the request.
          if (!(served && requests.length === 0)) expect(requests.at(-1)?.id).toBe(context.articleId);
        });
      }

      async function execute(step: Step) {
        const { event } = step;
        switch (event.type) {
          case 'xstate.init':
            app = renderApp(`/${language}/articles/${(scenario.input as { articleId: string }).articleId}`, {
              fake,
              sanitiser,
              ...(served ? { firstAnswers: servedAnswers({ article: served }) } : {}),
            });
            return;
          case `xstate.done.actor.${FETCH_ARTICLE_ID}`: {
            const next = nextStep(path, step)?.event;
            if (next?.type === `xstate.done.actor.${SANITISE_BODY_ID}`) sanitiserPlan = field<{ html: string }>(next, 'output');
            else if (next?.type === `xstate.error.actor.${SANITISE_BODY_ID}`) sanitiserPlan = { error: field<Error>(next, 'error') };
            const { answer } = await newestRequest();
            await act(async () => answer.resolve(field<ArticleView>(event, 'output')));
            return;
          }
          case `xstate.error.actor.${FETCH_ARTICLE_ID}`: {
            const { answer } = await newestRequest();
            await act(async () => answer.reject(field<Error>(event, 'error')));
            return;
          }
          case `xstate.done.actor.${SANITISE_BODY_ID}`:
          case `xstate.error.actor.${SANITISE_BODY_ID}`:
            // Prepared with the article's arrival: the sanitiser has already answered.
            return;
          case 'ARTICLE_REQUESTED':
            // The learner follows a link to another article.
            act(() => app!.memory.navigate(`/${field<string>(event, 'language')}/articles/${field<string>(event, 'articleId')}`));
            return;
          case 'RETRY': {
            const before = app!.reload.mock.calls.length;
            await app!.user.click(screen.getByRole('button', { name: texts.detail.tryAgain }));
            expect(app!.reload).toHaveBeenCalledTimes(before + 1);
            return;
          }
          default:
            throw new Error(`The detail page test does not know how a learner causes ${event.type}`);
        }
      }

      await runPath(path, execute, expectScreen);
      if (served && requests.length === 0) expect(fake.article).not.toHaveBeenCalled();
      else expect(fake.article).toHaveBeenCalledWith(requests.at(-1)!.id, language, expect.any(AbortSignal));
    });
  },
);
