/**
 * The cards' one pass (decision 57): given the learner's statuses by rank, the decode tallies each card
 * as it reads it, and coverage uses that tally while the record in hand is the one it was made for.
 * Every card must show exactly what the plain path (decode, then coverage over the entries) shows, for
 * records with every kind of byte, and a record changed between the fetch and the display must be read
 * the plain way; a malformed card is refused with the same error either way.
 */
import { describe, expect, it } from 'vitest';
import { decodedInventories, decodeInventoryEntries, listCheck, type LemmaInventories } from '../../../common/lemma-contract';
import { encodeInventories } from '../../../common/lemma-encode';
import { coverageOf, type Coverage, type LemmaInventory } from '../../../src/domain/coverage';
import { rankStatusesOf, type RankStatuses } from '../../../src/domain/rank-statuses';
import { statusMap, type StatusMap, type StatusRecord } from '../../../src/domain/word-status';
import { savedWord } from '../../support/saved-word-fixtures';

/** A small seeded generator, so a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 0x100000000;
  };
}

const list = Array.from({ length: 60 }, (_, i) => `w${i}`);
const check = listCheck(list);
const rare = Array.from({ length: 20 }, (_, i) => `rare${i}`);
const at = '2026-03-01T10:00:00.000Z';

function randomCards(random: () => number, count: number): LemmaInventory[] {
  const cards: LemmaInventory[] = [];
  for (let k = 0; k < count; k += 1) {
    const chosen = new Set<string>();
    const size = Math.floor(random() * 30);
    for (let i = 0; i < size; i += 1)
      chosen.add(random() < 0.8 ? list[Math.floor(random() * list.length)]! : rare[Math.floor(random() * rare.length)]!);
    const lemmas = [...chosen].map((lemma) => [lemma, 1 + Math.floor(random() * (random() < 0.7 ? 1 : 6))] as const);
    cards.push({ articleId: `c${k}`, words: lemmas.reduce((sum, [, n]) => sum + n, 0), lemmas });
  }
  return cards;
}

function randomStatuses(random: () => number): StatusMap {
  const records: StatusRecord[] = [];
  const saved = [];
  for (const id of [...list, ...rare]) {
    const pick = random();
    if (pick < 0.45) records.push({ id, status: 'known', source: 'hand', setAt: at });
    else if (pick < 0.55) records.push({ id, status: 'ignored', source: 'hand', setAt: at });
    else if (pick < 0.65) saved.push(savedWord({ lemma: id }));
  }
  return statusMap(records, saved);
}

/** A stored record, some of its bytes as a damaged one may hold them (not looked up, no status code). */
function storedRecord(statuses: StatusMap, random: () => number): RankStatuses {
  const { codes } = rankStatusesOf(check, list, statuses);
  for (let rank = 0; rank < codes.length; rank += 1) if (random() < 0.05) codes[rank] = random() < 0.5 ? 255 : 7;
  return { check, codes };
}

const plainPath = (answer: LemmaInventories, statuses: StatusMap, byRank: RankStatuses): Coverage[] =>
  decodeInventoryEntries(answer).map((inventory) => coverageOf(inventory, statuses, byRank));

describe('coverage from the decode’s tally', () => {
  it('equals the plain path on every card, for many answers and records', () => {
    const random = seeded(57);
    let tallied = 0;
    for (let n = 0; n < 60; n += 1) {
      const answer = encodeInventories(randomCards(random, 20), undefined, list);
      const statuses = randomStatuses(random);
      const byRank = storedRecord(statuses, random);
      const inventories = [...decodedInventories(answer, undefined, byRank)];
      for (const inventory of inventories) if (inventory.ranked?.tally?.codes === byRank.codes) tallied += 1;
      expect(inventories.map((inventory) => coverageOf(inventory, statuses, byRank))).toEqual(plainPath(answer, statuses, byRank));
    }
    // Every card went through the tally (the comparison above is of the tally path, not the plain one twice).
    expect(tallied).toBe(60 * 20);
  });

  it('reads the entries when the record changed between the fetch and the display, or is one being filled from the list', () => {
    const random = seeded(26);
    for (let n = 0; n < 30; n += 1) {
      const answer = encodeInventories(randomCards(random, 20), undefined, list);
      const before = randomStatuses(random);
      const fetchedWith = storedRecord(before, random);
      const inventories = [...decodedInventories(answer, undefined, fetchedWith)];
      // The learner marked words since: a new record (its own bytes) and new statuses.
      const after = randomStatuses(random);
      const current = storedRecord(after, random);
      expect(inventories.map((inventory) => coverageOf(inventory, after, current))).toEqual(plainPath(answer, after, current));
      // The same bytes with the list: a record being filled (its unseen ranks looked up by word).
      const filling: RankStatuses = { check, codes: fetchedWith.codes, list };
      expect(inventories.map((inventory) => coverageOf(inventory, before, filling))).toEqual(
        decodeInventoryEntries(answer).map((inventory) => coverageOf(inventory, before, { check, codes: fetchedWith.codes.slice(), list })),
      );
    }
  });

  it('refuses a malformed card with the same error, and tallies a card only the strict reader takes', () => {
    const statuses = randomStatuses(seeded(3));
    const byRank = storedRecord(statuses, seeded(4));
    const well = encodeInventories(randomCards(seeded(5), 3), undefined, list);
    const outcome = (decode: () => unknown) => {
      try {
        return decode();
      } catch (error) {
        return `${(error as Error).name}: ${(error as Error).message}`;
      }
    };
    for (const entries of ['1,x', '1,-1', '-2,1', '1,-2,-2', '1.5', '0,999', '1,2,', '"1"', '[1]', '0,0,-3,4']) {
      const answer = { ...well, inventories: [...well.inventories, { article_id: 'bad', words: 3, entries }] };
      const plain = outcome(() => plainPath(answer, statuses, byRank));
      const tallied = outcome(() =>
        [...decodedInventories(answer, undefined, byRank)].map((inventory) => coverageOf(inventory, statuses, byRank)),
      );
      expect(tallied).toEqual(plain);
    }
  });
});
