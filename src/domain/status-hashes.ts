/**
 * The learner's statuses by the hash of their keys (common/rank-hashes.ts, decision 46), so that a
 * rank of the frequency list's hash table finds its status by comparing two numbers, with no word
 * of the list made into a string. An open-addressing table in typed arrays rather than a Map: a
 * Map keyed by 53-bit numbers allocates a heap number per lookup, and these lookups run cold.
 */
import { writeWordHash, type RankHashes } from '../../common/rank-hashes';
import { STATUS_CODE, STATUS_CODE_NEW, STATUS_CODE_UNSEEN, type RankStatuses } from './rank-statuses';
import type { StatusMap } from './word-status';

export interface StatusHashTable {
  readonly mask: number;
  readonly lo: Uint32Array;
  readonly hi: Uint32Array;
  /** A slot's status code, EMPTY where no key was put. */
  readonly codes: Uint8Array;
}

const EMPTY = 255;

/** Made once per state of the statuses (a status map is replaced, never changed, on each write). */
const tables = new WeakMap<StatusMap, StatusHashTable>();

/** Every key of the statuses, hashed as it is stored (the server hashes each list word's statusKey). */
export function statusHashTable(statuses: StatusMap): StatusHashTable {
  const known = tables.get(statuses);
  if (known !== undefined) return known;
  let size = 16;
  while (size < statuses.size * 2) size *= 2;
  const mask = size - 1;
  const lo = new Uint32Array(size);
  const hi = new Uint32Array(size);
  const codes = new Uint8Array(size).fill(EMPTY);
  const hash = new Uint32Array(2);
  const low = hash.subarray(0, 1);
  const high = hash.subarray(1, 2);
  for (const [key, status] of statuses) {
    writeWordHash(key, low, high, 0);
    const l = low[0]!;
    const h = high[0]!;
    let slot = l & mask;
    // Two keys of the learner's sharing a hash (about 1 in 10^8 for 6,000 keys): the first one kept.
    while (codes[slot] !== EMPTY && !(lo[slot] === l && hi[slot] === h)) slot = (slot + 1) & mask;
    if (codes[slot] !== EMPTY) continue;
    lo[slot] = l;
    hi[slot] = h;
    codes[slot] = STATUS_CODE[status];
  }
  const table = { mask, lo, hi, codes };
  tables.set(statuses, table);
  return table;
}

/** The status code of the key hashed to `l` and `h`: new when the learner has no status for it. */
export function hashedStatusCode(table: StatusHashTable, l: number, h: number): number {
  const { mask, lo, hi, codes } = table;
  for (let slot = l & mask; codes[slot] !== EMPTY; slot = (slot + 1) & mask) {
    if (lo[slot] === l && hi[slot] === h) return codes[slot]!;
  }
  return STATUS_CODE_NEW;
}

/**
 * Statuses by rank to be filled from the list's hash table as cards need them (rankCode), and the
 * rest at idle (filledRankStatuses): the same codes as from the list's words (statusOf of each).
 */
export function hashedRankStatuses(hashes: RankHashes, statuses: StatusMap): RankStatuses {
  const table = statusHashTable(statuses);
  const { lo, hi } = hashes;
  return {
    check: hashes.check,
    codes: new Uint8Array(lo.length).fill(STATUS_CODE_UNSEEN),
    lookUp: (rank) => hashedStatusCode(table, lo[rank]!, hi[rank]!),
  };
}
