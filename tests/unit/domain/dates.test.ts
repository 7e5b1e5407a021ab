// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatLongDate, formatShortDate, isoDateTime } from '../../../src/domain/dates';
import { formatLocalDate, localDayStamp } from '../../../src/domain/local-dates';

describe('article dates', () => {
  it('formats the long date in the three page languages', () => {
    expect(formatLongDate('2024-03-05T10:00:00Z', 'en')).toBe('March 5, 2024');
    expect(formatLongDate('2024-03-05T10:00:00Z', 'zh')).toBe('2024年3月5日');
    expect(formatLongDate('2024-03-05T10:00:00Z', 'es')).toBe('5 de marzo de 2024');
  });

  it('formats the short date for cards', () => {
    expect(formatShortDate('2024-03-05T10:00:00Z', 'en')).toBe('Mar 5, 2024');
    expect(formatShortDate('2024-03-05T10:00:00Z', 'zh')).toBe('2024年3月5日');
    expect(formatShortDate('2024-03-05T10:00:00Z', 'es')).toBe('5 mar 2024');
  });

  it('writes every day of forty years as Intl does, in each page language and style, and far years through Intl', () => {
    const start = Date.parse('1999-12-25T13:00:00.000Z');
    const days = Array.from({ length: 366 * 40 }, (_, index) => new Date(start + index * 86_400_000).toISOString());
    for (const [language, locale] of [
      ['en', 'en-US'],
      ['zh', 'zh-CN'],
      ['es', 'es-ES'],
    ] as const) {
      const long = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
      const medium = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
      expect(days.filter((iso) => formatLongDate(iso, language) !== long.format(new Date(iso)))).toEqual([]);
      expect(days.filter((iso) => formatShortDate(iso, language) !== medium.format(new Date(iso)))).toEqual([]);
      for (const far of ['0999-06-01T00:00:00Z', '+010000-06-01T00:00:00Z'])
        expect(formatLongDate(far, language)).toBe(long.format(new Date(far)));
    }
  });

  it('uses the UTC day, whatever the offset in the source string', () => {
    expect(formatLongDate('2024-03-05T23:30:00-05:00', 'en')).toBe('March 6, 2024');
    expect(formatLongDate('2024-12-31', 'en')).toBe('December 31, 2024');
  });

  it('shows an unreadable date as given', () => {
    expect(formatLongDate('yesterday-ish', 'en')).toBe('yesterday-ish');
    expect(formatShortDate('', 'zh')).toBe('');
    expect(isoDateTime('nonsense')).toBeUndefined();
    expect(isoDateTime('2024-03-05T10:00:00Z')).toBe('2024-03-05T10:00:00.000Z');
  });
});

describe('the learner’s own dates', () => {
  it('shows an instant late on a UTC day as the next day for a learner in Shanghai, in the page language', () => {
    const late = '2026-03-05T20:30:00.000Z';
    expect(formatLocalDate(late, 'en', 'UTC')).toBe('March 5, 2026');
    expect(formatLocalDate(late, 'en', 'Asia/Shanghai')).toBe('March 6, 2026');
    expect(formatLocalDate(late, 'zh', 'Asia/Shanghai')).toBe('2026年3月6日');
    expect(formatLocalDate(late, 'es', 'Asia/Shanghai')).toBe('6 de marzo de 2026');
    expect(formatLocalDate('2026-03-05T03:00:00.000Z', 'en', 'America/Mexico_City')).toBe('March 4, 2026');
    expect(formatLocalDate('not a date', 'en')).toBe('not a date');
  });

  it('names the learner’s day for a file name', () => {
    expect(localDayStamp(new Date('2026-03-05T20:30:00.000Z'), 'UTC')).toBe('2026-03-05');
    expect(localDayStamp(new Date('2026-03-05T20:30:00.000Z'), 'Asia/Shanghai')).toBe('2026-03-06');
    expect(localDayStamp(new Date('2026-12-31T23:59:00.000Z'), 'Asia/Shanghai')).toBe('2027-01-01');
  });

  it('names the day in the browser’s own zone as Intl does, hour by hour across two years, in zones either side of UTC', () => {
    const start = Date.parse('2025-12-30T00:00:00.000Z');
    const hours = Array.from({ length: 2 * 366 * 24 }, (_, index) => new Date(start + index * 3_600_000 + 1_234));
    const zone = process.env.TZ;
    try {
      // Zones with daylight saving south of the equator, a half-hour offset, and UTC+14: in UTC alone a stamp read
      // from the date's UTC fields would pass too.
      for (const each of ['America/Santiago', 'Asia/Kolkata', 'Pacific/Kiritimati', 'Europe/Madrid']) {
        process.env.TZ = each;
        const own = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' });
        const byIntl = (date: Date) => {
          const parts = own.formatToParts(date);
          const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((one) => one.type === type)?.value ?? '';
          return `${part('year')}-${part('month')}-${part('day')}`;
        };
        // The zone is taken: none of these is at UTC's offset in January.
        expect(new Date('2026-01-15T00:00:00.000Z').getTimezoneOffset(), each).not.toBe(0);
        expect(
          hours.filter((date) => localDayStamp(date) !== byIntl(date)),
          each,
        ).toEqual([]);
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    expect(() => localDayStamp(new Date('not a date'))).toThrow(RangeError);
  });
});
