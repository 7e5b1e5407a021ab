import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToMain } from '../../../src/platform/main-thread';

/** Whether `promise` is still pending after every microtask queued so far (and many more) has run. */
async function pendingAfterMicrotasks(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let i = 0; i < 20; i++) await Promise.resolve();
  return !settled;
}

describe('yieldToMain', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('resolves in a later task, not within the current one, where there is no scheduler.yield', async () => {
    vi.stubGlobal('scheduler', undefined);
    const yielded = yieldToMain();
    expect(await pendingAfterMicrotasks(yielded)).toBe(true);
    await expect(yielded).resolves.toBeUndefined();
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await yieldToMain();
    expect(schedulerYield).toHaveBeenCalledTimes(1);
  });
});
