/**
 * The learner's statuses by rank made from the frequency list's hash table (common/rank-hashes.ts,
 * decision 46) instead of its words: each of the learner's keys is hashed (all of them joined, in
 * one loop) and looked up in the table's index of ranks by hash, so no word of the list is made a
 * string and no rank is looked up by word. The record comes out whole, in one pass over the keys.
 */
import { RANK_BITS, SAME_KEY_LATER, writeRunHashes, type RankHashes } from '../../common/rank-hashes';
import { STATUS_CODE, STATUS_CODE_NEW, type RankStatuses } from './rank-statuses';
import type { StatusMap } from './word-status';

/** The learner's keys' hashes and status codes, in the map's order. */
export interface LearnerKeyHashes {
  readonly lo: Uint32Array;
  readonly hi: Uint32Array;
  readonly codes: Uint8Array;
}

/** Made once per state of the statuses (a status map is replaced, never changed, on a write). */
const hashed = new WeakMap<StatusMap, LearnerKeyHashes>();

/**
 * The learner's keys hashed: needs nothing but the statuses, so a page with no record can do it
 * while the cards' answer is on its way (src/app/use-sliced-coverage.ts).
 */
export function learnerKeyHashes(statuses: StatusMap): LearnerKeyHashes {
  const known = hashed.get(statuses);
  if (known !== undefined) return known;
  // forEach, not for…of, which makes an entry array per key and destructures it, cold.
  const keys: string[] = [];
  const lengths = new Int32Array(statuses.size);
  const codes = new Uint8Array(statuses.size);
  statuses.forEach((status, key) => {
    lengths[keys.length] = key.length;
    codes[keys.length] = STATUS_CODE[status];
    keys.push(key);
  });
  const lo = new Uint32Array(keys.length);
  const hi = new Uint32Array(keys.length);
  writeRunHashes(keys.join(''), lengths, lo, hi);
  const made = { lo, hi, codes };
  hashed.set(statuses, made);
  return made;
}

/**
 * Every rank's status code: the same as statusOf of the list's word there, since each list word is
 * its own key (statusKey; tests/unit/domain/rank-hashes.test.ts checks the bundled list).
 */
export function rankStatusesFromHashes(hashes: RankHashes, statuses: StatusMap): RankStatuses {
  // Made once per table and state of the statuses: a page may make it before the cards' answer arrives.
  const byStatuses = records.get(hashes) ?? new WeakMap<StatusMap, RankStatuses>();
  records.set(hashes, byStatuses);
  const known = byStatuses.get(statuses);
  if (known !== undefined) return known;
  const made = rankStatusesOf(hashes, statuses);
  byStatuses.set(statuses, made);
  return made;
}

const records = new WeakMap<RankHashes, WeakMap<StatusMap, RankStatuses>>();

function rankStatusesOf(hashes: RankHashes, statuses: StatusMap): RankStatuses {
  const { check, lo, hi, slots } = hashes;
  const codes = new Uint8Array(lo.length).fill(STATUS_CODE_NEW);
  // Locals, not property reads, and no call inside the loops: they run before V8 optimises them.
  const { lo: keyLo, hi: keyHi, codes: keyCodes } = learnerKeyHashes(statuses);
  const count = keyLo.length;
  const size = slots.length;
  const mask = size - 1;
  for (let k = 0; k < count; k += 1) {
    const l = keyLo[k]!;
    const h = keyHi[k]!;
    // Up to the match (on past it when the list has the key at a later rank too), or a free slot
    // for a key not in the list. At most every slot once, should a damaged table have none free.
    for (let slot = l & mask, seen = 0; seen < size; slot = (slot + 1) & mask, seen += 1) {
      const entry = slots[slot]!;
      if (entry === 0) break;
      const rank = (entry & RANK_BITS) - 1;
      if (lo[rank] === l && hi[rank] === h) {
        codes[rank] = keyCodes[k]!;
        if ((entry & SAME_KEY_LATER) === 0) break;
      }
    }
  }
  return { check, codes };
}
