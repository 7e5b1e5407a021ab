// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatLongDate, formatShortDate, isoDateTime } from '../../../src/domain/dates';

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
