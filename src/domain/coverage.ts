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
   * `list` (-1 for a lemma spelled out) and its count, as numbers.
   */
  readonly ranked?: { readonly list: readonly string[]; readonly ranks: Int32Array; readonly counts: Int32Array };
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

/** Per statuses and frequency list: the status of every word of the list, one byte per rank. */
const listCodes = new WeakMap<StatusMap, WeakMap<readonly string[], Uint8Array>>();

/** How many words of the list one piece of listStatusesInPieces looks up. */
const LIST_PIECE = 500;

/**
 * The learner's status of every word of a frequency list, by rank, worked out LIST_PIECE words at a
 * time (a caller on a slow phone gives the main thread back between pieces) and kept for these
 * statuses and this list: after it, coverageOf reads a card's common words from a byte array by their
 * rank, with no string looked up. A new set of statuses (a word marked) is a new map, worked out again.
 */
export function* listStatusesInPieces(list: readonly string[], statuses: StatusMap): Generator<void, Uint8Array, undefined> {
  const known = listCodes.get(statuses)?.get(list);
  if (known !== undefined) return known;
  const codes = new Uint8Array(list.length);
  for (let rank = 0; rank < list.length; rank += 1) {
    codes[rank] = CODE_OF[statusOf(statuses, list[rank]!)];
    if ((rank + 1) % LIST_PIECE === 0 && rank + 1 < list.length) yield;
  }
  let byList = listCodes.get(statuses);
  if (byList === undefined) listCodes.set(statuses, (byList = new WeakMap()));
  byList.set(list, codes);
  return codes;
}

export function coverageOf(inventory: LemmaInventory, statuses: StatusMap): Coverage {
  const counts = [0, 0, 0, 0];
  let newWords = 0;
  let learningWords = 0;
  const add = (code: number, count: number) => {
    counts[code]! += count;
    if (code === NEW) newWords += 1;
    else if (code === LEARNING) learningWords += 1;
  };
  const ranked = inventory.ranked;
  const codes = ranked === undefined ? undefined : listCodes.get(statuses)?.get(ranked.list);
  if (ranked !== undefined && codes !== undefined) {
    // The common words by rank (numbers only); the few spelled out by their lemma.
    const { ranks, counts: times } = ranked;
    for (let i = 0; i < ranks.length; i += 1) {
      const rank = ranks[i]!;
      add(rank >= 0 ? codes[rank]! : CODE_OF[statusOf(statuses, inventory.lemmas[i]![0])], times[i]!);
    }
  } else {
    for (const [lemma, count] of inventory.lemmas) add(CODE_OF[statusOf(statuses, lemma)], count);
  }
  const known = counts[KNOWN]!;
  const counted = known + counts[NEW]! + counts[LEARNING]!;
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
