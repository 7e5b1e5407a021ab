/**
 * The learner's statuses by rank in the cards' frequency list (docs/learner-model.md, decision 34):
 * one byte per word of the list, its status code. Kept in this browser beside the statuses for the
 * list named by its check, and valid for one state of the statuses (the store's revision), so that
 * a cold home or list page reads one small record and the cards' answer, and computes coverage
 * with byte lookups, with no download or parse of the 10,000-word list.
 */
import { InventoryFormatError, listLengthOf } from '../../common/lemma-contract';
import { statusOf, type StatusMap, type WordStatus } from './word-status';

export const STATUS_CODE_NEW = 0;
export const STATUS_CODE_LEARNING = 1;
export const STATUS_CODE_KNOWN = 2;
export const STATUS_CODE_IGNORED = 3;
/** A rank whose status has not been looked up yet (only in codes being filled from the list). */
export const STATUS_CODE_UNSEEN = 255;

export const STATUS_CODE: Readonly<Record<WordStatus, number>> = {
  new: STATUS_CODE_NEW,
  learning: STATUS_CODE_LEARNING,
  known: STATUS_CODE_KNOWN,
  ignored: STATUS_CODE_IGNORED,
};

/**
 * Statuses by rank for the frequency list named by `check`. `codes[rank]` is the status code of
 * the list's word at that rank. With `list`, a rank still STATUS_CODE_UNSEEN is looked up by its
 * word the first time it is read; without it, every rank must be filled (a stored record).
 */
export interface RankStatuses {
  readonly check: string;
  readonly codes: Uint8Array;
  readonly list?: readonly string[];
}

/** Codes to be filled from the list as cards need them (the page that has the list but no stored record). */
export function unfilledRankStatuses(check: string, list: readonly string[]): RankStatuses {
  return { check, list, codes: new Uint8Array(list.length).fill(STATUS_CODE_UNSEEN) };
}

/**
 * The status code of one rank, looked up by its word (and kept) if not yet seen. Without the list
 * (a stored record that should have every rank) an unseen rank reads as new.
 */
export function rankCode(byRank: RankStatuses, rank: number, statuses: StatusMap): number {
  const code = byRank.codes[rank]!;
  if (code !== STATUS_CODE_UNSEEN) return code;
  const word = byRank.list?.[rank];
  if (word === undefined) return STATUS_CODE_NEW;
  return (byRank.codes[rank] = STATUS_CODE[statusOf(statuses, word)]);
}

/**
 * Fills every rank still unseen, RANKS_PER_PIECE ranks per step, so a page can give the thread back
 * between steps; returns the record to keep (without the list) once done.
 */
export function* filledRankStatuses(byRank: RankStatuses, statuses: StatusMap): Generator<void, RankStatuses, undefined> {
  const { codes, list } = byRank;
  for (let rank = 0; rank < codes.length; rank += 1) {
    if (codes[rank] === STATUS_CODE_UNSEEN) rankCode(byRank, rank, statuses);
    if (rank % RANKS_PER_PIECE === RANKS_PER_PIECE - 1 && list !== undefined) yield;
  }
  return { check: byRank.check, codes };
}

const RANKS_PER_PIECE = 500;

/** The whole record at once (tests, the benchmark). */
export function rankStatusesOf(check: string, list: readonly string[], statuses: StatusMap): RankStatuses {
  const filling = filledRankStatuses(unfilledRankStatuses(check, list), statuses);
  for (;;) {
    const step = filling.next();
    if (step.done) return step.value;
  }
}

/**
 * A stored record as read back: a list's check and one byte per rank of that list. Its bytes are not
 * checked one by one (a loop over 10,000 bytes, uncompiled on a cold page, cost up to 11 ms at 4×
 * CPU): a byte that is no known code reads as not known (see rankCode and coverageOf), never as known.
 */
export function decodeRankStatuses(value: unknown): RankStatuses | null {
  if (typeof value !== 'object' || value === null) return null;
  const { check, codes } = value as { check?: unknown; codes?: unknown };
  // By its tag, not instanceof: a record read back may come from another realm's Uint8Array.
  if (typeof check !== 'string' || Object.prototype.toString.call(codes) !== '[object Uint8Array]') return null;
  let length: number;
  try {
    length = listLengthOf(check);
  } catch (error) {
    if (error instanceof InventoryFormatError) return null;
    throw error;
  }
  const bytes = codes as Uint8Array;
  if (bytes.length !== length) return null;
  return { check, codes: bytes };
}
