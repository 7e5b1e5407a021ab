/** Article dates, shown in the reader's page language and always in UTC so every reader sees the same day. */
import { DATE_LOCALES, type TextLanguage } from './languages';

function parseDate(iso: string): Date | undefined {
  if (typeof iso !== 'string' || iso.trim() === '') return undefined;
  const date = new Date(iso.trim());
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function format(iso: string, language: TextLanguage, dateStyle: 'long' | 'medium'): string {
  const date = parseDate(iso);
  if (date === undefined) return iso;
  const locale = DATE_LOCALES[language] ?? DATE_LOCALES.en;
  return new Intl.DateTimeFormat(locale, { dateStyle, timeZone: 'UTC' }).format(date);
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
