/**
 * How many of this node's reads run on PostgreSQL at once (DATABASE_READ_CONCURRENCY, decision 48; by default the
 * pool's size, so no fewer than before). The pool keeps its connections (writes, advisory locks and the passes need
 * them); reads past the limit wait here, first come first served, instead of as runnable backends beside the node's
 * event loop and the backend that answers /api/health. A read that itself reads (search asks the article count)
 * goes through without a second turn.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export class ReadGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly inside = new AsyncLocalStorage<true>();

  /**
   * @param limit reads at once
   * @param waitMs longest a read waits for its turn before `timedOut` is thrown (as the pool's wait for a connection)
   */
  constructor(
    readonly limit: number,
    private readonly waitMs: number,
    private readonly timedOut: () => Error,
  ) {}

  async run<T>(read: () => Promise<T>): Promise<T> {
    if (this.inside.getStore()) return read();
    if (this.running >= this.limit) await this.turn();
    else this.running += 1;
    try {
      return await this.inside.run(true, read);
    } finally {
      const next = this.waiting.shift();
      // The turn passes straight to the next reader: `running` stays as it is.
      if (next) next();
      else this.running -= 1;
    }
  }

  private turn(): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(go);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(this.timedOut());
      }, this.waitMs);
      const go = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiting.push(go);
    });
  }
}
