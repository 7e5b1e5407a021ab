import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ArticleCard } from '../../../src/domain/article';
import {
  articleListMachine,
  visibleCards,
  type LatestArticlesRequest,
} from '../../../src/machines/article-list-machine';
import { ApiError } from '../../../src/api/errors';
import { CARDS, deferred } from '../views/fixtures';

type Fetch = (input: LatestArticlesRequest, signal: AbortSignal) => Promise<ArticleCard[]>;

function start(fetch: Fetch, input: { language: string; limit: number; filters?: { search?: string } }) {
  const spy = vi.fn(fetch);
  const machine = articleListMachine.provide({
    actors: {
      fetchLatestArticles: fromPromise<ArticleCard[], LatestArticlesRequest>(({ input, signal }) => spy(input, signal)),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, fetch: spy };
}

const loaded = (snapshot: { matches: (v: 'loaded') => boolean }) => snapshot.matches('loaded');

describe('article list machine', () => {
  it('loads the latest articles in the API language with the given limit', async () => {
    const { actor, fetch } = start(async () => CARDS, { language: 'es', limit: 20 });
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, loaded);
    expect(actor.getSnapshot().value).toEqual({ loaded: 'showing' });
    expect(actor.getSnapshot().context.cards).toEqual(CARDS);
    expect(fetch).toHaveBeenCalledWith({ language: 'es', limit: 20 }, expect.any(AbortSignal));
  });

  it('asks the API in English for a page language it does not support', async () => {
    const { actor, fetch } = start(async () => CARDS, { language: 'fr', limit: 4 });
    await waitFor(actor, loaded);
    expect(fetch.mock.calls[0]?.[0]).toEqual({ language: 'en', limit: 4 });
  });

  it('is loaded.empty when the API returns no articles', async () => {
    const { actor } = start(async () => [], { language: 'zh', limit: 4 });
    await waitFor(actor, loaded);
    expect(actor.getSnapshot().value).toEqual({ loaded: 'empty' });
  });

  it('keeps the error message on failure and refetches on RELOAD', async () => {
    let calls = 0;
    const { actor, fetch } = start(
      async () => {
        calls += 1;
        if (calls === 1) throw new ApiError('http', 'Request failed: 500 Internal Server Error', { status: 500 });
        return CARDS;
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
    const { actor, fetch } = start(async () => CARDS, { language: 'zh', limit: 20 });
    await waitFor(actor, loaded);
    actor.send({ type: 'LANGUAGE_CHANGED', language: 'zh' });
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    actor.send({ type: 'LANGUAGE_CHANGED', language: 'es' });
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, loaded);
    expect(fetch.mock.calls.map((call) => call[0].language)).toEqual(['zh', 'es']);
  });

  it('lets a newer request cancel an older one, so a late old answer is dropped', async () => {
    const zh = deferred<ArticleCard[]>();
    const es = deferred<ArticleCard[]>();
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
    es.resolve([CARDS[1]!]);
    await waitFor(actor, loaded);
    zh.resolve(CARDS);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().context.cards.map((c) => c.id)).toEqual(['clinic-hours']);
  });

  it('filters by search, category, source and difficulty combined with AND', async () => {
    const { actor } = start(async () => CARDS, { language: 'zh', limit: 20 });
    await waitFor(actor, loaded);
    const ids = () => visibleCards(actor.getSnapshot().context).map((c) => c.id);

    actor.send({ type: 'SEARCH_CHANGED', search: 'BIKES' });
    expect(ids()).toEqual(['city-bikes']);
    actor.send({ type: 'SEARCH_CHANGED', search: 'after six' });
    expect(ids()).toEqual(['clinic-hours']);
    actor.send({ type: 'SEARCH_CHANGED', search: '' });

    actor.send({ type: 'DIFFICULTY_SELECTED', difficulty: 'beginner' });
    expect(ids()).toEqual(['city-bikes', 'girls-soccer']);
    actor.send({ type: 'CATEGORY_SELECTED', category: 'sports' });
    expect(ids()).toEqual(['girls-soccer']);
    actor.send({ type: 'SOURCE_SELECTED', source: 'npr' });
    expect(ids()).toEqual([]);
    expect(actor.getSnapshot().value).toEqual({ loaded: 'empty' });

    actor.send({ type: 'SOURCE_SELECTED', source: 'all' });
    expect(actor.getSnapshot().value).toEqual({ loaded: 'showing' });
    actor.send({ type: 'FILTERS_CLEARED' });
    expect(ids()).toHaveLength(CARDS.length);
  });

  it('treats an unknown select value as "all"', async () => {
    const { actor } = start(async () => CARDS, { language: 'zh', limit: 20 });
    await waitFor(actor, loaded);
    actor.send({ type: 'CATEGORY_SELECTED', category: 'farming' });
    expect(actor.getSnapshot().context.filters.category).toBe('all');
    expect(visibleCards(actor.getSnapshot().context)).toHaveLength(CARDS.length);
  });

  it('applies a search given before the list arrives (e.g. from ?q=)', async () => {
    const answer = deferred<ArticleCard[]>();
    const { actor } = start(() => answer.promise, { language: 'zh', limit: 20, filters: { search: 'nothing like this' } });
    actor.send({ type: 'DIFFICULTY_SELECTED', difficulty: 'advanced' });
    answer.resolve(CARDS);
    await waitFor(actor, loaded);
    expect(actor.getSnapshot().value).toEqual({ loaded: 'empty' });
    actor.send({ type: 'SEARCH_CHANGED', search: 'bank' });
    expect(visibleCards(actor.getSnapshot().context).map((c) => c.id)).toEqual(['bank-rates']);
  });
});
