/**
 * Reading one card's entries (common/lemma-contract.ts: comma-separated gaps, each followed by minus
 * its count when above 1) into ranks and counts. Two readers with one verdict (decision 57): a fast
 * one for a well-formed card, which accepts only what the strict one accepts and hands anything else
 * to it, so that a malformed card is refused with the strict reader's error, as before.
 */
import { InventoryFormatError } from './lemma-errors';

/**
 * One card's numbers (`values`, the native JSON.parse of `text`) read into `ranks` and `counts` from
 * `offset` on; returns how many entries. `front` is the frequency list's length (0 without one),
 * `spelledCount` the answer's spelled-out lemmas; a rank is an index below `front`, a spelled-out
 * lemma -1 - its index in the table. Throws InventoryFormatError for a malformed card.
 */
export function readEntries(
  values: unknown[],
  front: number,
  spelledCount: number,
  ranks: Int32Array,
  counts: Int32Array,
  offset: number,
): number {
  // Issue 26: this loop runs uncompiled on a cold page, ~250 numbers a card. The gaps are never
  // negative, so the positions ascend: one check of the last bounds them all, and only the spelled-out
  // lemmas (the last) need their index turned round, after the loop; a count's own rules are checked
  // only where a count is. (A scan of the text for other characters, in place of the type check, cost
  // more than it saved: decision 57.)
  counts.fill(1, offset, offset + values.length);
  const numbers = values as number[];
  let size = 0;
  let position = 0;
  for (let i = 0; i < numbers.length; i += 1) {
    const value = numbers[i]!;
    // Anything but a 32-bit integer (a string, a fraction, an object) is the strict reader's to report.
    if ((value | 0) !== value) return readEntriesStrictly(values, front, spelledCount, ranks, counts, offset);
    if (value < 0) {
      // A count: written only above 1, only once, after its entry.
      if (i === 0 || numbers[i - 1]! < 0 || value === -1) {
        return readEntriesStrictly(values, front, spelledCount, ranks, counts, offset);
      }
      counts[offset + size - 1] = -value;
      continue;
    }
    position += value;
    ranks[offset + size] = position;
    size += 1;
  }
  // Past the table: the strict reader finds the first entry at fault.
  if (position >= front + spelledCount) return readEntriesStrictly(values, front, spelledCount, ranks, counts, offset);
  for (let j = offset + size - 1; j >= offset && ranks[j]! >= front; j -= 1) ranks[j] = front - 1 - ranks[j]!;
  return size;
}

/**
 * The same, checking every number as it goes (the reader before decision 57): the verdict and the
 * error for anything the fast reader does not take as it is.
 */
export function readEntriesStrictly(
  values: unknown[],
  front: number,
  spelledCount: number,
  ranks: Int32Array,
  counts: Int32Array,
  offset: number,
): number {
  counts.fill(1, offset, offset + values.length);
  const end = front + spelledCount;
  let size = 0;
  let position = 0;
  let countable = false;
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i] as number;
    // Anything but a 32-bit integer (a string, a fraction, an object) fails this.
    if ((value | 0) !== value) throw new InventoryFormatError(`Bad inventory entry ${JSON.stringify(values[i])}`);
    if (value < 0) {
      // A count, written only above 1 and only once, after its entry.
      if (!countable || value === -1) throw new InventoryFormatError(`Bad inventory count ${value}`);
      counts[offset + size - 1] = -value;
      countable = false;
      continue;
    }
    position += value;
    if (position >= end) throw new InventoryFormatError(`Inventory entry ${position} is outside the table`);
    ranks[offset + size] = position < front ? position : front - 1 - position;
    size += 1;
    countable = true;
  }
  return size;
}

/** Where a card's tally sits in an answer's tallies: known and counted running words, new and learning lemmas. */
export const TALLY_KNOWN = 0;
export const TALLY_COUNTED = 1;
export const TALLY_NEW = 2;
export const TALLY_LEARNING = 3;
export const TALLY_SIZE = 4;

/**
 * readEntries, and in the same loop the card's tally over its ranked entries for a learner's statuses
 * by rank (`codes`, one status code a rank of the list: new 0, learning 1, known 2, ignored 3, 255
 * not looked up, read as new; any other byte as learning, as src/domain/coverage.ts reads them),
 * written to `tallies[at..at + TALLY_SIZE)`. The spelled-out lemmas (past the list) are left out of
 * it: their statuses are looked up by string when coverage is worked out (decision 57). `codes` must
 * be the list's length (`front`). A card the fast reader does not take goes to the strict reader
 * (its error stands) and, if it takes it, is tallied from the ranks and counts it wrote.
 */
export function readEntriesTallied(
  values: unknown[],
  front: number,
  spelledCount: number,
  ranks: Int32Array,
  counts: Int32Array,
  offset: number,
  codes: Uint8Array,
  tallies: Int32Array,
  at: number,
): number {
  counts.fill(1, offset, offset + values.length);
  const numbers = values as number[];
  let size = 0;
  let position = 0;
  let known = 0;
  let counted = 0;
  let newWords = 0;
  let learning = 0;
  // The last entry's code, for the count after it. Past the list (a spelled-out lemma) it reads
  // undefined and is tallied as learning; that is taken back after the loop.
  let code: number | undefined = 0;
  for (let i = 0; i < numbers.length; i += 1) {
    const value = numbers[i]!;
    if ((value | 0) !== value) return strictlyTallied(values, front, spelledCount, ranks, counts, offset, codes, tallies, at);
    if (value < 0) {
      if (i === 0 || numbers[i - 1]! < 0 || value === -1) {
        return strictlyTallied(values, front, spelledCount, ranks, counts, offset, codes, tallies, at);
      }
      counts[offset + size - 1] = -value;
      const extra = -value - 1;
      if (code === 2) {
        known += extra;
        counted += extra;
      } else if (code !== 3) counted += extra;
      continue;
    }
    position += value;
    ranks[offset + size] = position;
    size += 1;
    code = codes[position];
    if (code === 2) {
      known += 1;
      counted += 1;
    } else if (code !== 3) {
      counted += 1;
      if (code === 0 || code === 255) newWords += 1;
      else learning += 1;
    }
  }
  if (position >= front + spelledCount) {
    return strictlyTallied(values, front, spelledCount, ranks, counts, offset, codes, tallies, at);
  }
  for (let j = offset + size - 1; j >= offset && ranks[j]! >= front; j -= 1) {
    ranks[j] = front - 1 - ranks[j]!;
    counted -= counts[j]!;
    learning -= 1;
  }
  tallies[at + TALLY_KNOWN] = known;
  tallies[at + TALLY_COUNTED] = counted;
  tallies[at + TALLY_NEW] = newWords;
  tallies[at + TALLY_LEARNING] = learning;
  return size;
}

/** The strict reader's verdict, then the tally from what it wrote (a card the fast reader left to it). */
function strictlyTallied(
  values: unknown[],
  front: number,
  spelledCount: number,
  ranks: Int32Array,
  counts: Int32Array,
  offset: number,
  codes: Uint8Array,
  tallies: Int32Array,
  at: number,
): number {
  const size = readEntriesStrictly(values, front, spelledCount, ranks, counts, offset);
  let known = 0;
  let counted = 0;
  let newWords = 0;
  let learning = 0;
  for (let i = offset; i < offset + size; i += 1) {
    const rank = ranks[i]!;
    if (rank < 0) continue;
    const code = codes[rank]!;
    const count = counts[i]!;
    if (code === 3) continue;
    counted += count;
    if (code === 2) known += count;
    else if (code === 0 || code === 255) newWords += 1;
    else learning += 1;
  }
  tallies[at + TALLY_KNOWN] = known;
  tallies[at + TALLY_COUNTED] = counted;
  tallies[at + TALLY_NEW] = newWords;
  tallies[at + TALLY_LEARNING] = learning;
  return size;
}
