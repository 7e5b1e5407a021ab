/** Locale-aware whole numbers ("1,234", "1.234") for the page texts. */

/**
 * The page languages' grouping, as CLDR gives it: a separator every three digits, from `minimumDigits` digits on (Spanish
 * writes 1234 but 12.345). Written out rather than with Intl: a page's first Intl number format loads the locale's data,
 * 50–80 ms of one task at 4× CPU (scripts/bench/page-tasks.ts on the article page; the word entry's first frequency rank).
 */
const PAGE_GROUPING: Readonly<Record<string, { separator: string; minimumDigits: number }>> = {
  'en-US': { separator: ',', minimumDigits: 4 },
  'zh-CN': { separator: ',', minimumDigits: 4 },
  'es-ES': { separator: '.', minimumDigits: 5 },
};

// Other locales and numbers: toLocaleString builds a new number formatter on every call; cards call it once each.
const countFormats = new Map<string, Intl.NumberFormat>();

export function formatCount(count: number, locale: string): string {
  const grouping = PAGE_GROUPING[locale];
  if (grouping !== undefined && Number.isSafeInteger(count) && count >= 0) {
    const digits = String(count);
    if (digits.length < grouping.minimumDigits) return digits;
    const head = digits.length % 3 || 3;
    let text = digits.slice(0, head);
    for (let at = head; at < digits.length; at += 3) text += grouping.separator + digits.slice(at, at + 3);
    return text;
  }
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
 * Builds the locale's number formatter ahead of the cards that use it (nothing to build for the page languages, whose
 * counts are written out). Called from the list routes, it also keeps this module in
 * the entry chunk, which every language's texts import it from (otherwise the bundler gives it a file of its own).
 */
export function prepareCounts(locale: string): void {
  formatCount(0, locale);
}
