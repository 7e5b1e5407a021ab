/**
 * Dates in the reader's page language. Article dates are always in UTC so every reader sees the
 * same day; the learner's own dates (a word saved, a review due, an export's file name) are in
 * the learner's time zone, because they are about the learner's day.
 */
import { DATE_LOCALES, type TextLanguage } from '../../common/languages';

function parseDate(iso: string): Date | undefined {
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

// One per locale and zone, for the same reason as above: the words page shows two dates a word.
const localFormatters = new Map<string, Intl.DateTimeFormat>();

function localFormatter(locale: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone ?? ''}`;
  let formatter = localFormatters.get(key);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'long', ...(timeZone === undefined ? {} : { timeZone }) });
    localFormatters.set(key, formatter);
  }
  return formatter;
}

/**
 * E.g. 'March 5, 2024' on the learner's calendar: timeZone defaults to the browser's own. An
 * unreadable date is shown as given.
 */
export function formatLocalDate(iso: string, language: TextLanguage, timeZone?: string): string {
  const date = parseDate(iso);
  if (date === undefined) return iso;
  return localFormatter(DATE_LOCALES[language] ?? DATE_LOCALES.en, timeZone).format(date);
}

/** The learner's day as YYYY-MM-DD (for file names); timeZone defaults to the browser's own. */
export function localDayStamp(date: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(timeZone === undefined ? {} : { timeZone }),
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
