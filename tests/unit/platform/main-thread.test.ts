import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToMain } from '../../../src/platform/main-thread';

describe('yieldToMain', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lets work already queued on the event loop run before it resolves, where there is no scheduler.yield', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    const yielded = yieldToMain().then(() => order.push('after the yield'));
    await Promise.resolve();
    expect(order).toEqual([]);
    await yielded;
    expect(order).toEqual(['queued task', 'after the yield']);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await yieldToMain();
    expect(schedulerYield).toHaveBeenCalledTimes(1);
  });
});
