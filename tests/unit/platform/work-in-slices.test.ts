import { afterEach, describe, expect, it, vi } from 'vitest';
import { fillInSlices, SLICE_MS } from '../../../src/platform/work-in-slices';

/** Steps that each take `msEach` of the page's clock (performance.now, stubbed), noting the task each ran in. */
function* timedSteps(count: number, msEach: number, clock: { now: number }, tasks: number[], task: { id: number }) {
  for (let i = 0; i < count; i += 1) {
    clock.now += msEach;
    tasks.push(task.id);
    yield;
  }
  return `done after ${count}`;
}

describe('fillInSlices', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('runs every step, at most SLICE_MS of them in one task, and resolves with what the steps return', async () => {
    const clock = { now: 0 };
    vi.spyOn(performance, 'now').mockImplementation(() => clock.now);
    // Each yield to the main thread starts a new task: counted through scheduler.yield.
    const task = { id: 0 };
    vi.stubGlobal('scheduler', { yield: () => Promise.resolve().then(() => (task.id += 1)) });
    const tasks: number[] = [];
    const result = await fillInSlices(timedSteps(10, 1, clock, tasks, task), new AbortController().signal);
    expect(result).toBe('done after 10');
    expect(tasks).toHaveLength(10);
    // Never more than SLICE_MS ms (steps of 1 ms) in one task, and never in the caller's task (0).
    const perTask = new Map<number, number>();
    for (const id of tasks) perTask.set(id, (perTask.get(id) ?? 0) + 1);
    expect(perTask.has(0)).toBe(false);
    expect(Math.max(...perTask.values())).toBe(SLICE_MS);
    expect(perTask.size).toBe(Math.ceil(10 / SLICE_MS));
  });

  it('stops before the next step once aborted, and resolves with nothing', async () => {
    const clock = { now: 0 };
    vi.spyOn(performance, 'now').mockImplementation(() => clock.now);
    const controller = new AbortController();
    const tasks: number[] = [];
    const steps = timedSteps(100, 1, clock, tasks, { id: 1 });
    const filling = fillInSlices(steps, controller.signal);
    controller.abort();
    await expect(filling).resolves.toBeUndefined();
    expect(tasks).toHaveLength(0);
  });
});
