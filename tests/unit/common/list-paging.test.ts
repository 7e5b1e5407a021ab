import { describe, expect, it } from 'vitest';
import { listPageCount, LIST_PAGE_SIZE, MAX_LIST_PAGES } from '../../../common/list-paging';
import { QUERY_LIMITS } from '../../../common/contract';

describe('the list address page count', () => {
  it('reads a whole number from 1, the first page for anything else, and at most the most', () => {
    expect(listPageCount(null)).toBe(1);
    expect(listPageCount('3')).toBe(3);
    for (const odd of ['', '0', '-2', 'two', 'x2']) expect(listPageCount(odd), odd).toBe(1);
    // Read as parseInt reads: the whole number it starts with.
    expect(listPageCount('2.5')).toBe(2);
    expect(listPageCount('999')).toBe(MAX_LIST_PAGES);
  });

  it("never asks for more than the API's largest page", () => {
    expect(MAX_LIST_PAGES * LIST_PAGE_SIZE).toBeLessThanOrEqual(QUERY_LIMITS.limitMax);
  });
});
