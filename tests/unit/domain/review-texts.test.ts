// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDue, formatInterval, REVIEW_TEXTS } from '../../../src/domain/review-texts';

describe('intervals and due dates in the page language', () => {
  const MINUTE = 60_000;
  const DAY = 24 * 60 * MINUTE;
  it.each([
    [30_000, '1 minute', '1分钟', '1 minuto'],
    [10 * MINUTE, '10 minutes', '10分钟', '10 minutos'],
    [3 * 60 * MINUTE, '3 hours', '3小时', '3 horas'],
    [3 * DAY, '3 days', '3天', '3 días'],
    [64 * DAY, '2.1 months', '2.1个月', '2,1 meses'],
    [400 * DAY, '1.1 years', '1.1年', '1,1 años'],
  ])('%d ms', (ms, en, zh, es) => {
    expect(formatInterval(ms, 'en')).toBe(en);
    expect(formatInterval(ms, 'zh')).toBe(zh);
    expect(formatInterval(ms, 'es')).toBe(es);
  });

  it('formats the next due date with the time, in the given time zone', () => {
    // ICU versions differ in the joiner ("at", ","), not in the parts.
    expect(formatDue('2026-03-12T09:05:00.000Z', 'en', 'UTC')).toMatch(/^March 12, 2026\D+9:05\sAM$/);
    expect(formatDue('2026-03-12T09:05:00.000Z', 'zh', 'UTC')).toMatch(/^2026年3月12日\s*09:05$/);
    expect(formatDue('2026-03-12T09:05:00.000Z', 'es', 'UTC')).toMatch(/^12 de marzo de 2026\D+9:05$/);
    expect(formatDue('2026-03-12T23:30:00.000Z', 'en', 'Asia/Shanghai')).toMatch(/^March 13, 2026\D+7:30\sAM$/);
    expect(formatDue('not a date', 'en')).toBe('not a date');
  });

  it('has every text in the three languages', () => {
    const keys = Object.keys(REVIEW_TEXTS.en).sort();
    expect(Object.keys(REVIEW_TEXTS.zh).sort()).toEqual(keys);
    expect(Object.keys(REVIEW_TEXTS.es).sort()).toEqual(keys);
    expect(REVIEW_TEXTS.es.reviewed(1)).toBe('Has repasado 1 palabra.');
  });
});
