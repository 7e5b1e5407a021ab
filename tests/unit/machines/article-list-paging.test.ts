import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import type { CardPage } from '../../../src/api/client';
import { EMPTY_FILTERS } from '../../../src/domain/filters';
import { CARDS, deferred } from '../../support/fake-api';
import type { ArticlePageRequest } from '../../../src/machines/article-list-types';
import { all, loaded, server, settled, start } from './article-list-support';

/** A latest endpoint with keyset paging: the cursor is the last card's id; it is absent on the last page. */
async function withCursors(request: ArticlePageRequest): Promise<CardPage> {
  const from = request.cursor === undefined ? request.offset : CARDS.findIndex((card) => card.id === request.cursor) + 1 + request.offset;
  const cards = CARDS.slice(from, from + request.limit);
  const last = cards[cards.length - 1];
  return { cards, total: CARDS.length, ...(from + request.limit < CARDS.length && last ? { nextCursor: last.id } : {}) };
}

describe('article list machine: load more', () => {
  it('offers more while the server counted more, and appends the next page of the same question', async () => {
    const { actor, fetch } = start(all, { language: 'zh', limit: 3 });
    await waitFor(actor, loaded);
    expect(actor.getSnapshot().value).toEqual({ loaded: 'more' });
    actor.send({ type: 'LOAD_MORE' });
    expect(actor.getSnapshot().value).toEqual({ loaded: 'loadingMore' });
    expect((await waitFor(actor, settled)).value).toEqual({ loaded: 'end' });
    expect(actor.getSnapshot().context.cards.map((c) => c.id)).toEqual(CARDS.map((c) => c.id));
    expect(fetch.mock.calls[1]?.[0]).toMatchObject({ offset: 3, limit: 3, filters: EMPTY_FILTERS });
  });

  it('pages through search results with the search that found them', async () => {
    const { actor, fetch } = start(all, { language: 'zh', limit: 1, filters: { difficulty: 'beginner' } });
    await waitFor(actor, loaded);
    actor.send({ type: 'LOAD_MORE' });
    await waitFor(actor, settled);
    expect(fetch.mock.calls[1]?.[0]).toMatchObject({ offset: 1, filters: { ...EMPTY_FILTERS, difficulty: 'beginner' } });
    expect(actor.getSnapshot().context.cards.map((c) => c.id)).toEqual(['city-bikes', 'girls-soccer']);
    expect(actor.getSnapshot().value).toEqual({ loaded: 'end' });
  });

  it('keeps the cards when a page fails, and RETRY asks for the same page again', async () => {
    let failNext = false;
    const { actor, fetch } = start(
      async (request) => {
        if (failNext) {
          failNext = false;
          throw new Error('Request failed: 502 Bad Gateway');
        }
        return server(request);
      },
      { language: 'zh', limit: 2 },
    );
    await waitFor(actor, loaded);
    failNext = true;
    actor.send({ type: 'LOAD_MORE' });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().value).toEqual({ loaded: 'moreFailed' });
    expect(actor.getSnapshot().context.cards).toHaveLength(2);
    expect(actor.getSnapshot().context.errorMessage).toBe('Request failed: 502 Bad Gateway');
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches({ loaded: 'end' }));
    expect(fetch.mock.calls.map((call) => call[0].offset)).toEqual([0, 2, 2]);
    expect(actor.getSnapshot().context.cards).toHaveLength(CARDS.length);
  });

  it('keeps offering more while a search counted only past its page, and ends where the count became exact', async () => {
    // As the server counts a search (decision 44), with blocks of 1 instead of 100: to the end of the block after the page
    // (the fixture's cards stand for the matches).
    const { actor, fetch } = start(
      async (request) => {
        const page = server(request);
        const counted = request.offset + request.limit + 1;
        return page.total > counted ? { ...page, total: counted, totalCapped: true } : page;
      },
      { language: 'zh', limit: 1 },
    );
    const seen: string[] = [];
    const note = () => seen.push(`${actor.getSnapshot().context.total}${actor.getSnapshot().context.totalCapped ? '+' : ''}`);
    await waitFor(actor, settled);
    note();
    while (actor.getSnapshot().matches({ loaded: 'more' })) {
      actor.send({ type: 'LOAD_MORE' });
      await waitFor(actor, settled);
      note();
    }
    const everything = server({ language: 'zh', limit: 100, offset: 0, filters: EMPTY_FILTERS });
    expect(everything.total).toBeGreaterThan(2);
    expect(seen.slice(0, 2)).toEqual(['2+', '3+']);
    expect(seen.at(-1)).toBe(String(everything.total));
    expect(actor.getSnapshot().value).toEqual({ loaded: 'end' });
    expect(actor.getSnapshot().context.cards.map((c) => c.id)).toEqual(everything.cards.map((c) => c.id));
    expect(fetch.mock.calls.map((call) => call[0].offset)).toEqual(seen.map((_, i) => i));
  });

  it('stops at what is shown when a page comes back empty (the collection shrank since the count)', async () => {
    const { actor } = start(
      async (request) => (request.offset === 0 ? { cards: CARDS.slice(0, 2), total: 10 } : { cards: [], total: 10 }),
      { language: 'zh', limit: 2 },
    );
    await waitFor(actor, loaded);
    actor.send({ type: 'LOAD_MORE' });
    expect((await waitFor(actor, settled)).value).toEqual({ loaded: 'end' });
  });

  it('drops a page still loading when the filters change, and asks the new question from the start', async () => {
    const signals: AbortSignal[] = [];
    const next = deferred<CardPage>();
    const { actor, fetch } = start(
      (request, signal) => {
        signals.push(signal);
        return request.offset === 0 ? Promise.resolve(server(request)) : next.promise;
      },
      { language: 'zh', limit: 2 },
    );
    await waitFor(actor, loaded);
    actor.send({ type: 'LOAD_MORE' });
    actor.send({ type: 'CATEGORY_SELECTED', category: 'health' });
    expect(signals[1]?.aborted).toBe(true);
    next.resolve({ cards: CARDS.slice(2), total: CARDS.length });
    await waitFor(actor, settled);
    expect(fetch.mock.calls[2]?.[0]).toMatchObject({ offset: 0, filters: { ...EMPTY_FILTERS, category: 'health' } });
    expect(actor.getSnapshot().context.cards.map((c) => c.id)).toEqual(['clinic-hours']);
  });

  it("asks for the page after the previous answer's cursor when it carried one, not by offset", async () => {
    const { actor, fetch } = start(withCursors, { language: 'zh', limit: 1 });
    await waitFor(actor, loaded);
    actor.send({ type: 'LOAD_MORE' });
    await waitFor(actor, (s) => s.matches({ loaded: 'more' }));
    actor.send({ type: 'LOAD_MORE' });
    await waitFor(actor, (s) => s.matches({ loaded: 'more' }));
    actor.send({ type: 'LOAD_MORE' });
    expect((await waitFor(actor, settled)).value).toEqual({ loaded: 'end' });
    expect(fetch.mock.calls.map((call) => [call[0].cursor, call[0].offset])).toEqual([
      [undefined, 0],
      [CARDS[0]?.id, 0],
      [CARDS[1]?.id, 0],
      [CARDS[2]?.id, 0],
    ]);
    expect(actor.getSnapshot().context.cards.map((c) => c.id)).toEqual(CARDS.map((c) => c.id));
  });

  it('loads more after the cursor of a server-rendered first page', async () => {
    const initial = { cards: CARDS.slice(0, 2), total: CARDS.length, nextCursor: CARDS[1]?.id ?? '' };
    const { actor, fetch } = start(withCursors, { language: 'zh', limit: 2, initial });
    actor.send({ type: 'LOAD_MORE' });
    await waitFor(actor, settled);
    expect(fetch.mock.calls[0]?.[0]).toMatchObject({ cursor: CARDS[1]?.id, offset: 0, limit: 2 });
    expect(actor.getSnapshot().context.cards.map((c) => c.id)).toEqual(CARDS.map((c) => c.id));
    expect(actor.getSnapshot().value).toEqual({ loaded: 'end' });
  });

  it('pages by offset again once the question changes to one whose answers carry no cursor', async () => {
    // Cursors for the unfiltered list only, as a server that pages some questions by offset would answer.
    const fake = (request: ArticlePageRequest) =>
      request.filters.difficulty === EMPTY_FILTERS.difficulty ? withCursors(request) : Promise.resolve(server(request));
    const { actor, fetch } = start(fake, { language: 'zh', limit: 1 });
    await waitFor(actor, loaded);
    expect(actor.getSnapshot().context.nextCursor).toBe(CARDS[0]?.id);
    actor.send({ type: 'QUERY_CHANGED', filters: { ...EMPTY_FILTERS, difficulty: 'beginner' } });
    await waitFor(actor, (s) => s.matches({ loaded: 'more' }) && s.context.query.difficulty === 'beginner');
    expect(actor.getSnapshot().context.nextCursor).toBeNull();
    actor.send({ type: 'LOAD_MORE' });
    expect((await waitFor(actor, settled)).value).toEqual({ loaded: 'end' });
    expect(fetch.mock.calls[fetch.mock.calls.length - 1]?.[0]).toEqual({
      language: 'zh',
      limit: 1,
      offset: 1,
      filters: { ...EMPTY_FILTERS, difficulty: 'beginner' },
    });
    expect(actor.getSnapshot().context.cards.map((c) => c.id)).toEqual(['city-bikes', 'girls-soccer']);
  });
});
