/**
 * Personal coverage: the share of an article's running words (numbers and names aside: the
 * server leaves them out of the inventory) whose lemma this learner knows, and its band.
 * Thresholds: ~98% of running words known for comfortable reading, ~95% to follow a text with
 * help (Laufer & Ravenhorst-Kalovski 2010; Nation 2006). See docs/learner-model.md.
 */
import { statusOf, type StatusMap } from './word-status';
import type { RankTally } from '../../common/lemma-contract';
import { TALLY_COUNTED, TALLY_KNOWN, TALLY_LEARNING, TALLY_NEW } from '../../common/lemma-entries';
import {
  rankCode,
  STATUS_CODE as CODE_OF,
  STATUS_CODE_IGNORED as IGNORED,
  STATUS_CODE_KNOWN as KNOWN,
  STATUS_CODE_NEW as NEW,
  STATUS_CODE_UNSEEN as UNSEEN,
  type RankStatuses,
} from './rank-statuses';

/** An article's words as the server counts them: each lemma with how often it occurs. */
export interface LemmaInventory {
  readonly articleId: string;
  /** Running words counted (numbers and names left out). */
  readonly words: number;
  /** Lemma (lower case) and its number of occurrences; the counts add up to `words`. */
  readonly lemmas: ReadonlyArray<readonly [string, number]>;
  /**
   * The cards' answers point into a frequency list (common/lemma-contract.ts) named by `check`:
   * each entry's rank in it (for a lemma spelled out, -1 - its index in `spelled`) and its count.
   */
  readonly ranked?: {
    readonly check: string;
    readonly spelled: readonly string[];
    readonly ranks: Int32Array;
    readonly counts: Int32Array;
    /** The entries are ranks[from..to) (and their counts); without them, the whole arrays (an answer's cards share them). */
    readonly from?: number;
    readonly to?: number;
    /** The ranked entries' tally for one record of statuses by rank, made by the decode (decision 57). */
    readonly tally?: RankTally;
  };
}

export const COVERAGE_BANDS = ['comfortable', 'withHelp', 'hard'] as const;
export type CoverageBand = (typeof COVERAGE_BANDS)[number];

export const COMFORTABLE_COVERAGE = 0.98;
export const WITH_HELP_COVERAGE = 0.95;

export interface Coverage {
  /** Known running words / running words the learner counts (ignored words aside), 0–1; 1 for an article with none. */
  readonly share: number;
  readonly band: CoverageBand;
  /** Distinct lemmas of the article still new to the learner. */
  readonly newWords: number;
  /** Distinct lemmas the learner is learning (saved). */
  readonly learningWords: number;
}

export function bandOf(share: number): CoverageBand {
  if (share >= COMFORTABLE_COVERAGE) return 'comfortable';
  if (share >= WITH_HELP_COVERAGE) return 'withHelp';
  return 'hard';
}

/** Thrown when a ranked inventory comes without the learner's statuses for its frequency list. */
export class MissingRankStatusesError extends Error {
  override readonly name = 'MissingRankStatusesError';
}

/**
 * The coverage of one article for these statuses. A ranked inventory (the cards') needs `byRank`,
 * the statuses by rank of the list it points into (src/domain/rank-statuses.ts).
 */
export function coverageOf(inventory: LemmaInventory, statuses: StatusMap, byRank?: RankStatuses): Coverage {
  // Plain counters and one loop, no closure per entry: the first cards run before V8 compiles this.
  let known = 0;
  let counted = 0;
  let newWords = 0;
  let learningWords = 0;
  const ranked = inventory.ranked;
  if (ranked !== undefined) {
    // The common words' statuses read from a byte array by rank; the few spelled out by their lemma.
    if (byRank === undefined || byRank.check !== ranked.check) {
      throw new MissingRankStatusesError(`No statuses by rank for frequency list ${ranked.check}`);
    }
    const { spelled, ranks, counts, tally } = ranked;
    const to = ranked.to ?? ranks.length;
    const codes = byRank.codes;
    let from = ranked.from ?? 0;
    // The decode tallied the ranked entries for this very record (decision 57): only the spelled-out
    // ones (the last entries) are left to read. Another record (remade, or one being filled from the
    // list) reads every entry.
    if (tally !== undefined && tally.codes === codes && byRank.list === undefined) {
      const { values, at } = tally;
      known = values[at + TALLY_KNOWN]!;
      counted = values[at + TALLY_COUNTED]!;
      newWords = values[at + TALLY_NEW]!;
      learningWords = values[at + TALLY_LEARNING]!;
      let first = to;
      while (first > from && ranks[first - 1]! < 0) first -= 1;
      from = first;
    }
    for (let i = from; i < to; i += 1) {
      const rank = ranks[i]!;
      let code: number;
      if (rank >= 0) {
        code = codes[rank]!;
        if (code === UNSEEN) code = rankCode(byRank, rank, statuses);
      } else {
        code = CODE_OF[statusOf(statuses, spelled[-1 - rank]!)];
      }
      // Known first (most entries of most cards): one comparison and one read of the count; each is
      // bytecode the interpreter runs per entry on a cold page. Any other byte (a damaged stored
      // record) counts as learning: never as known.
      if (code === KNOWN) {
        const count = counts[i]!;
        known += count;
        counted += count;
      } else if (code !== IGNORED) {
        counted += counts[i]!;
        if (code === NEW) newWords += 1;
        else learningWords += 1;
      }
    }
  } else {
    // By index, not `for (const [lemma, count] of …)`: destructuring each pair makes an iterator and its results
    // until V8 optimises the loop, and that garbage once started a scavenge inside a 2,000-word article's
    // coverage (4.9 ms of a 10.7 ms run at 4× CPU, `learner-coverage.ts --trace`). Nothing is allocated per entry.
    const lemmas = inventory.lemmas;
    for (let i = 0; i < lemmas.length; i += 1) {
      const entry = lemmas[i]!;
      const count = entry[1];
      const code = CODE_OF[statusOf(statuses, entry[0])];
      if (code === IGNORED) continue;
      counted += count;
      if (code === KNOWN) known += count;
      else if (code === NEW) newWords += 1;
      else learningWords += 1;
    }
  }
  const share = counted === 0 ? 1 : known / counted;
  return { share, band: bandOf(share), newWords, learningWords };
}

/** The learner's learning zone: articles they can follow with help or read comfortably, but still learn from. */
export function inLearningZone(coverage: Coverage): boolean {
  return coverage.share >= WITH_HELP_COVERAGE && coverage.newWords > 0;
}

/** Percent as the cards print it: floored to one decimal, so 97.99% never shows as 98.0% and its band disagree. */
export function coveragePercent(share: number): number {
  return Math.floor(share * 1000) / 10;
}

/** Best fit first: comfortable, then with help, then hard, each from the highest coverage; unknown coverage last. */
export function byFit<T>(items: readonly T[], coverage: (item: T) => Coverage | undefined): T[] {
  return [...items].sort((a, b) => (coverage(b)?.share ?? -1) - (coverage(a)?.share ?? -1));
}

/** Only the items of one band ('all': every item); an item whose coverage is not known yet is left out of a band. */
export function ofBand<T>(items: readonly T[], band: CoverageBand | 'all', coverage: (item: T) => Coverage | undefined): readonly T[] {
  return band === 'all' ? items : items.filter((item) => coverage(item)?.band === band);
}
