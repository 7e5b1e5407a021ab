/**
 * Dates in the reader's page language. Article dates are always in UTC so every reader sees the
 * same day; the learner's own dates (a word saved, a review due, an export's file name) are in
 * the learner's time zone, because they are about the learner's day.
 */
import { DATE_LOCALES, type TextLanguage } from '../../common/languages';

export function parseDate(iso: string): Date | undefined {
  if (typeof iso !== 'string' || iso.trim() === '') return undefined;
  const date = new Date(iso.trim());
  return Number.isNaN(date.getTime()) ? undefined : date;
}

// Building an Intl.DateTimeFormat costs far more than using one (about 1 ms each on a desktop,
// several on a slow phone), and a list page formats twenty dates per render; so one per style.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(locale: string, dateStyle: 'long' | 'medium'): Intl.DateTimeFormat {
  const key = `${locale} ${dateStyle}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle, timeZone: 'UTC' });
    formatters.set(key, formatter);
  }
  return formatter;
}

function format(iso: string, language: TextLanguage, dateStyle: 'long' | 'medium'): string {
  const date = parseDate(iso);
  if (date === undefined) return iso;
  return formatterFor(DATE_LOCALES[language] ?? DATE_LOCALES.en, dateStyle).format(date);
}

/** E.g. 'March 5, 2024', '2024年3月5日', '5 de marzo de 2024'; an unreadable date is shown as given. */
export function formatLongDate(iso: string, language: TextLanguage): string {
  return format(iso, language, 'long');
}

/** E.g. 'Mar 5, 2024', '2024年3月5日', '5 mar 2024' for the cards; an unreadable date is shown as given. */
export function formatShortDate(iso: string, language: TextLanguage): string {
  return format(iso, language, 'medium');
}

/**
 * Builds the page language's card formatter ahead of time. The first formatter of a locale loads
 * its locale data, the largest single cost of rendering a list; done while the list request is
 * in flight, it no longer lengthens the task that renders the cards.
 */
export function prepareShortDates(language: TextLanguage): void {
  formatterFor(DATE_LOCALES[language] ?? DATE_LOCALES.en, 'medium');
}

/** Machine-readable date for <time dateTime>; undefined when the date cannot be read. */
export function isoDateTime(iso: string): string | undefined {
  return parseDate(iso)?.toISOString();
}
