import { describe, expect, it } from 'vitest';
import { decodeInventoryEntries, listCheck } from '../../../common/lemma-contract';
import { encodeInventories } from '../../../common/lemma-encode';
import {
  bandOf,
  byFit,
  coverageOf,
  coveragePercent,
  inLearningZone,
  MissingRankStatusesError,
  ofBand,
  type LemmaInventory,
} from '../../../src/domain/coverage';
import { rankStatusesOf, unfilledRankStatuses } from '../../../src/domain/rank-statuses';
import { statusMap, type StatusRecord } from '../../../src/domain/word-status';
import { harbourArticle } from '../../support/lemma-inventories';
import { savedWord } from '../../support/saved-word-fixtures';

const at = '2026-03-01T10:00:00.000Z';
const known = (id: string): StatusRecord => ({ id, status: 'known', source: 'hand', setAt: at });
const ignored = (id: string): StatusRecord => ({ id, status: 'ignored', source: 'hand', setAt: at });

const article = harbourArticle;

describe('coverage', () => {
  it('is the share of running words whose lemma is known, with the count of new lemmas', () => {
    const coverage = coverageOf(article, statusMap([known('the'), known('go')], []));
    expect(coverage.share).toBeCloseTo(0.9);
    expect(coverage.band).toBe('hard');
    expect(coverage.newWords).toBe(3);
  });

  it('leaves ignored words out of the running words, and counts saved words as learning, not known', () => {
    const coverage = coverageOf(
      article,
      statusMap([known('the'), known('go'), known('harbour'), ignored('tide')], [savedWord({ lemma: 'quay' })]),
    );
    expect(coverage.share).toBeCloseTo(95 / 97);
    expect(coverage.band).toBe('withHelp');
    expect(coverage.newWords).toBe(0);
    expect(coverage.learningWords).toBe(1);
  });

  it('is the same worked out by rank in the frequency list the cards point into, spelled-out lemmas by their string', () => {
    const list = ['the', 'be', 'go', 'tide', 'harbour'];
    const check = listCheck(list);
    const ranked: LemmaInventory = {
      ...article,
      ranked: { check, spelled: ['quay'], ranks: Int32Array.from([0, 2, 4, 3, -1]), counts: Int32Array.from([60, 30, 5, 3, 2]) },
    };
    for (const statuses of [
      statusMap([known('the'), known('go')], []),
      statusMap([known('the'), known('go'), known('harbour'), ignored('tide')], [savedWord({ lemma: 'quay' })]),
      statusMap([known('the'), known('quay'), ignored('go')], []),
    ]) {
      const byString = coverageOf(article, statuses);
      // Looked up from the list as the card needs them (then read by rank), or from a whole stored record.
      const fromList = unfilledRankStatuses(check, list);
      expect(coverageOf(ranked, statuses, fromList)).toEqual(byString);
      expect(coverageOf(ranked, statuses, fromList)).toEqual(byString);
      expect(coverageOf(ranked, statuses, rankStatusesOf(check, list, statuses))).toEqual(byString);
    }
    // A damaged stored byte counts as not known (learning), never as known.
    const damaged = { check, codes: Uint8Array.from([2, 2, 2, 200, 2]) };
    expect(coverageOf(ranked, statusMap([], []), damaged)).toMatchObject({ share: 0.95, learningWords: 1, newWords: 1 });
    // Never worked out without statuses for its list, nor with those of another list.
    const statuses = statusMap([known('the')], []);
    expect(() => coverageOf(ranked, statuses)).toThrow(MissingRankStatusesError);
    expect(() => coverageOf(ranked, statuses, rankStatusesOf(listCheck(['the']), ['the'], statuses))).toThrow(MissingRankStatusesError);
  });

  it("gives each card of one answer its own coverage, though the answer's cards share one pair of arrays", () => {
    const list = ['the', 'be', 'go', 'tide', 'harbour'];
    const other = {
      articleId: 'b',
      words: 12,
      lemmas: [
        ['be', 10],
        ['zebra', 2],
      ] as const,
    };
    const answer = encodeInventories([article, other], undefined, list);
    const cards = decodeInventoryEntries(answer);
    // Decision 55's choice (no typed-array view per card): the cards share the answer's arrays; what matters is below.
    expect(cards[0]!.ranked!.ranks).toBe(cards[1]!.ranked!.ranks);
    for (const statuses of [
      statusMap([known('the'), known('go')], []),
      statusMap([known('be'), ignored('zebra'), known('harbour')], [savedWord({ lemma: 'quay' })]),
    ]) {
      const byRank = rankStatusesOf(answer.ranked!, list, statuses);
      expect(coverageOf(cards[0]!, statuses, byRank)).toEqual(coverageOf(article, statuses));
      expect(coverageOf(cards[1]!, statuses, byRank)).toEqual(coverageOf(other, statuses));
    }
  });

  it('places the bands at 98% and 95%', () => {
    expect(bandOf(0.98)).toBe('comfortable');
    expect(bandOf(0.9799)).toBe('withHelp');
    expect(bandOf(0.95)).toBe('withHelp');
    expect(bandOf(0.9499)).toBe('hard');
    expect(coveragePercent(0.97999)).toBe(97.9);
  });

  it('is complete for an article without counted words, and knows the learning zone', () => {
    expect(coverageOf({ articleId: 'x', words: 0, lemmas: [] }, new Map()).share).toBe(1);
    const zone = coverageOf(article, statusMap([known('the'), known('go'), known('harbour'), known('tide')], []));
    expect(inLearningZone(zone)).toBe(true);
    const all = coverageOf(article, statusMap(['the', 'go', 'harbour', 'tide', 'quay'].map(known), []));
    expect(inLearningZone(all)).toBe(false);
  });

  it('sorts by fit, best first, unknown coverage last', () => {
    const shares: Record<string, number | undefined> = { a: 0.9, b: 0.99, c: undefined, d: 0.96 };
    const coverage = (id: string) =>
      shares[id] === undefined ? undefined : { share: shares[id]!, band: bandOf(shares[id]!), newWords: 1, learningWords: 0 };
    expect(byFit(['a', 'b', 'c', 'd'], coverage)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('filters by band, leaving out what is not known yet, and keeps everything for "all"', () => {
    const shares: Record<string, number | undefined> = { a: 0.9, b: 0.99, c: undefined, d: 0.96, e: 0.94 };
    const coverage = (id: string) =>
      shares[id] === undefined ? undefined : { share: shares[id]!, band: bandOf(shares[id]!), newWords: 1, learningWords: 0 };
    const ids = ['a', 'b', 'c', 'd', 'e'];
    expect(ofBand(ids, 'hard', coverage)).toEqual(['a', 'e']);
    expect(ofBand(ids, 'withHelp', coverage)).toEqual(['d']);
    expect(ofBand(ids, 'comfortable', coverage)).toEqual(['b']);
    expect(ofBand(ids, 'all', coverage)).toEqual(ids);
  });
});
