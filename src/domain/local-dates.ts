/**
 * Dates on the learner's own calendar (the saved words' dates, the export's file name), apart from
 * dates.ts because only the lazily loaded words and review code uses them: article dates are UTC.
 */
import { DATE_LOCALES, type TextLanguage } from '../../common/languages';
import { parseDate } from './dates';

// One per locale and zone, so that the words page shows two dates a word.
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

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The learner's day as YYYY-MM-DD (for file names and the progress chart); timeZone defaults to the browser's own.
 * The browser's own zone is read from the date's local fields, without Intl: a page's first Intl format loads the
 * locale's data in one long task (the progress page's first render, issue 33); another zone goes through one
 * formatter per zone, built once.
 */
export function localDayStamp(date: Date, timeZone?: string): string {
  if (timeZone === undefined) {
    if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
    const twoDigits = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
  }
  let formatter = dayFormatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
    dayFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
