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
