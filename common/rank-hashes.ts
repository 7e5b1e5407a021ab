/**
 * The cards' frequency list as a table of hashes (GET /api/level-words/hashes?v={check}, decision
 * 46): for each rank, a 53-bit hash of its word's status key (statusKey), so that a list page with no
 * statuses by rank stored can make them by comparing numbers, with none of the list's 10,000 words
 * made into strings (issue 26: that page's coverage of 20 cards within 16 ms at 4× CPU). The server
 * never receives the learner's words: the browser hashes its own statuses' keys.
 *
 * The hash is cyrb53 (bryc, public domain), over UTF-16 code units, split in its two halves: `lo`,
 * the low 32 bits, and `hi`, the high 21. The table, little-endian, HEADER_BYTES then two arrays:
 *   u32 TABLE_MAGIC ("NRH1": the format and its version), u32 the list's length, u32 the list's
 *   hash (the two halves of its check, listCheck), u32 0; u32 lo[length]; u32 hi[length].
 */
import { listLengthOf } from './lemma-contract';
import { statusKey } from './status-key';

/**
 * Writes cyrb53's two halves of `word` into `lo[at]` and `hi[at]` (no object per word: the browser
 * hashes a few thousand keys on a cold page).
 */
export function writeWordHash(word: string, lo: Uint32Array, hi: Uint32Array, at: number): void {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < word.length; i += 1) {
    const ch = word.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  lo[at] = h1 >>> 0;
  hi[at] = h2 & 0x1fffff;
}

/** "NRH1" read as a little-endian u32: the table's format and version. */
export const TABLE_MAGIC = 0x3148524e;
export const HEADER_BYTES = 16;

/** The hashes of a list's words' status keys by rank, for the list named by `check`. */
export interface RankHashes {
  readonly check: string;
  readonly lo: Uint32Array;
  readonly hi: Uint32Array;
}

export class RankHashesFormatError extends Error {
  override readonly name = 'RankHashesFormatError';
}

/** The table's bytes for `words` (the server's side; throws if two different keys of the list share a hash). */
export function encodeRankHashes(words: readonly string[], check: string): Uint8Array {
  const length = words.length;
  const buffer = new ArrayBuffer(HEADER_BYTES + 8 * length);
  const header = new DataView(buffer);
  header.setUint32(0, TABLE_MAGIC, true);
  header.setUint32(4, length, true);
  header.setUint32(8, checkHashOf(check, length), true);
  const lo = new Uint32Array(length);
  const hi = new Uint32Array(length);
  const seen = new Map<number, string>();
  for (let rank = 0; rank < length; rank += 1) {
    const key = statusKey(words[rank]!);
    writeWordHash(key, lo, hi, rank);
    const hash = hi[rank]! * 2 ** 32 + lo[rank]!;
    const other = seen.get(hash);
    // The same key twice (two spellings of one lemma) is the same status, not a collision.
    if (other !== undefined && other !== key) throw new RankHashesFormatError(`"${other}" and "${key}" share a hash`);
    seen.set(hash, key);
  }
  const lows = new DataView(buffer, HEADER_BYTES, 4 * length);
  const highs = new DataView(buffer, HEADER_BYTES + 4 * length, 4 * length);
  for (let rank = 0; rank < length; rank += 1) {
    lows.setUint32(4 * rank, lo[rank]!, true);
    highs.setUint32(4 * rank, hi[rank]!, true);
  }
  return new Uint8Array(buffer);
}

/**
 * The table as fetched, checked against the check it was asked for: its format and version, its
 * list (length and hash), and its size. Throws RankHashesFormatError saying which.
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
  if (buffer.byteLength !== HEADER_BYTES + 8 * length) {
    throw new RankHashesFormatError(
      `A rank hash table of ${buffer.byteLength} bytes for ${length} words (${HEADER_BYTES + 8 * length} expected)`,
    );
  }
  return {
    check,
    lo: new Uint32Array(buffer, HEADER_BYTES, length),
    hi: new Uint32Array(buffer, HEADER_BYTES + 4 * length, length),
  };
}

/** The hash half of a check ("length-hash", both base 36; listLengthOf has checked its form). */
function checkHashOf(check: string, length: number): number {
  return parseInt(check.slice(length.toString(36).length + 1), 36);
}
