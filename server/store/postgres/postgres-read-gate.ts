/**
 * How many of this node's reads run on PostgreSQL at once (DATABASE_READ_CONCURRENCY, decision 48; by default the
 * CPUs when PostgreSQL is on this machine, else the pool's size: server/config.ts). The pool keeps its connections
 * (writes, advisory locks and the passes need them); reads past the limit wait here, first come first served, instead
 * of as runnable backends beside the node's event loop and the backend that answers /api/health. A read that itself
 * reads (search asks the article count) goes through without a second turn. Like SQLite's read pool, the wait is
 * bounded both ways: past `maxWaiting` waiting reads a new one is shed at once, and a read that waits `waitMs` is shed.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface Waiter {
  readonly go: () => void;
  readonly fail: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

export class ReadGate {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private readonly inside = new AsyncLocalStorage<true>();
  private closedWith: (() => Error) | undefined;

  /**
   * @param limit reads at once
   * @param waitMs longest a read waits for its turn before `shed` is thrown (as the pool's wait for a connection)
   * @param maxWaiting reads that may wait at once; one more is shed at once
   * @param shed the error a shed read gets (why: `queue` full or `wait` too long)
   */
  constructor(
    readonly limit: number,
    private readonly waitMs: number,
    private readonly maxWaiting: number,
    private readonly shed: (why: 'queue' | 'wait') => Error,
  ) {}

  async run<T>(read: () => Promise<T>): Promise<T> {
    if (this.inside.getStore()) return read();
    if (this.closedWith) throw this.closedWith();
    if (this.running >= this.limit) await this.turn();
    else this.running += 1;
    try {
      return await this.inside.run(true, read);
    } finally {
      const next = this.waiting.shift();
      // The turn passes straight to the next reader: `running` stays as it is.
      if (next) next.go();
      else this.running -= 1;
    }
  }

  /** Every waiting read fails with `error` (the store is closing), and so does every later one. */
  close(error: () => Error): void {
    this.closedWith = error;
    for (const waiter of this.waiting.splice(0)) waiter.fail(error());
  }

  private turn(): Promise<void> {
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(this.shed('queue'));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        go: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        fail: (error) => {
          clearTimeout(waiter.timer);
          reject(error);
        },
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(this.shed('wait'));
        }, this.waitMs),
      };
      this.waiting.push(waiter);
    });
  }
}
