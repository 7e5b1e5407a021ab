import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CardPage } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import { EMPTY_FILTERS } from '../../../src/domain/filters';
import { articleListMachine, SEARCH_DELAY_MS, visibleCards } from '../../../src/machines/article-list-machine';
import type { ArticleListInput, ArticlePageRequest } from '../../../src/machines/article-list-types';
import { CARDS, deferred } from '../../support/fake-api';
import { all, loaded, server, settled, start } from './article-list-support';

describe('article list machine: a server-rendered first page', () => {
  it('starts loaded with the page it was given, asking nothing, and a new language still fetches', async () => {
    const { actor, fetch } = start(all, { language: 'zh', limit: 20, initial: { cards: CARDS.slice(0, 2), total: 7 } });
    expect(actor.getSnapshot().value).toEqual({ loaded: 'more' });
    expect(actor.getSnapshot().context).toMatchObject({ cards: CARDS.slice(0, 2), total: 7 });
    expect(fetch).not.toHaveBeenCalled();
    actor.send({ type: 'LANGUAGE_CHANGED', language: 'es' });
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, loaded);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('starts at the empty state for a page with no cards (an answer, not a page still loading)', () => {
    const { actor, fetch } = start(all, { language: 'en', limit: 20, filters: { search: 'zzqxv' }, initial: { cards: [], total: 0 } });
    expect(actor.getSnapshot().value).toEqual({ loaded: 'empty' });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('article list machine: first page', () => {
  it('loads the first page in the API language with the given limit and no filters', async () => {
    const { actor, fetch } = start(all, { language: 'es', limit: 20 });
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, loaded);
    // Every article fits on the first page, so the list is at its end.
    expect(actor.getSnapshot().value).toEqual({ loaded: 'end' });
    expect(actor.getSnapshot().context).toMatchObject({ cards: CARDS, total: CARDS.length });
    expect(fetch).toHaveBeenCalledWith({ language: 'es', limit: 20, offset: 0, filters: EMPTY_FILTERS }, expect.any(AbortSignal));
  });

  it('asks the API in English for a page language it does not support', async () => {
    const { actor, fetch } = start(all, { language: 'fr', limit: 4 });
    await waitFor(actor, loaded);
    expect(fetch.mock.calls[0]?.[0]).toMatchObject({ language: 'en', limit: 4 });
  });

  it('is loaded.empty when the API returns no articles', async () => {
    const { actor } = start(async () => ({ cards: [], total: 0 }), { language: 'zh', limit: 4 });
    await waitFor(actor, loaded);
    expect(actor.getSnapshot().value).toEqual({ loaded: 'empty' });
  });

  it('asks the server with the filters from the address (a shared or reloaded result page)', async () => {
    const { actor, fetch } = start(all, { language: 'zh', limit: 20, filters: { search: 'bank', category: 'business' } });
    await waitFor(actor, loaded);
    expect(fetch.mock.calls[0]?.[0].filters).toEqual({ ...EMPTY_FILTERS, search: 'bank', category: 'business' });
    expect(visibleCards(actor.getSnapshot().context).map((c) => c.id)).toEqual(['bank-rates']);
  });

  it('keeps the error message on failure and refetches on RELOAD', async () => {
    let calls = 0;
    const { actor, fetch } = start(
      async (request) => {
        calls += 1;
        if (calls === 1) throw new ApiError('http', 'Request failed: 500 Internal Server Error', { status: 500 });
        return server(request);
      },
      { language: 'zh', limit: 20 },
    );
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.errorMessage).toBe('Request failed: 500 Internal Server Error');
    actor.send({ type: 'RELOAD' });
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, loaded);
    expect(actor.getSnapshot().context.cards).toHaveLength(CARDS.length);
    expect(actor.getSnapshot().context.errorMessage).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('has no error message when the failure carries none (the view shows its fallback)', async () => {
    const { actor } = start(() => Promise.reject({}), { language: 'zh', limit: 20 });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.errorMessage).toBeNull();
  });

  it('refetches when the language changes and ignores an unchanged language', async () => {
    const { actor, fetch } = start(all, { language: 'zh', limit: 20 });
    await waitFor(actor, loaded);
    actor.send({ type: 'LANGUAGE_CHANGED', language: 'zh' });
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    actor.send({ type: 'LANGUAGE_CHANGED', language: 'es' });
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, loaded);
    expect(fetch.mock.calls.map((call) => call[0].language)).toEqual(['zh', 'es']);
  });

  it('lets a newer request cancel an older one, so a late old answer is dropped', async () => {
    const zh = deferred<CardPage>();
    const es = deferred<CardPage>();
    const signals: AbortSignal[] = [];
    const { actor } = start(
      (input, signal) => {
        signals.push(signal);
        return input.language === 'zh' ? zh.promise : es.promise;
      },
      { language: 'zh', limit: 20 },
    );
    actor.send({ type: 'LANGUAGE_CHANGED', language: 'es' });
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
    es.resolve({ cards: [CARDS[1]!], total: 1 });
    await waitFor(actor, loaded);
    zh.resolve({ cards: CARDS, total: CARDS.length });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().context.cards.map((c) => c.id)).toEqual(['clinic-hours']);
  });

  it('asks again with a filter set before the first answer, cancelling the first request', async () => {
    const signals: AbortSignal[] = [];
    const { actor, fetch } = start(
      (request, signal) => {
        signals.push(signal);
        return Promise.resolve(server(request));
      },
      { language: 'zh', limit: 20 },
    );
    actor.send({ type: 'DIFFICULTY_SELECTED', difficulty: 'advanced' });
    expect(signals[0]?.aborted).toBe(true);
    await waitFor(actor, loaded);
    expect(fetch.mock.calls[1]?.[0].filters.difficulty).toBe('advanced');
    expect(actor.getSnapshot().context.cards.map((c) => c.id)).toEqual(['bank-rates']);
  });
});

describe('article list machine: filters and server search', () => {
  it('filters the loaded cards at once, then shows the server answer for the same filters', async () => {
    // The server also matches bodies: its answer holds a card whose title and summary lack the term.
    const { actor, fetch } = start(
      async (request) => (request.filters.search === '' ? server(request) : { cards: [CARDS[3]!, CARDS[0]!], total: 2 }),
      { language: 'zh', limit: 20 },
    );
    await waitFor(actor, loaded);
    actor.send({ type: 'SEARCH_CHANGED', search: 'BIKES' });
    expect(actor.getSnapshot().value).toEqual({ loaded: 'typing' });
    expect(visibleCards(actor.getSnapshot().context).map((c) => c.id)).toEqual(['city-bikes']);
    await waitFor(actor, (s) => s.matches({ loaded: 'searching' }));
    await waitFor(actor, settled);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]?.[0]).toMatchObject({ offset: 0, filters: { ...EMPTY_FILTERS, search: 'BIKES' } });
    expect(visibleCards(actor.getSnapshot().context).map((c) => c.id)).toEqual(['girls-soccer', 'city-bikes']);
    expect(actor.getSnapshot().value).toEqual({ loaded: 'end' });
  });

  it('sends one request after a pause in typing, not one per keystroke', async () => {
    const { actor, fetch } = start(all, { language: 'zh', limit: 20 });
    await waitFor(actor, loaded);
    for (const search of ['b', 'ba', 'ban', 'bank']) actor.send({ type: 'SEARCH_CHANGED', search });
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DELAY_MS / 2));
    expect(fetch).toHaveBeenCalledTimes(1);
    await waitFor(actor, settled);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]?.[0].filters.search).toBe('bank');
  });

  it('combines the filters with AND, on the client and on the server', async () => {
    const { actor } = start(all, { language: 'zh', limit: 20 });
    await waitFor(actor, loaded);
    const ids = () => visibleCards(actor.getSnapshot().context).map((c) => c.id);
    actor.send({ type: 'DIFFICULTY_SELECTED', difficulty: 'beginner' });
    expect(ids()).toEqual(['city-bikes', 'girls-soccer']);
    actor.send({ type: 'CATEGORY_SELECTED', category: 'sports' });
    expect(ids()).toEqual(['girls-soccer']);
    actor.send({ type: 'SOURCE_SELECTED', source: 'npr' });
    expect(ids()).toEqual([]);
    await waitFor(actor, settled);
    expect(actor.getSnapshot().value).toEqual({ loaded: 'empty' });
    actor.send({ type: 'FILTERS_CLEARED' });
    await waitFor(actor, settled);
    expect(ids()).toHaveLength(CARDS.length);
  });

  it('treats an unknown select value as "all"', async () => {
    const { actor } = start(all, { language: 'zh', limit: 20 });
    await waitFor(actor, loaded);
    actor.send({ type: 'CATEGORY_SELECTED', category: 'farming' });
    expect(actor.getSnapshot().context.filters.category).toBe('all');
    expect(visibleCards(actor.getSnapshot().context)).toHaveLength(CARDS.length);
  });

  it('shows the error with Reload when the search fails; Reload asks again with the filters', async () => {
    const { actor, fetch } = start(
      async (request) => {
        if (request.filters.search !== '' && fetch.mock.calls.length === 2) throw new Error('Request failed: 503 Service Unavailable');
        return server(request);
      },
      { language: 'zh', limit: 20 },
    );
    await waitFor(actor, loaded);
    actor.send({ type: 'SEARCH_CHANGED', search: 'bank' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.errorMessage).toBe('Request failed: 503 Service Unavailable');
    actor.send({ type: 'RELOAD' });
    await waitFor(actor, settled);
    expect(fetch.mock.calls[2]?.[0].filters.search).toBe('bank');
    expect(visibleCards(actor.getSnapshot().context).map((c) => c.id)).toEqual(['bank-rates']);
  });
});

describe('article list machine: the filters and the address', () => {
  function startWithAddress(input: ArticleListInput) {
    const updateAddress = vi.fn();
    const spy = vi.fn(all);
    const machine = articleListMachine.provide({
      actors: { fetchArticlePage: fromPromise<CardPage, ArticlePageRequest>(({ input: request }) => spy(request)) },
      actions: { updateAddress: (_, params) => updateAddress(params.filters) },
    });
    return { actor: createActor(machine, { input }).start(), updateAddress, fetch: spy };
  }

  it('puts every filter the learner sets in the address, in any state', async () => {
    const { actor, updateAddress } = startWithAddress({ language: 'zh', limit: 20 });
    actor.send({ type: 'SEARCH_CHANGED', search: 'ban' });
    expect(updateAddress).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, search: 'ban' });
    await waitFor(actor, settled);
    actor.send({ type: 'CATEGORY_SELECTED', category: 'business' });
    expect(updateAddress).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, search: 'ban', category: 'business' });
    actor.send({ type: 'FILTERS_CLEARED' });
    expect(updateAddress).toHaveBeenLastCalledWith(EMPTY_FILTERS);
    expect(updateAddress).toHaveBeenCalledTimes(3);
  });

  it("takes the address's filters (back/forward) without writing them back, and ignores unchanged ones", async () => {
    const { actor, updateAddress, fetch } = startWithAddress({ language: 'zh', limit: 20, filters: { search: 'bank' } });
    await waitFor(actor, settled);
    actor.send({ type: 'QUERY_CHANGED', filters: { ...EMPTY_FILTERS, search: 'bank' } });
    expect(actor.getSnapshot().matches({ loaded: 'typing' })).toBe(false);
    actor.send({ type: 'QUERY_CHANGED', filters: { ...EMPTY_FILTERS, category: 'health' } });
    expect(actor.getSnapshot().value).toEqual({ loaded: 'typing' });
    expect(actor.getSnapshot().context.filters).toEqual({ ...EMPTY_FILTERS, category: 'health' });
    await waitFor(actor, settled);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]?.[0].filters).toEqual({ ...EMPTY_FILTERS, category: 'health' });
    expect(updateAddress).not.toHaveBeenCalled();
  });

  it("asks again with the address's filters when they change before the first answer", async () => {
    const first = deferred<CardPage>();
    const { actor, fetch } = start(async (request) => (fetch.mock.calls.length === 1 ? first.promise : server(request)), {
      language: 'zh',
      limit: 20,
    });
    actor.send({ type: 'QUERY_CHANGED', filters: { ...EMPTY_FILTERS, source: 'bbc' } });
    expect(fetch.mock.calls[0]?.[1].aborted).toBe(true);
    await waitFor(actor, settled);
    expect(fetch.mock.calls[1]?.[0].filters.source).toBe('bbc');
  });
});
