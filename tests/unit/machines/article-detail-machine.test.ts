import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ArticleView } from '../../../src/domain/article';
import { articleDetailMachine, type ArticleRequest, type SanitisedBody } from '../../../src/machines/article-detail-machine';
import { ApiError, httpStatusError } from '../../../src/api/errors';
import { articleView, deferred } from '../../support/fake-api';

type Fetch = (input: ArticleRequest, signal: AbortSignal) => Promise<ArticleView>;
type Sanitise = (body: string) => Promise<SanitisedBody>;

function start(
  fetch: Fetch,
  options: {
    sanitise?: Sanitise;
    articleId?: string;
    language?: string;
    initial?: { article: ArticleView; html: string | null };
    initialError?: { message: string; status?: number };
  } = {},
) {
  const fetchSpy = vi.fn(fetch);
  const sanitiseSpy = vi.fn<Sanitise>(options.sanitise ?? (async (body) => ({ html: `[safe]${body}` })));
  const reloadPage = vi.fn();
  const machine = articleDetailMachine.provide({
    actors: {
      fetchArticle: fromPromise<ArticleView, ArticleRequest>(({ input, signal }) => fetchSpy(input, signal)),
      sanitiseBody: fromPromise<SanitisedBody, { body: string }>(({ input }) => sanitiseSpy(input.body)),
    },
    actions: { reloadPage },
  });
  const actor = createActor(machine, {
    input: {
      articleId: options.articleId ?? 'city-bikes',
      language: options.language ?? 'zh',
      ...(options.initial ? { initial: options.initial } : {}),
      ...(options.initialError ? { initialError: options.initialError } : {}),
    },
  }).start();
  return { actor, fetch: fetchSpy, sanitise: sanitiseSpy, reloadPage };
}

/** The client's error for the API's answer to an unknown article id. */
function missingArticle(): ApiError {
  return httpStatusError(404, '', { code: 'not_found', message: 'No article has the id "gone"', parameter: 'id' });
}

const settled = (s: { matches: (v: 'loaded' | 'error') => boolean }) => s.matches('loaded') || s.matches('error');

describe('article detail machine: a server-rendered article', () => {
  it('starts loaded with the article and body it was given, asking and sanitising nothing', () => {
    const article = articleView();
    const { actor, fetch, sanitise } = start(async () => article, { initial: { article, html: '<p>safe</p>' } });
    expect(actor.getSnapshot().value).toEqual({ loaded: 'withBody' });
    expect(actor.getSnapshot().context).toMatchObject({ article, html: '<p>safe</p>' });
    expect(fetch).not.toHaveBeenCalled();
    expect(sanitise).not.toHaveBeenCalled();
  });

  it('starts at loaded.withoutBody when the given body is empty, and another article still fetches', async () => {
    const article = articleView();
    const { actor, fetch } = start(async () => article, { initial: { article, html: null } });
    expect(actor.getSnapshot().value).toEqual({ loaded: 'withoutBody' });
    actor.send({ type: 'ARTICLE_REQUESTED', articleId: 'clinic-hours', language: 'zh' });
    await waitFor(actor, settled);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('article detail machine: a server-rendered missing article', () => {
  it("starts in error with the API's message it was given, asking nothing, and Try Again reloads the page", () => {
    const { actor, fetch, reloadPage } = start(async () => articleView(), {
      initialError: missingArticle(),
    });
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.errorMessage).toBe('Request failed: 404 Not Found');
    expect(actor.getSnapshot().context.missing).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
    actor.send({ type: 'RETRY' });
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('still fetches another article asked for afterwards', async () => {
    const article = articleView();
    const { actor, fetch } = start(async () => article, { initialError: { message: 'Request failed: 404 Not Found' } });
    actor.send({ type: 'ARTICLE_REQUESTED', articleId: 'clinic-hours', language: 'zh' });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().value).toEqual({ loaded: 'withBody' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('article detail machine', () => {
  it('fetches the article, sanitises its body and ends in loaded.withBody', async () => {
    const { actor, fetch, sanitise } = start(async () => articleView({ body: '<p>Hi</p>' }));
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, settled);
    expect(actor.getSnapshot().value).toEqual({ loaded: 'withBody' });
    expect(actor.getSnapshot().context.html).toBe('[safe]<p>Hi</p>');
    expect(sanitise).toHaveBeenCalledExactlyOnceWith('<p>Hi</p>');
    expect(fetch).toHaveBeenCalledWith({ articleId: 'city-bikes', language: 'zh' }, expect.any(AbortSignal));
  });

  it('asks the API in English for a page language it does not support', async () => {
    const { actor, fetch } = start(async () => articleView(), { language: 'fr' });
    await waitFor(actor, settled);
    expect(fetch.mock.calls[0]?.[0].language).toBe('en');
  });

  it('ends in loaded.withoutBody without sanitising when the article has no body', async () => {
    const { actor, sanitise } = start(async () => articleView({ body: null }));
    await waitFor(actor, settled);
    expect(actor.getSnapshot().value).toEqual({ loaded: 'withoutBody' });
    expect(actor.getSnapshot().context.article?.title).toContain('Bikes');
    expect(actor.getSnapshot().context.html).toBeNull();
    expect(sanitise).not.toHaveBeenCalled();
  });

  it('treats a body that sanitises to nothing, or fails to sanitise, as no body', async () => {
    const empty = start(async () => articleView(), { sanitise: async () => ({ html: '  ' }) });
    await waitFor(empty.actor, settled);
    expect(empty.actor.getSnapshot().value).toEqual({ loaded: 'withoutBody' });
    expect(empty.actor.getSnapshot().context.html).toBeNull();

    const failing = start(async () => articleView(), { sanitise: async () => Promise.reject(new Error('no DOM')) });
    await waitFor(failing.actor, settled);
    expect(failing.actor.getSnapshot().value).toEqual({ loaded: 'withoutBody' });
  });

  it('goes to error on a failed fetch, and RETRY reloads the page', async () => {
    const { actor, reloadPage } = start(async () => {
      throw missingArticle();
    });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.errorMessage).toBe('Request failed: 404 Not Found');
    expect(actor.getSnapshot().context.missing).toBe(true);
    actor.send({ type: 'RETRY' });
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('refetches when the id or the language changes, and ignores the same request', async () => {
    const { actor, fetch } = start(async (input) => articleView({ id: input.articleId }));
    await waitFor(actor, settled);
    actor.send({ type: 'ARTICLE_REQUESTED', articleId: 'city-bikes', language: 'zh' });
    expect(actor.getSnapshot().matches('loaded')).toBe(true);

    actor.send({ type: 'ARTICLE_REQUESTED', articleId: 'bank-rates', language: 'zh' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.article).toBeNull();
    await waitFor(actor, settled);
    expect(actor.getSnapshot().context.article?.id).toBe('bank-rates');

    actor.send({ type: 'ARTICLE_REQUESTED', articleId: 'bank-rates', language: 'es' });
    await waitFor(actor, settled);
    expect(fetch.mock.calls.map((call) => call[0])).toEqual([
      { articleId: 'city-bikes', language: 'zh' },
      { articleId: 'bank-rates', language: 'zh' },
      { articleId: 'bank-rates', language: 'es' },
    ]);
  });

  it('refetches from the error state when a different article is requested', async () => {
    let fail = true;
    const { actor } = start(async () => {
      if (fail) throw new Error('offline');
      return articleView({ body: null });
    });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.missing).toBe(false);
    fail = false;
    actor.send({ type: 'ARTICLE_REQUESTED', articleId: 'other', language: 'zh' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().value).toEqual({ loaded: 'withoutBody' });
  });

  it('a 404 that does not name the id (an unknown API path, a misrouted proxy) is a failure, not a missing article', async () => {
    const { actor } = start(async () => {
      throw httpStatusError(404, '', { code: 'not_found', message: 'There is no API endpoint GET /api/x' });
    });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.missing).toBe(false);
  });

  it('a missing article (404) is no longer missing once another article is requested', async () => {
    const { actor } = start(
      async (input) => {
        if (input.articleId === 'gone') throw missingArticle();
        return articleView({ id: input.articleId, body: null });
      },
      { articleId: 'gone' },
    );
    await waitFor(actor, settled);
    expect(actor.getSnapshot().context.missing).toBe(true);
    actor.send({ type: 'ARTICLE_REQUESTED', articleId: 'there', language: 'zh' });
    expect(actor.getSnapshot().context.missing).toBe(false);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.missing).toBe(false);
  });

  it('drops a slow older answer: the newer request aborts it', async () => {
    const first = deferred<ArticleView>();
    const second = deferred<ArticleView>();
    const signals: AbortSignal[] = [];
    const { actor } = start(
      (input, signal) => {
        signals.push(signal);
        return input.articleId === 'first' ? first.promise : second.promise;
      },
      { articleId: 'first' },
    );
    actor.send({ type: 'ARTICLE_REQUESTED', articleId: 'second', language: 'zh' });
    expect(signals[0]?.aborted).toBe(true);
    second.resolve(articleView({ id: 'second', title: 'Second', body: null }));
    await waitFor(actor, settled);
    first.resolve(articleView({ id: 'first', title: 'First', body: null }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().context.article?.title).toBe('Second');
  });

  it('stops sanitising an old body when a new article is requested', async () => {
    const slowSanitise = deferred<SanitisedBody>();
    const { actor } = start(async (input) => articleView({ id: input.articleId, body: input.articleId === 'a' ? '<p>A</p>' : null }), {
      articleId: 'a',
      sanitise: () => slowSanitise.promise,
    });
    await waitFor(actor, (s) => s.matches('sanitising'));
    actor.send({ type: 'ARTICLE_REQUESTED', articleId: 'b', language: 'zh' });
    await waitFor(actor, settled);
    slowSanitise.resolve({ html: '<p>A</p>' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toEqual({ loaded: 'withoutBody' });
    expect(actor.getSnapshot().context.article?.id).toBe('b');
    expect(actor.getSnapshot().context.html).toBeNull();
  });
});
