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

const ENGLISH_MONTHS = 'January February March April May June July August September October November December'.split(' ');
const SPANISH_MONTHS = 'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'.split(' ');

/**
 * A UTC date as Intl writes it in the page languages (unit tests compare every day of several years), without Intl:
 * a page's first Intl format loads the locale's data, 12–17 ms of one hydration slice at 1× CPU on home, list and the
 * article (issue 33, decision 53). Years outside 1000–9999, which the tests do not cover, go to Intl.
 */
function writtenOut(date: Date, locale: string, dateStyle: 'long' | 'medium'): string | undefined {
  const year = date.getUTCFullYear();
  if (year < 1000 || year > 9999) return undefined;
  const month = date.getUTCMonth();
  const day = date.getUTCDate();
  if (locale === 'zh-CN') return `${year}年${month + 1}月${day}日`;
  if (locale === 'en-US') return `${dateStyle === 'long' ? ENGLISH_MONTHS[month] : ENGLISH_MONTHS[month]!.slice(0, 3)} ${day}, ${year}`;
  if (locale !== 'es-ES') return undefined;
  if (dateStyle === 'long') return `${day} de ${SPANISH_MONTHS[month]} de ${year}`;
  return `${day} ${SPANISH_MONTHS[month]!.slice(0, month === 8 ? 4 : 3)} ${year}`;
}

function format(iso: string, language: TextLanguage, dateStyle: 'long' | 'medium'): string {
  const date = parseDate(iso);
  if (date === undefined) return iso;
  const locale = DATE_LOCALES[language] ?? DATE_LOCALES.en;
  return writtenOut(date, locale, dateStyle) ?? formatterFor(locale, dateStyle).format(date);
}

/** E.g. 'March 5, 2024', '2024年3月5日', '5 de marzo de 2024'; an unreadable date is shown as given. */
export function formatLongDate(iso: string, language: TextLanguage): string {
  return format(iso, language, 'long');
}

/** E.g. 'Mar 5, 2024', '2024年3月5日', '5 mar 2024' for the cards; an unreadable date is shown as given. */
export function formatShortDate(iso: string, language: TextLanguage): string {
  return format(iso, language, 'medium');
}

/** Machine-readable date for <time dateTime>; undefined when the date cannot be read. */
export function isoDateTime(iso: string): string | undefined {
  return parseDate(iso)?.toISOString();
}
