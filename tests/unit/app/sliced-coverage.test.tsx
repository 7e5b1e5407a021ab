/**
 * The cards' coverage on home and the list (useSlicedCoverage) when no statuses by rank are stored:
 * a first page since the learner has statuses, or the first list page after a status change. The
 * lemma client is the app's own, its fetch answering as GET /api/level-words and GET
 * /api/level-words/hashes do (the table made by the server's own encoder).
 */
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { encodeInventories } from '../../../common/lemma-encode';
import { decodeInventoryEntries, listCheck, RANKED_LEVEL } from '../../../common/lemma-contract';
import { encodeRankHashes } from '../../../common/rank-hashes';
import { harbourArticle } from '../../support/lemma-inventories';
import { savedWord } from '../../support/saved-word-fixtures';
import { createLemmaClient } from '../../../src/api/lemma-client';
import { useSlicedCoverage } from '../../../src/app/use-sliced-coverage';
import { coverageOf, type LemmaInventory } from '../../../src/domain/coverage';
import { rankStatusesOf, type RankStatuses } from '../../../src/domain/rank-statuses';
import { statusMap, type StatusMap, type StatusRecord } from '../../../src/domain/word-status';

const at = '2026-03-01T10:00:00.000Z';
const record = (id: string, status: StatusRecord['status']): StatusRecord => ({ id, status, source: 'hand', setAt: at });

const list = ['the', 'be', 'go', 'tide', 'harbour', "o'clock"];
const check = listCheck(list);

/** Two cards: ranks into the list, one lemma spelled out. */
const plain: LemmaInventory[] = [
  harbourArticle,
  {
    articleId: 'b',
    words: 20,
    lemmas: [
      ['be', 10],
      ["o'clock", 6],
      ['the', 4],
    ],
  },
];
/** The cards as the page has them: the server's encoding against the list, decoded without it (nothing stored). */
const cards = Object.fromEntries(
  decodeInventoryEntries(encodeInventories(plain, undefined, list)).map((inventory) => [inventory.articleId, inventory]),
);

/**
 * The app's lemma client, its fetch answering the list and its hash table as the server does (the
 * table for `served`, the list the server has now), counting the requests.
 */
function lemmaClient(served: readonly string[] = list) {
  const asked: string[] = [];
  const client = createLemmaClient({
    fetch: async (input) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url.pathname);
      const notFound = Response.json({ error: { code: 'not_found', message: 'No such list', parameter: 'v' } }, { status: 404 });
      if (url.pathname === '/api/level-words/hashes') {
        if (url.searchParams.get('v') !== listCheck(served)) return notFound;
        const table = encodeRankHashes(served, listCheck(served));
        return new Response(table.slice().buffer, { headers: { 'content-type': 'application/octet-stream' } });
      }
      if (url.pathname !== '/api/level-words' || url.searchParams.get('level') !== RANKED_LEVEL) return notFound;
      return Response.json({ level: RANKED_LEVEL, words: served.join(' '), check: listCheck(served) });
    },
  });
  return { client, asked };
}

function shownCoverage(statuses: StatusMap, stored: RankStatuses | null = null, served: readonly string[] = list) {
  const { client, asked } = lemmaClient(served);
  const built: Array<{ byRank: RankStatuses; revision: number }> = [];
  const hook = renderHook(
    ({ learner, kept }: { learner: StatusMap; kept: RankStatuses | null }) =>
      useSlicedCoverage(cards, learner, 7, kept, client, (byRank, revision) => built.push({ byRank, revision })),
    { initialProps: { learner: statuses, kept: stored } },
  );
  return { hook, asked, built };
}

describe("the cards' coverage with no statuses by rank stored", () => {
  it("after a status change: the list's hash table is fetched once, every card shows the coverage of the new statuses, and the new record is handed on to be kept", async () => {
    const before = statusMap([record('the', 'known')], []);
    const { hook, asked, built } = shownCoverage(before, rankStatusesOf(check, list, before));
    await waitFor(() => expect(hook.result.current.size).toBe(2));
    expect(asked).toEqual([]);
    expect(hook.result.current.get('a')).toEqual(coverageOf(plain[0]!, before));

    // The learner marks "go" known and "o'clock" ignored, and saves "Tide" (kept under its key):
    // the stored record is for the old statuses.
    const after = statusMap([record('the', 'known'), record('go', 'known'), record("o'clock", 'ignored')], [savedWord({ lemma: 'Tide' })]);
    hook.rerender({ learner: after, kept: null });
    await waitFor(() => expect(hook.result.current.get('a')).toEqual(coverageOf(plain[0]!, after)));
    expect(hook.result.current.get('a')?.share).toBeCloseTo(0.9);
    expect(hook.result.current.get('a')?.learningWords).toBe(1);
    expect(hook.result.current.get('b')).toEqual(coverageOf(plain[1]!, after));
    // The table of hashes, never the list's words.
    expect(asked).toEqual(['/api/level-words/hashes']);
    await waitFor(() => expect(built).toHaveLength(1));
    expect(built[0]!.revision).toBe(7);
    expect([...built[0]!.byRank.codes]).toEqual([...rankStatusesOf(check, list, after).codes]);
    expect(built[0]!.byRank.list).toBeUndefined();
  });

  it('with the last record’s list known, fetches its hash table before the cards arrive, once, and shows their coverage from it', async () => {
    const learner = statusMap([record('the', 'known'), record('tide', 'ignored')], []);
    const { client, asked } = lemmaClient();
    const built: RankStatuses[] = [];
    const hook = renderHook(
      ({ shownCards }: { shownCards: Record<string, LemmaInventory> }) =>
        useSlicedCoverage(shownCards, learner, 7, null, client, (byRank) => built.push(byRank), check),
      { initialProps: { shownCards: {} } },
    );
    // No cards yet: the table is asked for while their answer is on its way.
    await waitFor(() => expect(asked).toEqual(['/api/level-words/hashes']));
    expect(hook.result.current.size).toBe(0);
    hook.rerender({ shownCards: cards });
    await waitFor(() => expect(hook.result.current.size).toBe(2));
    expect(hook.result.current.get('a')).toEqual(coverageOf(plain[0]!, learner));
    expect(hook.result.current.get('b')).toEqual(coverageOf(plain[1]!, learner));
    expect(asked).toEqual(['/api/level-words/hashes']);
    await waitFor(() => expect(built).toHaveLength(1));
    expect([...built[0]!.codes]).toEqual([...rankStatusesOf(check, list, learner).codes]);
  });

  it('shows no coverage, and hands nothing on, when the server has another list now (a 404 for this check)', async () => {
    const learner = statusMap([record('the', 'known')], []);
    const { client, asked } = lemmaClient([...list, 'quay']);
    // The hook's request for the table, to see it refused before looking at what the hook shows.
    const requests: Array<Promise<unknown>> = [];
    const watched: typeof client = {
      ...client,
      rankedHashes: (...args) => {
        const request = client.rankedHashes(...args);
        requests.push(request.catch((error: unknown) => error));
        return request;
      },
    };
    const built: RankStatuses[] = [];
    const hook = renderHook(() => useSlicedCoverage(cards, learner, 7, null, watched, (byRank) => built.push(byRank)));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(await requests[0]).toBeInstanceOf(Error);
    // A task later, whatever the hook did with the refusal is on the screen.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual(['/api/level-words/hashes']);
    expect(hook.result.current.size).toBe(0);
    expect(built).toEqual([]);
  });

  it('for a learner with no statuses: no list is fetched, every card shows every word new, and an all-new record is handed on', async () => {
    const none = statusMap([], []);
    const { hook, asked, built } = shownCoverage(none);
    await waitFor(() => expect(hook.result.current.size).toBe(2));
    expect(hook.result.current.get('a')).toEqual({ share: 0, band: 'hard', newWords: 5, learningWords: 0 });
    expect(hook.result.current.get('b')).toEqual(coverageOf(plain[1]!, none));
    await waitFor(() => expect(built).toHaveLength(1));
    expect([...built[0]!.byRank.codes]).toEqual([...rankStatusesOf(check, list, none).codes]);
    expect(asked).toEqual([]);
  });
});
