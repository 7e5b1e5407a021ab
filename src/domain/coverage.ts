/**
 * Personal coverage: the share of an article's running words (numbers and names aside: the
 * server leaves them out of the inventory) whose lemma this learner knows, and its band.
 * Thresholds: ~98% of running words known for comfortable reading, ~95% to follow a text with
 * help (Laufer & Ravenhorst-Kalovski 2010; Nation 2006). See docs/learner-model.md.
 */
import { statusOf, type StatusMap, type WordStatus } from './word-status';

/** An article's words as the server counts them: each lemma with how often it occurs. */
export interface LemmaInventory {
  readonly articleId: string;
  /** Running words counted (numbers and names left out). */
  readonly words: number;
  /** Lemma (lower case) and its number of occurrences; the counts add up to `words`. */
  readonly lemmas: ReadonlyArray<readonly [string, number]>;
  /**
   * The cards' answers point into a frequency list (common/lemma-contract.ts): each entry's rank in
   * `list` (for a lemma spelled out, -1 - its index in `spelled`) and its count, as numbers.
   */
  readonly ranked?: {
    readonly list: readonly string[];
    readonly spelled: readonly string[];
    readonly ranks: Int32Array;
    readonly counts: Int32Array;
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

const NEW = 0;
const LEARNING = 1;
const KNOWN = 2;
const IGNORED = 3;
const CODE_OF: Readonly<Record<WordStatus, number>> = { new: NEW, learning: LEARNING, known: KNOWN, ignored: IGNORED };

/** A rank of the list whose status has not been looked up yet. */
const UNSEEN = 255;

/** Per statuses and frequency list: the status of each word of the list looked up so far, one byte per rank. */
const listCodes = new WeakMap<StatusMap, WeakMap<readonly string[], Uint8Array>>();

/**
 * The status codes of a frequency list's words for these statuses, filled in as cards need them:
 * a rank is looked up (by string) the first time a card has it, then read as a byte. Not the whole
 * list up front: 20 cards have about 2,000 of its 10,000 words. A new set of statuses (a word
 * marked) is a new map, and starts again.
 */
function codesFor(statuses: StatusMap, list: readonly string[]): Uint8Array {
  let byList = listCodes.get(statuses);
  if (byList === undefined) listCodes.set(statuses, (byList = new WeakMap()));
  let codes = byList.get(list);
  if (codes === undefined) byList.set(list, (codes = new Uint8Array(list.length).fill(UNSEEN)));
  return codes;
}

export function coverageOf(inventory: LemmaInventory, statuses: StatusMap): Coverage {
  // Plain counters and one loop, no closure per entry: the first cards run before V8 compiles this.
  let known = 0;
  let counted = 0;
  let newWords = 0;
  let learningWords = 0;
  const ranked = inventory.ranked;
  if (ranked !== undefined) {
    // The common words by rank, their status read from a byte array; the few spelled out by their lemma.
    const { list, spelled, ranks, counts } = ranked;
    const codes = codesFor(statuses, list);
    for (let i = 0; i < ranks.length; i += 1) {
      const rank = ranks[i]!;
      let code: number;
      if (rank >= 0) {
        code = codes[rank]!;
        if (code === UNSEEN) code = codes[rank] = CODE_OF[statusOf(statuses, list[rank]!)];
      } else {
        code = CODE_OF[statusOf(statuses, spelled[-1 - rank]!)];
      }
      if (code === IGNORED) continue;
      counted += counts[i]!;
      if (code === KNOWN) known += counts[i]!;
      else if (code === NEW) newWords += 1;
      else learningWords += 1;
    }
  } else {
    for (const [lemma, count] of inventory.lemmas) {
      const code = CODE_OF[statusOf(statuses, lemma)];
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
