import { describe, expect, it } from 'vitest';
import { listCheck } from '../../../common/lemma-contract';
import {
  decodeRankStatuses,
  filledRankStatuses,
  rankCode,
  rankStatusesOf,
  STATUS_CODE,
  unfilledRankStatuses,
} from '../../../src/domain/rank-statuses';
import { statusMap, type StatusRecord } from '../../../src/domain/word-status';
import { savedWord } from '../../support/saved-word-fixtures';

const at = '2026-03-01T10:00:00.000Z';
const record = (id: string, status: StatusRecord['status']): StatusRecord => ({ id, status, source: 'hand', setAt: at });
const list = ['the', 'be', 'go', 'harbour', 'tide', 'Paris'];
const check = listCheck(list);

describe('statuses by rank in the frequency list', () => {
  it('holds each word of the list at its rank: known, learning (saved), ignored, new; a capitalised word by its key', () => {
    const statuses = statusMap(
      [record('the', 'known'), record('tide', 'ignored'), record('paris', 'known')],
      [savedWord({ lemma: 'harbour' })],
    );
    const byRank = rankStatusesOf(check, list, statuses);
    expect(byRank.check).toBe(check);
    expect(byRank.list).toBeUndefined();
    expect([...byRank.codes]).toEqual([
      STATUS_CODE.known,
      STATUS_CODE.new,
      STATUS_CODE.new,
      STATUS_CODE.learning,
      STATUS_CODE.ignored,
      STATUS_CODE.known,
    ]);
  });

  it('is made again for a status changed (a new status map), and differs only where the status did', () => {
    const before = rankStatusesOf(check, list, statusMap([record('the', 'known')], []));
    const after = rankStatusesOf(check, list, statusMap([record('the', 'known'), record('go', 'known')], []));
    expect([...after.codes].map((code, rank) => (code === before.codes[rank] ? '=' : list[rank]))).toEqual(['=', '=', 'go', '=', '=', '=']);
  });

  it('belongs to one list: another list (another check) has its own codes, and a list of another length its own size', () => {
    const statuses = statusMap([record('go', 'known')], []);
    const other = ['go', 'the'];
    const byRank = rankStatusesOf(listCheck(other), other, statuses);
    expect(byRank.check).not.toBe(check);
    expect([...byRank.codes]).toEqual([STATUS_CODE.known, STATUS_CODE.new]);
  });

  it('looks a rank up from the list once, when a card first needs it, and fills the rest later to the same record', () => {
    const statuses = statusMap([record('be', 'known')], []);
    const partial = unfilledRankStatuses(check, list);
    expect(rankCode(partial, 1, statuses)).toBe(STATUS_CODE.known);
    expect(partial.codes[2]).toBe(255);
    const filling = filledRankStatuses(partial, statuses);
    let step = filling.next();
    while (!step.done) step = filling.next();
    expect([...step.value.codes]).toEqual([...rankStatusesOf(check, list, statuses).codes]);
    // A stored record (no list) missing a rank: read as new, never as known.
    expect(rankCode({ check, codes: new Uint8Array(6).fill(255) }, 0, statuses)).toBe(STATUS_CODE.new);
  });

  it('reads a stored record back only when it is bytes of the size its check names', () => {
    const byRank = rankStatusesOf(check, list, statusMap([], []));
    expect(decodeRankStatuses({ revision: 3, check, codes: byRank.codes })).toEqual({ check, codes: byRank.codes });
    expect(decodeRankStatuses({ check, codes: byRank.codes.slice(1) })).toBeNull();
    expect(decodeRankStatuses({ check: 'not a check', codes: byRank.codes })).toBeNull();
    expect(decodeRankStatuses({ check, codes: [0, 0, 0, 0, 0, 0] })).toBeNull();
    expect(decodeRankStatuses(null)).toBeNull();
  });
});
