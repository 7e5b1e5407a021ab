/**
 * A card's entries (decision 57): the fast reader takes a well-formed card as the strict reader does and
 * hands anything else to it, so every card gets the same ranks and counts, or is refused with the same
 * error, as with the strict reader alone (the reader before decision 57).
 */
import { describe, expect, it } from 'vitest';
import { decodeInventoryEntries } from '../../../common/lemma-contract';
import { readEntries, readEntriesStrictly } from '../../../common/lemma-entries';

type Reader = typeof readEntries;

/** What a reader makes of one card: its entries' ranks and counts, or its error's message. */
function outcome(read: Reader, values: unknown[], front: number, spelledCount: number): string {
  // Shared arrays with something already in them before the card's stretch, as an answer's later cards see them.
  const ranks = new Int32Array(values.length + 3).fill(77);
  const counts = new Int32Array(values.length + 3).fill(77);
  try {
    const size = read(values, front, spelledCount, ranks, counts, 2);
    return JSON.stringify({ size, ranks: [...ranks.subarray(0, 2 + size)], counts: [...counts.subarray(0, 2 + size)] });
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

/** A small seeded generator, so a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 0x100000000;
  };
}

describe('a card’s entries', () => {
  it('are read by the fast reader exactly as by the strict one, malformed cards refused with its error', () => {
    const cards: unknown[][] = [
      [],
      [0],
      [0, 3, -2, 1],
      [5, -7, 0, 2, -2],
      [-0, -3, 4],
      [3, 1, 1],
      [9, 2],
      [10],
      [-2, 1],
      [1, -2, -2],
      [1, -1],
      [1.5],
      ['1'],
      [1, [2]],
      [1e12],
      [2 ** 31, 1],
      [1, -(2 ** 31)],
      [1, -(2 ** 31) - 1],
      [null],
      [true],
      [0, 0, 0, -3],
      [11, 0],
    ];
    const random = seeded(26);
    const odd: unknown[] = [-1, -0, 1.5, '2', null, 2 ** 31, -(2 ** 32), 40];
    for (let n = 0; n < 400; n += 1) {
      const card: unknown[] = [];
      const length = Math.floor(random() * 12);
      for (let i = 0; i < length; i += 1) {
        const pick = random();
        if (pick < 0.6) card.push(Math.floor(random() * 3));
        else if (pick < 0.9) card.push(-2 - Math.floor(random() * 4));
        else card.push(odd[Math.floor(random() * odd.length)]);
      }
      cards.push(card);
    }
    let refused = 0;
    for (const card of cards) {
      for (const [front, spelledCount] of [
        [8, 3],
        [0, 11],
        [11, 0],
      ] as const) {
        const strict = outcome(readEntriesStrictly, card, front, spelledCount);
        expect(outcome(readEntries, card, front, spelledCount), JSON.stringify({ card, front, spelledCount })).toBe(strict);
        if (strict.startsWith('InventoryFormatError')) refused += 1;
      }
    }
    // Both kinds are there: cards read and cards refused.
    expect(refused).toBeGreaterThan(100);
    expect(refused).toBeLessThan(cards.length * 3 - 100);
  });

  it('refuses a card whose entries run past the table at its first entry outside it, as before', () => {
    // Table: a list of 2 words and 2 spelled out (indices 0-3); positions 3, 4, 5: the first outside is 4.
    const answer = { lemmas: 'apple zebra', ranked: '2-0', inventories: [{ article_id: 'a', words: 3, entries: '3,1,1' }] };
    expect(() => decodeInventoryEntries(answer)).toThrow('Inventory entry 4 is outside the table');
    expect(() => decodeInventoryEntries({ ...answer, inventories: [{ article_id: 'a', words: 2, entries: '1,-2,-3' }] })).toThrow(
      'Bad inventory count -3',
    );
    expect(() => decodeInventoryEntries({ ...answer, inventories: [{ article_id: 'a', words: 2, entries: '1, 2.5' }] })).toThrow(
      'Bad inventory entry 2.5',
    );
    // Spaces are JSON's, and read as before; the spelled-out lemmas come back by their index in the table.
    const [card] = decodeInventoryEntries({ ...answer, inventories: [{ article_id: 'a', words: 4, entries: '1, 2,-3' }] });
    const { ranks, counts, from, to } = card!.ranked!;
    expect([...ranks.subarray(from, to)]).toEqual([1, -2]);
    expect([...counts.subarray(from, to)]).toEqual([1, 3]);
  });
});
