// @vitest-environment node
/**
 * The frequency list as a table of hashes (common/rank-hashes.ts, decision 46): the table's decoder
 * refuses what is not the table asked for, and the statuses by rank made from it are the ones made
 * from the list's words, for the real 10,000-word list of the bundled dictionary.
 */
import { describe, expect, it } from 'vitest';
import { listCheck, RANKED_LEVEL } from '../../../common/lemma-contract';
import { FREQUENCY_BAND_SIZE } from '../../../common/placement-levels';
import {
  decodeRankHashes,
  encodeRankHashes,
  HEADER_BYTES,
  RankHashesFormatError,
  rankOfSlot,
  slotCountOf,
  writeWordHash,
} from '../../../common/rank-hashes';
import { statusKey } from '../../../common/status-key';
import { rankStatusesOf, STATUS_CODE } from '../../../src/domain/rank-statuses';
import { rankStatusesFromHashes } from '../../../src/domain/status-hashes';
import { statusMap, type StatusRecord } from '../../../src/domain/word-status';
import { savedWord } from '../../support/saved-word-fixtures';
import { testDictionary } from '../../server/fixtures';

const list = testDictionary().wordsOfLevel!([], FREQUENCY_BAND_SIZE[RANKED_LEVEL]);
const check = listCheck(list);
const bytes = encodeRankHashes(list, check);
const bufferOf = (view: Uint8Array): ArrayBuffer => view.slice().buffer;
const at = '2026-03-01T10:00:00.000Z';
const record = (id: string, status: StatusRecord['status']): StatusRecord => ({ id, status, source: 'placement', setAt: at });

describe("the frequency list's hash table", () => {
  it('holds, rank by rank, the hash of each word’s status key, for the list its check names', () => {
    expect(list.length).toBeGreaterThan(9000);
    expect(bytes.length).toBe(HEADER_BYTES + 8 * list.length + 4 * slotCountOf(list.length));
    const table = decodeRankHashes(bufferOf(bytes), check);
    expect(table.check).toBe(check);
    const lo = new Uint32Array(1);
    const hi = new Uint32Array(1);
    for (const rank of [0, 17, 4321, list.length - 1]) {
      writeWordHash(statusKey(list[rank]!), lo, hi, 0);
      expect([table.lo[rank], table.hi[rank]]).toEqual([lo[0], hi[0]]);
    }
    // Every different key of the real list has a hash of its own (the encoder refuses otherwise).
    const hashes = new Set(list.map((_, rank) => table.hi[rank]! * 2 ** 32 + table.lo[rank]!));
    expect(hashes.size).toBe(new Set(list.map(statusKey)).size);
    // And every word of the list is its own key, so a rank's status by its key is statusOf of its word.
    expect(list.filter((word) => statusKey(word) !== word)).toEqual([]);
    // The index names every rank once.
    expect(
      [...table.slots]
        .filter((entry) => entry !== 0)
        .map(rankOfSlot)
        .sort((a, b) => a - b),
    ).toEqual(list.map((_, rank) => rank));
  });

  it('is refused, with a reason, when truncated, of another version, for another list, or asked with a bad check', () => {
    const refusal = (buffer: ArrayBuffer, asked = check) => {
      try {
        decodeRankHashes(buffer, asked);
      } catch (error) {
        expect(error).toBeInstanceOf(Error);
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refusal(bufferOf(bytes.subarray(0, 10)))).toMatch(/truncated/);
    expect(refusal(bufferOf(bytes.subarray(0, bytes.length - 4)))).toMatch(/bytes for \d+ words/);
    const otherIndex = bytes.slice();
    otherIndex[12] = 8;
    expect(refusal(bufferOf(otherIndex))).toMatch(/bytes for \d+ words/);
    const otherVersion = bytes.slice();
    otherVersion[3] = '2'.charCodeAt(0);
    expect(refusal(bufferOf(otherVersion))).toMatch(/Not a rank hash table of this version/);
    const shorter = listCheck(list.slice(1));
    expect(refusal(bufferOf(bytes), shorter)).toMatch(/for list .* not /);
    const sameLength = listCheck(['other', ...list.slice(1)]);
    expect(refusal(bufferOf(bytes), sameLength)).toMatch(/for list .* not /);
    expect(refusal(bufferOf(bytes), 'not a check')).toMatch(/Bad frequency list check/);
    expect(() => decodeRankHashes(bufferOf(bytes.subarray(0, 10)), check)).toThrow(RankHashesFormatError);
  });

  it('lets two spellings of one key share a hash, both ranks taking its status, and encodes an empty list', () => {
    const words = ['US', 'go', 'us', 'Us'];
    const table = decodeRankHashes(bufferOf(encodeRankHashes(words, listCheck(words))), listCheck(words));
    expect([table.lo[0], table.hi[0]]).toEqual([table.lo[2], table.hi[2]]);
    expect([table.lo[0], table.hi[0]]).not.toEqual([table.lo[1], table.hi[1]]);
    const statuses = statusMap([record('us', 'ignored'), record('go', 'known')], []);
    expect([...rankStatusesFromHashes(table, statuses).codes]).toEqual([
      STATUS_CODE.ignored,
      STATUS_CODE.known,
      STATUS_CODE.ignored,
      STATUS_CODE.ignored,
    ]);
    expect(decodeRankHashes(bufferOf(encodeRankHashes([], listCheck([]))), listCheck([])).lo.length).toBe(0);
  });
});

describe('statuses by rank from the hash table', () => {
  // A learner with the real list's first 4,000 words known, some ignored, saved words (one capitalised,
  // one inflected form), words the dictionary does not know, a lower-cased name and a curly apostrophe.
  const statuses = statusMap(
    [
      ...list.slice(0, 4000).map((word) => record(statusKey(word), 'known')),
      ...list.slice(4000, 4100).map((word) => record(statusKey(word), 'ignored')),
      record('zorblat', 'known'),
      record('went', 'known'),
      record('paris', 'known'),
      record('don’t', 'known'),
      record(statusKey(list[7000]!), 'new'),
    ],
    [savedWord({ lemma: 'Harbour' }), savedWord({ lemma: 'rivers' }), savedWord({ lemma: list[8000]! })],
  );
  const table = decodeRankHashes(bufferOf(bytes), check);

  it('gives every rank the code the list’s word gives, the whole record at once', () => {
    const fromWords = [...rankStatusesOf(check, list, statuses).codes];
    const fromHashes = rankStatusesFromHashes(table, statuses);
    expect(fromHashes.check).toBe(check);
    expect([...fromHashes.codes]).toEqual(fromWords);
    // The learner's words are there: known, ignored, learning, and new for the rest.
    const count = (code: number) => fromWords.filter((each) => each === code).length;
    expect(count(STATUS_CODE.known)).toBeGreaterThanOrEqual(4000);
    expect(count(STATUS_CODE.ignored)).toBe(100);
    expect(count(STATUS_CODE.learning)).toBeGreaterThanOrEqual(1);
    expect(fromWords[8000]).toBe(STATUS_CODE.learning);
    expect(fromWords[9500]).toBe(STATUS_CODE.new);
  });

  it('is all new for a learner without statuses, and follows a changed status', () => {
    expect([...rankStatusesFromHashes(table, statusMap([], [])).codes]).toEqual(new Array(list.length).fill(STATUS_CODE.new));
    const changed = statusMap([record(statusKey(list[9500]!), 'known')], []);
    const codes = [...rankStatusesFromHashes(table, changed).codes];
    expect(codes[9500]).toBe(STATUS_CODE.known);
    expect(codes.filter((code) => code !== STATUS_CODE.new)).toHaveLength(
      list.filter((word) => statusKey(word) === statusKey(list[9500]!)).length,
    );
  });
});
