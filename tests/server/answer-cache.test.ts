// @vitest-environment node
/**
 * The answer cache: kept from the second ask, dropped on a new data version, bounded.
 */
import { describe, expect, it } from 'vitest';
import { AnswerCache } from '../../server/http/prepared-answers';

describe('AnswerCache', () => {
  it('keeps an answer once its key is asked a second time, with the ETag of its JSON', () => {
    const cache = new AnswerCache(10);
    const first = cache.put('a', 1, { n: 1 });
    expect(cache.get('a', 1)).toBeUndefined();
    cache.put('a', 1, { n: 1 });
    expect(cache.get('a', 1)).toEqual(first);
    expect(first.json).toBe('{"n":1}');
  });

  it('answers nothing for another data version, and forgets everything when a newer one is filed', () => {
    const cache = new AnswerCache(10);
    cache.put('a', 1, 'x');
    cache.put('a', 1, 'x');
    expect(cache.get('a', 2)).toBeUndefined();
    cache.put('b', 2, 'y');
    cache.put('b', 2, 'y');
    expect(cache.get('a', 1)).toBeUndefined();
    // An answer computed from older data never replaces the newer version's entries.
    cache.put('c', 1, 'z');
    expect(cache.get('b', 2)?.json).toBe('"y"');
  });

  it('drops the least recently used answers beyond its size, and keeps nothing when sized 0', () => {
    const cache = new AnswerCache(2);
    for (const key of ['a', 'b', 'a', 'b']) cache.put(key, 1, key);
    cache.get('a', 1);
    cache.put('c', 1, 'c');
    cache.put('c', 1, 'c');
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)?.json).toBe('"a"');
    const off = new AnswerCache(0);
    off.put('a', 1, 'a');
    off.put('a', 1, 'a');
    expect(off.get('a', 1)).toBeUndefined();
  });
});
