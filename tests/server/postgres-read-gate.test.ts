/** The PostgreSQL store's gate on reads at once (decision 48), without a database: turns, order, reads within reads, waits, a full queue, closing. */
import { describe, expect, it } from 'vitest';
import { ReadGate } from '../../server/store/postgres/postgres-read-gate';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('ReadGate', () => {
  it('runs at most its limit of reads at once, and the rest in the order they came', async () => {
    const gate = new ReadGate(2, 5000, 10, () => new Error('busy'));
    const started: number[] = [];
    const finish = [0, 1, 2, 3].map(() => deferred());
    const reads = finish.map((own, i) =>
      gate.run(async () => {
        started.push(i);
        await own.promise;
        return i;
      }),
    );
    await new Promise((done) => setTimeout(done, 10));
    expect(started).toEqual([0, 1]);
    finish[1]!.resolve();
    await reads[1];
    await new Promise((done) => setTimeout(done, 0));
    expect(started).toEqual([0, 1, 2]);
    finish[0]!.resolve();
    finish[2]!.resolve();
    finish[3]!.resolve();
    expect(await Promise.all(reads)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it('lets a read that reads again go on without a second turn (no waiting for itself)', async () => {
    const gate = new ReadGate(1, 200, 10, () => new Error('busy'));
    const answer = await gate.run(async () => 1 + (await gate.run(async () => 1)));
    expect(answer).toBe(2);
  });

  it('gives up a read that waited too long for its turn, and frees the turn of one that failed', async () => {
    const gate = new ReadGate(1, 50, 10, (why) => new Error(`the server is busy (${why})`));
    const hold = deferred();
    const first = gate.run(() => hold.promise);
    await expect(gate.run(async () => 'late')).rejects.toThrow('the server is busy (wait)');
    hold.resolve();
    await first;
    await expect(gate.run(() => Promise.reject(new Error('failed read')))).rejects.toThrow('failed read');
    expect(await gate.run(async () => 'next')).toBe('next');
  });

  it('sheds a read at once when its queue is full, and serves the ones that waited', async () => {
    const gate = new ReadGate(1, 5000, 2, (why) => new Error(`busy: ${why}`));
    const hold = deferred();
    const first = gate.run(() => hold.promise.then(() => 'first'));
    const waiting = [gate.run(async () => 'second'), gate.run(async () => 'third')];
    const shedAt = Date.now();
    await expect(gate.run(async () => 'fourth')).rejects.toThrow('busy: queue');
    expect(Date.now() - shedAt).toBeLessThan(1000);
    hold.resolve();
    expect(await Promise.all([first, ...waiting])).toEqual(['first', 'second', 'third']);
  });

  it('fails the waiting reads when closed, and every read after it', async () => {
    const gate = new ReadGate(1, 5000, 10, () => new Error('busy'));
    const hold = deferred();
    const running = gate.run(() => hold.promise.then(() => 'ran'));
    const waiting = gate.run(async () => 'never');
    gate.close(() => new Error('closed'));
    await expect(waiting).rejects.toThrow('closed');
    await expect(gate.run(async () => 'later')).rejects.toThrow('closed');
    hold.resolve();
    expect(await running).toBe('ran');
  });
});
