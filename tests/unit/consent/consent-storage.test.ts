// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { parseConsentRecord } from '../../../src/domain/consent-record';
import { createConsentStore } from '../../../src/platform/consent-store';
import { browserLocalStorage } from '../../../src/platform/storage';

describe('consent record', () => {
  it('accepts exactly { essential: true, analytics: boolean }', () => {
    expect(parseConsentRecord('{"essential":true,"analytics":true}')).toEqual({ essential: true, analytics: true });
    expect(parseConsentRecord('{"essential":true,"analytics":false,"extra":1}')).toEqual({ essential: true, analytics: false });
  });

  it.each([
    null,
    '',
    'undefined',
    '{',
    'true',
    '1',
    '[]',
    '{}',
    '{"essential":false,"analytics":true}',
    '{"essential":true,"analytics":1}',
  ])('treats %j as no choice', (stored) => {
    expect(parseConsentRecord(stored)).toBeNull();
  });
});

describe('consent store over localStorage', () => {
  afterEach(() => localStorage.clear());

  it('saves under cookie-consent and reads it back', () => {
    const store = createConsentStore(browserLocalStorage());
    expect(store.load()).toBeNull();
    expect(store.save({ essential: true, analytics: false })).toBe(true);
    expect(JSON.parse(localStorage.getItem('cookie-consent') ?? '')).toEqual({ essential: true, analytics: false });
    expect(store.load()).toEqual({ essential: true, analytics: false });
  });

  it('never throws when storage is unavailable', () => {
    const hostile = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;
    const storage = browserLocalStorage(() => hostile);
    expect(storage.get('cookie-consent')).toBeNull();
    expect(storage.set('cookie-consent', 'x')).toBe(false);
    expect(() => storage.remove('cookie-consent')).not.toThrow();
    const throwingAccess = browserLocalStorage(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(createConsentStore(throwingAccess).load()).toBeNull();
    expect(createConsentStore(throwingAccess).save({ essential: true, analytics: true })).toBe(false);
  });
});
