/**
 * Personal coverage: the share of an article's running words (numbers and names aside: the
 * server leaves them out of the inventory) whose lemma this learner knows, and its band.
 * Thresholds: ~98% of running words known for comfortable reading, ~95% to follow a text with
 * help (Laufer & Ravenhorst-Kalovski 2010; Nation 2006). See docs/learner-model.md.
 */
import { statusOf, type StatusMap } from './word-status';

/** An article's words as the server counts them: each lemma with how often it occurs. */
export interface LemmaInventory {
  readonly articleId: string;
  /** Running words counted (numbers and names left out). */
  readonly words: number;
  /** Lemma (lower case) and its number of occurrences; the counts add up to `words`. */
  readonly lemmas: ReadonlyArray<readonly [string, number]>;
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

export function coverageOf(inventory: LemmaInventory, statuses: StatusMap): Coverage {
  let counted = 0;
  let known = 0;
  let newWords = 0;
  let learningWords = 0;
  for (const [lemma, count] of inventory.lemmas) {
    const status = statusOf(statuses, lemma);
    if (status === 'ignored') continue;
    counted += count;
    if (status === 'known') known += count;
    else if (status === 'new') newWords += 1;
    else learningWords += 1;
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
