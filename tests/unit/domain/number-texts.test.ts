// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { percentText } from '../../../src/domain/learner-texts';
import { coveragePercent } from '../../../src/domain/coverage';
import { formatCount, formatResultTotal } from '../../../src/domain/number-format';

const LOCALES = { en: 'en-US', zh: 'zh-CN', es: 'es-ES' } as const;

describe('percentText', () => {
  it('writes a percent as the page language does, to a tenth', () => {
    expect(percentText(96.5, 'zh')).toBe('96.5');
    expect(percentText(96.5, 'es')).toBe('96,5');
    expect(percentText(98, 'es')).toBe('98');
    expect(percentText(100, 'en')).toBe('100');
    expect(percentText(0, 'zh')).toBe('0');
  });

  it('gives what Intl gives for every coverage percent and for arbitrary shares, in each language', () => {
    const values = [
      ...Array.from({ length: 1001 }, (_, index) => coveragePercent(index / 1000)),
      ...Array.from({ length: 2000 }, (_, index) => (index * 0.0497) % 100),
      ...Array.from({ length: 500 }, (_, index) => coveragePercent(index / 499)),
    ];
    for (const [language, locale] of Object.entries(LOCALES) as Array<[keyof typeof LOCALES, string]>) {
      const differing = values.filter(
        (value) => percentText(value, language) !== value.toLocaleString(locale, { maximumFractionDigits: 1 }),
      );
      expect(differing).toEqual([]);
    }
  });

  it('leaves numbers outside a percent to Intl', () => {
    expect(percentText(1234.5, 'en')).toBe('1,234.5');
    expect(percentText(-2.5, 'es')).toBe((-2.5).toLocaleString('es-ES', { maximumFractionDigits: 1 }));
  });
});

describe('formatCount', () => {
  it('groups whole numbers as each page language does', () => {
    expect(formatCount(1234, 'en-US')).toBe('1,234');
    expect(formatCount(1234, 'zh-CN')).toBe('1,234');
    expect(formatCount(1234, 'es-ES')).toBe('1234');
    expect(formatCount(12345, 'es-ES')).toBe('12.345');
    expect(formatCount(1234567, 'en-US')).toBe('1,234,567');
    expect(formatResultTotal(25000, 'es-ES')).toBe('10.000+');
  });

  it('gives what Intl gives from 0 to past a billion, in each page locale', () => {
    const values = [
      ...Array.from({ length: 20001 }, (_, index) => index),
      ...Array.from({ length: 3000 }, (_, index) => Math.floor(1.0071 ** (index + 1))),
      Number.MAX_SAFE_INTEGER,
    ];
    for (const locale of Object.values(LOCALES)) {
      const differing = values.filter((value) => formatCount(value, locale) !== value.toLocaleString(locale));
      expect(differing).toEqual([]);
    }
  });

  it('leaves other locales, fractions and negative numbers to Intl', () => {
    expect(formatCount(1234567, 'de-DE')).toBe((1234567).toLocaleString('de-DE'));
    expect(formatCount(1234.5, 'en-US')).toBe('1,234.5');
    expect(formatCount(-12345, 'es-ES')).toBe((-12345).toLocaleString('es-ES'));
  });
});
