/**
 * The list's coverage through the one pass (decision 57), as the coverage runtime wires it: the
 * lemma-inventory machine's fetch (wiredLemmaInventory, the app's own lemma client over a fetch that
 * answers as GET /api/lemmas does) is given the statuses by rank the page holds, the decode tallies
 * each card for it, and the cards' coverage (useSlicedCoverage) is what the plain path shows: with the
 * record still current, and with one that changed between the fetch and the display.
 */
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor as settled } from 'xstate';
import { decodeInventoryEntries, listCheck } from '../../../common/lemma-contract';
import { encodeInventories } from '../../../common/lemma-encode';
import { createLemmaClient } from '../../../src/api/lemma-client';
import { wiredLemmaInventory } from '../../../src/app/learner-wiring';
import { useSlicedCoverage } from '../../../src/app/use-sliced-coverage';
import { coverageOf, type LemmaInventory } from '../../../src/domain/coverage';
import { rankStatusesOf, type RankStatuses } from '../../../src/domain/rank-statuses';
import { statusMap, type StatusMap, type StatusRecord } from '../../../src/domain/word-status';

const at = '2026-03-01T10:00:00.000Z';
const mark = (id: string, status: StatusRecord['status']): StatusRecord => ({ id, status, source: 'hand', setAt: at });
const list = ['the', 'be', 'go', 'tide', 'harbour', 'ship', 'sea', 'port'];
const check = listCheck(list);
const plain: LemmaInventory[] = [
  {
    articleId: 'a',
    words: 14,
    lemmas: [
      ['the', 5],
      ['go', 2],
      ['harbour', 3],
      ['quay', 2],
      ['tide', 2],
    ],
  },
  {
    articleId: 'b',
    words: 9,
    lemmas: [
      ['be', 4],
      ['sea', 1],
      ['ship', 3],
      ['zeppelin', 1],
    ],
  },
  {
    articleId: 'c',
    words: 6,
    lemmas: [
      ['port', 2],
      ['the', 4],
    ],
  },
];
const answer = encodeInventories(plain, undefined, list);

async function fetchedCards(held: () => RankStatuses | null): Promise<Record<string, LemmaInventory>> {
  const client = createLemmaClient({ fetch: async () => Response.json(answer) });
  const actor = createActor(wiredLemmaInventory(client, held), { input: {} }).start();
  actor.send({ type: 'INVENTORIES_WANTED', ids: ['a', 'b', 'c'] });
  const done = await settled(actor, (snapshot) => snapshot.matches('idle') && Object.keys(snapshot.context.inventories).length === 3);
  actor.stop();
  return done.context.inventories;
}

function shown(cards: Record<string, LemmaInventory>, statuses: StatusMap, stored: RankStatuses) {
  const client = createLemmaClient({ fetch: () => Promise.reject(new Error('no list needed: the record is stored')) });
  return renderHook(() => useSlicedCoverage(cards, statuses, 7, stored, client, () => undefined)).result;
}

const plainCoverage = (statuses: StatusMap, byRank: RankStatuses) =>
  decodeInventoryEntries(answer).map((inventory) => [inventory.articleId, coverageOf(inventory, statuses, byRank)] as const);

describe('the list’s coverage from the decode’s tally', () => {
  it('is tallied for the record the page holds and shows what the plain path shows', async () => {
    const statuses = statusMap([mark('the', 'known'), mark('go', 'known'), mark('tide', 'ignored'), mark('quay', 'known')], []);
    const record = rankStatusesOf(check, list, statuses);
    const cards = await fetchedCards(() => record);
    expect(Object.values(cards).every((card) => card.ranked?.tally?.codes === record.codes)).toBe(true);
    const result = shown(cards, statuses, record);
    await waitFor(() => expect(result.current.size).toBe(3));
    expect([...result.current]).toEqual(plainCoverage(statuses, record));
    expect(result.current.get('a')).toEqual({ share: 9 / 12, band: 'hard', newWords: 1, learningWords: 0 });
  });

  it('reads the entries again when the record changed between the fetch and the display', async () => {
    const before = statusMap([mark('the', 'known')], []);
    const fetchedWith = rankStatusesOf(check, list, before);
    const cards = await fetchedCards(() => fetchedWith);
    const after = statusMap([mark('the', 'known'), mark('harbour', 'known'), mark('ship', 'ignored')], []);
    const current = rankStatusesOf(check, list, after);
    const result = shown(cards, after, current);
    await waitFor(() => expect(result.current.size).toBe(3));
    expect([...result.current]).toEqual(plainCoverage(after, current));
    expect(result.current.get('a')).toEqual({ share: 8 / 14, band: 'hard', newWords: 3, learningWords: 0 });
  });

  it('is not tallied when the page holds no record, or one being filled from the list', async () => {
    const statuses = statusMap([mark('the', 'known')], []);
    const filling: RankStatuses = { ...rankStatusesOf(check, list, statuses), list };
    for (const held of [() => null, () => filling]) {
      const cards = await fetchedCards(held);
      expect(Object.values(cards).some((card) => card.ranked?.tally !== undefined)).toBe(false);
    }
  });
});
