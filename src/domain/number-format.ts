/** Locale-aware whole numbers ("1,234", "1.234") for the page texts. */

// toLocaleString builds a new number formatter on every call; cards call it once each.
const countFormats = new Map<string, Intl.NumberFormat>();

export function formatCount(count: number, locale: string): string {
  let formatter = countFormats.get(locale);
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat(locale);
    countFormats.set(locale, formatter);
  }
  return formatter.format(count);
}

/**
 * Result totals from 10,000 up are shown as "10,000+": past that a learner refines the search
 * rather than counts, and the server may stop counting there (an exact count of a very common
 * word costs a scan of the whole index), so the text stays true either way.
 */
export const RESULT_COUNT_CAP = 10_000;

/** `capped`: the server counted no further than `total` (it counts as far as the page needs). */
export function formatResultTotal(total: number, locale: string, capped = false): string {
  if (total >= RESULT_COUNT_CAP) return `${formatCount(RESULT_COUNT_CAP, locale)}+`;
  return capped ? `${formatCount(total, locale)}+` : formatCount(total, locale);
}

/**
 * Builds the locale's number formatter ahead of the cards that use it, as prepareShortDates does
 * for dates. Called from the list routes, it also keeps this module in the entry chunk, which every
 * language's texts import it from (otherwise the bundler gives it a file of its own).
 */
export function prepareCounts(locale: string): void {
  formatCount(0, locale);
}
