/**
 * The cards' coverage on home and the list (useSlicedCoverage) when no statuses by rank are stored:
 * a first page since the learner has statuses, or the first list page after a status change. The
 * lemma client is the app's own, its fetch answering as GET /api/level-words does.
 */
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { encodeInventories } from '../../../common/lemma-encode';
import { decodeInventoryEntries, listCheck, RANKED_LEVEL } from '../../../common/lemma-contract';
import { harbourArticle } from '../../support/lemma-inventories';
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

/** The app's lemma client, its fetch answering the list as the server does (with its check), counting the list's requests. */
function lemmaClient() {
  const asked: string[] = [];
  const client = createLemmaClient({
    fetch: async (input) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url.pathname);
      if (url.pathname !== '/api/level-words' || url.searchParams.get('level') !== RANKED_LEVEL) return new Response('{}', { status: 404 });
      return Response.json({ level: RANKED_LEVEL, words: list.join(' '), check });
    },
  });
  return { client, asked };
}

function shownCoverage(statuses: StatusMap, stored: RankStatuses | null = null) {
  const { client, asked } = lemmaClient();
  const built: Array<{ byRank: RankStatuses; revision: number }> = [];
  const hook = renderHook(
    ({ learner, kept }: { learner: StatusMap; kept: RankStatuses | null }) =>
      useSlicedCoverage(cards, learner, 7, kept, client, (byRank, revision) => built.push({ byRank, revision })),
    { initialProps: { learner: statuses, kept: stored } },
  );
  return { hook, asked, built };
}

describe("the cards' coverage with no statuses by rank stored", () => {
  it('after a status change: the list is fetched once, every card shows the coverage of the new statuses, and the new record is handed on to be kept', async () => {
    const before = statusMap([record('the', 'known')], []);
    const { hook, asked, built } = shownCoverage(before, rankStatusesOf(check, list, before));
    await waitFor(() => expect(hook.result.current.size).toBe(2));
    expect(asked).toEqual([]);
    expect(hook.result.current.get('a')).toEqual(coverageOf(plain[0]!, before));

    // The learner marks "go" known and "o'clock" ignored: the stored record is for the old statuses.
    const after = statusMap([record('the', 'known'), record('go', 'known'), record("o'clock", 'ignored')], []);
    hook.rerender({ learner: after, kept: null });
    await waitFor(() => expect(hook.result.current.get('a')).toEqual(coverageOf(plain[0]!, after)));
    expect(hook.result.current.get('a')?.share).toBeCloseTo(0.9);
    expect(hook.result.current.get('b')).toEqual(coverageOf(plain[1]!, after));
    expect(asked).toEqual(['/api/level-words']);
    await waitFor(() => expect(built).toHaveLength(1));
    expect(built[0]!.revision).toBe(7);
    expect([...built[0]!.byRank.codes]).toEqual([...rankStatusesOf(check, list, after).codes]);
    expect(built[0]!.byRank.list).toBeUndefined();
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
