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
