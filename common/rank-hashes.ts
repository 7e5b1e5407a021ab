/**
 * The cards' frequency list as a table of hashes (GET /api/level-words/hashes?v={check}&f={format}, decision
 * 46): for each rank, a 53-bit hash of its word's status key (statusKey), so that a list page with no
 * statuses by rank stored can make them by comparing numbers, with none of the list's 10,000 words
 * made into strings (issue 26: that page's coverage of 20 cards within 16 ms at 4× CPU). The server
 * never receives the learner's words: the browser hashes its own statuses' keys.
 *
 * The hash is cyrb53 (bryc, public domain; 53 bits), over UTF-16 code units, in two parts: `lo`, the
 * high 30 bits of its first lane, and `hi`, the low 23 of its second. The table, little-endian, HEADER_BYTES then three arrays:
 *   u32 TABLE_MAGIC ("NRH1": the format and its version), u32 the list's length, u32 the list's
 *   hash (the two halves of its check, listCheck), u32 the number of slots (a power of two);
 *   u32 lo[length], u32 hi[length] (by rank); u32 slots[slots]: an open-addressing index of the
 *   ranks by hash, made by the server (rank + 1 at the first free slot from lo & (slots − 1) on, 0
 *   for a free slot; SAME_KEY_LATER set when a later rank has the same key, which a look-up then
 *   goes on to find), so the browser finds the rank of each of the learner's keys with a few reads
 *   and builds no table of its own.
 */
import { listLengthOf } from './lemma-contract';
import { statusKey } from './status-key';

/**
 * cyrb53 of consecutive runs of `text`, `lengths[k]` UTF-16 code units each, into `lo[k]` and
 * `hi[k]`: the browser hashes all of the learner's keys joined into one string, in one loop that V8
 * compiles while it runs (a call per key, with its own short loop, ran interpreted on a cold page).
 */
export function writeRunHashes(text: string, lengths: ArrayLike<number>, lo: Uint32Array, hi: Uint32Array): void {
  let at = 0;
  for (let k = 0; k < lengths.length; k += 1) {
    const end = at + lengths[k]!;
    let h1 = 0xdeadbeef;
    let h2 = 0x41c6ce57;
    for (; at < end; at += 1) {
      const ch = text.charCodeAt(at);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
    h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
    h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    // 30 and 23 bits: each half a small integer, which V8 reads from a typed array without boxing it
    // (a value of 2^30 or more becomes a heap number per read until the code is optimised).
    lo[k] = h1 >>> 2;
    hi[k] = h2 & 0x7fffff;
  }
}

/** cyrb53 of one word into `lo[at]` and `hi[at]`. */
export function writeWordHash(word: string, lo: Uint32Array, hi: Uint32Array, at: number): void {
  writeRunHashes(word, [word.length], lo.subarray(at, at + 1), hi.subarray(at, at + 1));
}

/**
 * The table's format, in its address (`f`) as well as its header: a browser keeps a table for good, so a change of the
 * layout, of the hash or of `statusKey` must bump it, or a cached table of the old kind would be refused (or, worse,
 * trusted) for a year. The list's check names only the list's words.
 */
export const RANK_HASHES_FORMAT = 1;

/** "NRH1" read as a little-endian u32: the table's format and version. */
export const TABLE_MAGIC = 0x3148524e;
export const HEADER_BYTES = 16;

/** The hashes of a list's words' status keys by rank, for the list named by `check`. */
export interface RankHashes {
  readonly check: string;
  readonly lo: Uint32Array;
  readonly hi: Uint32Array;
  /** Rank + 1 by slot (with SAME_KEY_LATER), 0 for a free one (see above). */
  readonly slots: Uint32Array;
}

/** In a slot: a later rank of the list has the same key (a look-up goes on past this match). */
export const SAME_KEY_LATER = 0x80000000;
/** In a slot: its rank + 1. */
export const RANK_BITS = 0x7fffffff;

/** A slot's rank (the entry must not be 0). */
export function rankOfSlot(entry: number): number {
  return (entry & RANK_BITS) - 1;
}

/** The index's size for a list: at most two thirds full, so a look-up reads few slots. */
export function slotCountOf(length: number): number {
  let slots = 16;
  while (slots * 2 < length * 3) slots *= 2;
  return slots;
}

export class RankHashesFormatError extends Error {
  override readonly name = 'RankHashesFormatError';
}

/** The table's bytes for `words` (the server's side; throws if two different keys of the list share a hash). */
export function encodeRankHashes(words: readonly string[], check: string): Uint8Array {
  const length = words.length;
  const slotCount = slotCountOf(length);
  const buffer = new ArrayBuffer(HEADER_BYTES + 8 * length + 4 * slotCount);
  const header = new DataView(buffer);
  header.setUint32(0, TABLE_MAGIC, true);
  header.setUint32(4, length, true);
  header.setUint32(8, checkHashOf(check, length), true);
  header.setUint32(12, slotCount, true);
  const lo = new Uint32Array(length);
  const hi = new Uint32Array(length);
  const keys = words.map(statusKey);
  writeRunHashes(
    keys.join(''),
    keys.map((key) => key.length),
    lo,
    hi,
  );
  const seen = new Map<number, string>();
  for (let rank = 0; rank < length; rank += 1) {
    const key = keys[rank]!;
    const hash = hi[rank]! * 2 ** 32 + lo[rank]!;
    const other = seen.get(hash);
    // The same key twice (two spellings of one lemma) is the same status, not a collision.
    if (other !== undefined && other !== key) throw new RankHashesFormatError(`"${other}" and "${key}" share a hash`);
    seen.set(hash, key);
  }
  const lows = new DataView(buffer, HEADER_BYTES, 4 * length);
  const highs = new DataView(buffer, HEADER_BYTES + 4 * length, 4 * length);
  const slots = new DataView(buffer, HEADER_BYTES + 8 * length, 4 * slotCount);
  const lastSlotOfKey = new Map<string, number>();
  for (let rank = 0; rank < length; rank += 1) {
    lows.setUint32(4 * rank, lo[rank]!, true);
    highs.setUint32(4 * rank, hi[rank]!, true);
    // Every rank gets a slot, a second spelling of a key further along the same probe, flagged on the first.
    let slot = lo[rank]! & (slotCount - 1);
    while (slots.getUint32(4 * slot, true) !== 0) slot = (slot + 1) & (slotCount - 1);
    slots.setUint32(4 * slot, rank + 1, true);
    const earlier = lastSlotOfKey.get(keys[rank]!);
    if (earlier !== undefined) slots.setUint32(4 * earlier, (slots.getUint32(4 * earlier, true) | SAME_KEY_LATER) >>> 0, true);
    lastSlotOfKey.set(keys[rank]!, slot);
  }
  return new Uint8Array(buffer);
}

/**
 * The table as fetched, checked against the check it was asked for: its format and version, its
 * list (length and hash), its index's size and its own. Throws RankHashesFormatError saying which.
 */
export function decodeRankHashes(buffer: ArrayBuffer, check: string): RankHashes {
  const length = listLengthOf(check);
  if (buffer.byteLength < HEADER_BYTES) throw new RankHashesFormatError(`A rank hash table of ${buffer.byteLength} bytes is truncated`);
  // Read in the platform's order: a big-endian platform (none that runs this site) would fail here, not misread.
  const header = new Uint32Array(buffer, 0, HEADER_BYTES / 4);
  if (header[0] !== TABLE_MAGIC) throw new RankHashesFormatError('Not a rank hash table of this version');
  if (header[1] !== length || header[2] !== checkHashOf(check, length)) {
    throw new RankHashesFormatError(`The rank hash table is for list ${header[1]!.toString(36)}-${header[2]!.toString(36)}, not ${check}`);
  }
  const slotCount = slotCountOf(length);
  const size = HEADER_BYTES + 8 * length + 4 * slotCount;
  if (header[3] !== slotCount || buffer.byteLength !== size) {
    throw new RankHashesFormatError(`A rank hash table of ${buffer.byteLength} bytes for ${length} words (${size} expected)`);
  }
  // The slots' ranks are not checked one by one (a loop over 16,384 numbers, cold): one out of range
  // matches no key (its hash reads as undefined), so a damaged index can only leave a word new.
  return {
    check,
    lo: new Uint32Array(buffer, HEADER_BYTES, length),
    hi: new Uint32Array(buffer, HEADER_BYTES + 4 * length, length),
    slots: new Uint32Array(buffer, HEADER_BYTES + 8 * length, slotCount),
  };
}

/** The hash half of a check ("length-hash", both base 36; listLengthOf has checked its form). */
function checkHashOf(check: string, length: number): number {
  return parseInt(check.slice(length.toString(36).length + 1), 36);
}
