/**
 * Passes over stored content (dictionary glosses, then article pages) run after the server listens, never
 * before: a database of any size is served at once (docs/server.md, "Content passes"; docs/decisions.md, 20).
 *
 * Each pass walks the articles in store order in small batches. A batch is sized to take about `batchMs` of the
 * event loop (rendering one article's pages takes a few milliseconds), is written in one short transaction, and
 * is followed by a yield; while requests are in flight the next batch waits for them, up to `maxWaitMs`, so
 * readers go first and the pass still moves under constant load. After every batch the pass records its
 * position (`<name>:progress` in content_passes), so a server killed part-way resumes after the last finished
 * batch; when a pass ends it records its version under its own name, as the start-up passes always did.
 * Until an article's page is refreshed, reads render it on the fly (the fallback renderer), never an error.
 */
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { ArticleStore, SettledOrLater } from '../store/article-store';

/** What the passes need of a store (both stores, through ArticleStore). */
export type PassesStore = SettledOrLater<
  Pick<ArticleStore, 'count' | 'idsAfter' | 'idsWithoutHtml' | 'byId' | 'upsert' | 'renderStored' | 'contentPass' | 'recordContentPass'>
> &
  Pick<ArticleStore, 'exclusively'>;

/** One pass: which articles to look at after a position, and the work for a batch of them (one short write each). */
export interface BatchedPass {
  readonly name: string;
  /** Features not served until this pass is done (a schema fill's: /api/health says `migration`). */
  readonly unavailable?: readonly string[];
  /** What the pass brings stored content up to; a pass recorded with this version is done. */
  readonly version: string;
  next(limit: number, after: string | undefined): Promise<string[]>;
  /**
   * Work for a batch that does not hold the event loop (rendering on a thread), done before the batch waits for
   * its quiet moment and not counted against its time budget.
   */
  prepare?(ids: readonly string[]): Promise<unknown>;
  /** Returns how many of these articles it changed. */
  apply(ids: readonly string[], prepared: unknown): Promise<number>;
}

export type PassState = 'pending' | 'running' | 'done' | 'failed';

export interface PassStatus {
  readonly name: string;
  readonly state: PassState;
  /** Articles looked at, this version, across restarts. */
  readonly checked: number;
  /** Of those, how many it rewrote (glosses) or rendered (pages). */
  readonly changed: number;
  /** Articles in the database when the pass started (null before). */
  readonly total: number | null;
  /** Features it holds back until done (BatchedPass.unavailable). */
  readonly unavailable?: readonly string[];
}

export interface PassesStatus {
  /** `waiting`: another node holds the pass (PostgreSQL) and this one checks again later. */
  readonly state: 'pending' | 'running' | 'done' | 'waiting' | 'failed';
  readonly passes: readonly PassStatus[];
}

interface Progress {
  readonly version: string;
  readonly after: string | undefined;
  readonly checked: number;
  readonly changed: number;
}

export interface PassLogger {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** Requests begun since the server started, and those not answered yet. */
export interface Traffic {
  readonly begun: number;
  readonly inFlight: number;
}

export interface ContentPassesOptions {
  /** About how long one batch may hold the event loop. */
  readonly batchMs?: number;
  /** How long a batch waits for in-flight requests before it runs anyway. */
  readonly maxWaitMs?: number;
  /** What the server has seen of requests (main.ts counts them); without it batches only yield a turn. */
  readonly traffic?: () => Traffic;
  /** How often a node that found another one running the passes checks again. */
  readonly lockRetryMs?: number;
  /** How often progress is logged. */
  readonly logEveryMs?: number;
}

const WINDOW = 64;
/** How long without a new request counts as a quiet moment. */
const QUIET_MS = 3;
const MAX_BATCH = 64;

export function progressName(pass: string): string {
  return `${pass}:progress`;
}

function parseProgress(text: string | undefined, version: string): Progress | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as Partial<Progress>;
    if (value.version !== version || typeof value.checked !== 'number' || typeof value.changed !== 'number') return undefined;
    return { version, after: typeof value.after === 'string' ? value.after : undefined, checked: value.checked, changed: value.changed };
  } catch {
    return undefined;
  }
}

export class ContentPasses {
  private readonly statuses: Map<string, PassStatus>;
  private overall: PassesStatus['state'] = 'pending';
  private stopping = false;
  private readonly stopped = new AbortController();
  private running: Promise<void> | undefined;
  private traffic: (() => Traffic) | undefined;
  private readonly batchMs: number;
  private readonly maxWaitMs: number;
  private readonly lockRetryMs: number;
  private readonly logEveryMs: number;

  constructor(
    private readonly store: PassesStore,
    private readonly passes: readonly BatchedPass[],
    private readonly log: PassLogger,
    private readonly options: ContentPassesOptions = {},
  ) {
    this.statuses = new Map(
      passes.map((p) => [
        p.name,
        { name: p.name, state: 'pending', checked: 0, changed: 0, total: null, ...(p.unavailable ? { unavailable: p.unavailable } : {}) },
      ]),
    );
    this.batchMs = options.batchMs ?? 8;
    this.maxWaitMs = options.maxWaitMs ?? 50;
    this.lockRetryMs = options.lockRetryMs ?? 30_000;
    this.logEveryMs = options.logEveryMs ?? 5_000;
    this.traffic = options.traffic;
  }

  /** The server's requests (main.ts counts them once the server exists); batches let them go first. */
  setTraffic(traffic: () => Traffic): void {
    this.traffic = traffic;
  }

  status(): PassesStatus {
    return { state: this.overall, passes: [...this.statuses.values()] };
  }

  /** Starts the passes in the background (once); the promise settles when they are done, stopped or failed. */
  start(): Promise<void> {
    this.running ??= this.runAll();
    return this.running;
  }

  /** Stops after the batch in hand (shutdown), waiting for it up to `waitMs`; what is done stays recorded. */
  async stop(waitMs = 2000): Promise<void> {
    this.stopping = true;
    this.stopped.abort();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.running?.catch(() => undefined),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
  }

  private async runAll(): Promise<void> {
    try {
      const exclusively = this.store.exclusively?.bind(this.store);
      if (!exclusively) return await this.runPasses();
      for (;;) {
        const outcome = await exclusively('newsreader:content-passes', () => this.runPasses());
        if (outcome.held || this.stopping) return;
        // Another node runs them; when it is done (or dies, freeing its lock) this node finds them done or takes over.
        if (this.overall !== 'waiting') this.log.info({ contentPasses: 'waiting' }, 'content passes: another node is running them');
        this.overall = 'waiting';
        await sleep(this.lockRetryMs, undefined, { ref: false, signal: this.stopped.signal }).catch(() => undefined);
        if (this.stopping) return;
      }
    } catch (error) {
      this.overall = 'failed';
      this.log.error({ err: error, contentPasses: 'failed' }, 'content passes stopped by an error; stored pages are rendered on read');
    }
  }

  private async runPasses(): Promise<void> {
    this.overall = 'running';
    for (const pass of this.passes) {
      if (this.stopping) return;
      await this.runPass(pass);
    }
    if (!this.stopping) this.overall = 'done';
  }

  private set(name: string, change: Partial<PassStatus>): void {
    this.statuses.set(name, { ...this.statuses.get(name)!, ...change });
  }

  private async runPass(pass: BatchedPass): Promise<void> {
    if ((await this.store.contentPass(pass.name)) === pass.version) {
      this.set(pass.name, { state: 'done' });
      return;
    }
    const total = await this.store.count();
    const saved = parseProgress(await this.store.contentPass(progressName(pass.name)), pass.version);
    let after = saved?.after;
    let checked = saved?.checked ?? 0;
    let changed = saved?.changed ?? 0;
    this.set(pass.name, { state: 'running', checked, changed, total });
    this.log.info(
      { contentPass: pass.name, version: pass.version, checked, total, resumed: saved !== undefined },
      saved
        ? `content pass ${pass.name}: resuming after ${checked} of ${total} articles`
        : `content pass ${pass.name}: starting over ${total} articles`,
    );
    const started = Date.now();
    let lastLog = started;
    let size = 1;
    for (let ids = await pass.next(WINDOW, after); ids.length > 0; ids = await pass.next(WINDOW, after)) {
      for (let at = 0; at < ids.length;) {
        if (this.stopping) return;
        const batch = ids.slice(at, at + size);
        const prepared = await pass.prepare?.(batch);
        if (this.stopping) return;
        await this.waitForQuietMoment();
        const begun = performance.now();
        changed += await pass.apply(batch, prepared);
        const took = performance.now() - begun;
        at += batch.length;
        checked += batch.length;
        after = batch[batch.length - 1];
        await this.store.recordContentPass(progressName(pass.name), JSON.stringify({ version: pass.version, after, checked, changed }));
        this.set(pass.name, { checked, changed });
        // Next batch sized to the budget from this one's pace (at most doubling, so one slow article cannot overshoot).
        size = Math.max(1, Math.min(MAX_BATCH, size * 2, Math.floor((batch.length * this.batchMs) / Math.max(took, 0.05))));
        if (Date.now() - lastLog >= this.logEveryMs) {
          lastLog = Date.now();
          this.log.info(
            { contentPass: pass.name, checked, changed, total },
            `content pass ${pass.name}: ${checked} of about ${total} articles`,
          );
        }
      }
    }
    await this.store.recordContentPass(pass.name, pass.version);
    this.set(pass.name, { state: 'done', checked, changed });
    this.log.info(
      { contentPass: pass.name, checked, changed, total, ms: Date.now() - started },
      `content pass ${pass.name}: done, ${changed} of ${checked} articles changed in ${Date.now() - started} ms`,
    );
  }

  /**
   * Yields to whatever is queued, then waits for a quiet moment: no request in flight and none begun for
   * QUIET_MS (a fast answer is sent within the turn it arrived in, so "in flight" alone would rarely be seen).
   * Under constant load it runs anyway after maxWaitMs, so the pass holds at most one batch in every
   * maxWaitMs + batchMs and still moves.
   */
  private async waitForQuietMoment(): Promise<void> {
    await nextTurn();
    const traffic = this.traffic;
    if (!traffic) return;
    const until = performance.now() + this.maxWaitMs;
    for (;;) {
      const before = traffic();
      await sleep(QUIET_MS);
      const after = traffic();
      if ((after.begun === before.begun && after.inFlight === 0) || performance.now() >= until || this.stopping) return;
    }
  }
}
