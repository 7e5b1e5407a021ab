/**
 * Store reads on a small pool of worker threads, each with its own read-only SQLite
 * connection, so an expensive search never blocks the event loop that answers
 * /api/health and every other request. Bounded on every side: a queue limit (past it the
 * request is shed with 503 + Retry-After); a deadline for a queued read to be started (a worker
 * loads before it takes reads, and one that cannot load must not leave reads waiting for ever);
 * and a time budget per read once a worker runs it (past it the worker is replaced, which is the
 * only way to stop a running SQLite statement from outside). A worker's start-up counts against
 * neither budget's read time, only against the start deadline.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ReadOverloadError, SearchRebuildingError, StoreUnavailableError } from '../store-errors';
import type { ArticleReads } from '../article-store';
import type { ArticleWithPage, ArticleQuery, ArticleSummaryRow, Page, RenderLanguage, SearchQuery, StoredArticle } from '../types';

export type ReadRequest =
  | { readonly seq: number; readonly op: 'latest'; readonly query: ArticleQuery }
  | { readonly seq: number; readonly op: 'search'; readonly query: SearchQuery }
  | { readonly seq: number; readonly op: 'searchJson'; readonly query: SearchQuery }
  | { readonly seq: number; readonly op: 'byId'; readonly id: string; readonly language?: RenderLanguage }
  | { readonly seq: number; readonly op: 'page'; readonly id: string; readonly language: RenderLanguage };

export type ReadResponse =
  /** Sent once, when the worker has loaded its modules: its boot never counts against a read's time budget. */
  | { readonly ready: true }
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly unavailable: boolean; readonly rebuilding?: boolean; readonly message: string };

export interface ReadPoolOptions {
  readonly databasePath: string;
  readonly size: number;
  /** Reads waiting for a worker, beyond which new ones are refused. */
  readonly maxQueue: number;
  /** The longest one read may run, from when a worker takes it. */
  readonly timeoutMs: number;
  /**
   * The longest a read waits in the queue for a worker to take it (StoreUnavailableError past it): bounds the wait for a
   * worker that is still loading, or cannot load. READ_START_TIMEOUT_MS when absent.
   */
  readonly startTimeoutMs?: number;
  /** The worker module (a file URL); the tests give one that cannot load. read-worker.ts when absent. */
  readonly workerUrl?: string;
  /**
   * A module exporting `articlePageJson(page, limit, offset)` (server/answers/list-page.ts, handed in by the server
   * since the store imports nothing of the server's): with it, searchJson() answers with the API's JSON text.
   */
  readonly answersModule?: string;
}

type Job = { request: ReadRequest; resolve: (value: unknown) => void; reject: (error: Error) => void; deadline?: NodeJS.Timeout };
/** `dead`: its worker stopped; the slot waits (a back-off after a failed start) for its replacement. */
type Slot = {
  worker: Worker;
  ready: boolean;
  job?: Job;
  timer?: NodeJS.Timeout;
  stale?: boolean;
  dead?: boolean;
  respawn?: NodeJS.Timeout;
};

/** A queued read's default start deadline: a worker's load took over 1 s at load 7 (decision 58); 20 s is far past that. */
export const READ_START_TIMEOUT_MS = 20_000;
/** The wait before a worker that died before it was ready is started again, doubled for each such death in a row. */
const RESPAWN_BACKOFF_MS = 100;
const RESPAWN_BACKOFF_MAX_MS = 10_000;

// Workers do not inherit tsx's loader under Node 20, so each one registers it before loading its module.
const TSX_API = pathToFileURL(
  createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/index\.cjs$/, 'index.mjs'),
).href;
/** The source a worker thread is started with (`eval: true`) to load a TypeScript module through tsx. */
export function typescriptWorkerSource(moduleUrl: string): string {
  return `import(${JSON.stringify(TSX_API)}).then(({ tsImport }) => tsImport(${JSON.stringify(moduleUrl)}, ${JSON.stringify(moduleUrl)}))`;
}
const READ_WORKER = new URL('./read-worker.ts', import.meta.url).href;

/**
 * A read worker's young generation, in MiB. A search allocates only short-lived values (rows, its answer), and V8
 * otherwise lets each thread's young generation grow to tens of MiB under a stream of them: two read threads peaked
 * over 400 MiB (decision 37); with this cap and READ_CACHE_KIB, 295-354 MiB at the same CPU time (decision 47).
 */
export const READ_WORKER_YOUNG_MIB = 8;

export class ReadPool implements ArticleReads {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private seq = 0;
  private closed = false;
  /** Workers in a row that died before they were ready (reset when one is ready): the respawn back-off's exponent. */
  private failedStarts = 0;
  private readonly bootstrap: string;

  constructor(private readonly options: ReadPoolOptions) {
    this.bootstrap = typescriptWorkerSource(options.workerUrl ?? READ_WORKER);
    for (let i = 0; i < Math.max(1, options.size); i += 1) this.slots.push(this.spawn());
  }

  get queued(): number {
    return this.queue.length;
  }

  latest(query: ArticleQuery): Promise<Page<ArticleSummaryRow>> {
    return this.run({ seq: ++this.seq, op: 'latest', query }) as Promise<Page<ArticleSummaryRow>>;
  }

  search(query: SearchQuery): Promise<Page<ArticleSummaryRow>> {
    return this.run({ seq: ++this.seq, op: 'search', query }) as Promise<Page<ArticleSummaryRow>>;
  }

  /**
   * The search's answer as GET /api/articles/search sends it, serialised on the worker: a string crosses threads as one
   * copy, where the rows' objects are cloned field by field on the worker and rebuilt on the HTTP thread (decision 58).
   */
  searchJson(query: SearchQuery): Promise<string> {
    if (!this.options.answersModule) return Promise.reject(new Error('searchJson needs the pool opened with answersModule'));
    return this.run({ seq: ++this.seq, op: 'searchJson', query }) as Promise<string>;
  }

  page(id: string, language: RenderLanguage): Promise<ArticleWithPage | undefined> {
    return this.run({ seq: ++this.seq, op: 'page', id, language }) as Promise<ArticleWithPage | undefined>;
  }

  byId(id: string, language?: RenderLanguage): Promise<StoredArticle | undefined> {
    return this.run({ seq: ++this.seq, op: 'byId', id, ...(language ? { language } : {}) }) as Promise<StoredArticle | undefined>;
  }

  /** New workers open the file afresh; reads in flight on the old ones finish first. */
  async reopen(): Promise<void> {
    for (let i = 0; i < this.slots.length; i += 1) {
      const slot = this.slots[i]!;
      if (slot.job) {
        slot.stale = true;
        continue;
      }
      void slot.worker.terminate();
      this.slots[i] = this.spawn();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.rejectQueued(new StoreUnavailableError('The server is shutting down'));
    for (const slot of this.slots) clearTimeout(slot.respawn);
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private run(request: ReadRequest): Promise<unknown> {
    if (this.closed) return Promise.reject(new StoreUnavailableError('The server is shutting down'));
    if (this.queue.length >= this.options.maxQueue) {
      return Promise.reject(new ReadOverloadError('The server is busy with other searches. Please try again in a moment.'));
    }
    return new Promise((resolve, reject) => {
      const job: Job = { request, resolve, reject };
      job.deadline = setTimeout(() => {
        const index = this.queue.indexOf(job);
        if (index === -1) return;
        this.queue.splice(index, 1);
        reject(new StoreUnavailableError('No read worker could take the search in time. Please try again in a moment.'));
      }, this.options.startTimeoutMs ?? READ_START_TIMEOUT_MS);
      // As the workers are: a read waiting does not keep the process up.
      job.deadline.unref();
      this.queue.push(job);
      this.dispatch();
    });
  }

  private rejectQueued(error: Error): void {
    for (const job of this.queue.splice(0)) {
      clearTimeout(job.deadline);
      job.reject(error);
    }
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (!slot.ready || slot.job || this.queue.length === 0) continue;
      const job = this.queue.shift()!;
      clearTimeout(job.deadline);
      slot.job = job;
      slot.timer = setTimeout(() => this.timedOut(slot), this.options.timeoutMs);
      slot.worker.postMessage(job.request);
    }
  }

  private retire(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    void slot.worker.terminate();
    if (index !== -1) this.slots[index] = this.spawn();
  }

  private timedOut(slot: Slot): void {
    const job = slot.job;
    this.retire(slot);
    job?.reject(new ReadOverloadError('The search took too long and was stopped. Try fewer or rarer words.'));
    this.dispatch();
  }

  private spawn(): Slot {
    const worker = new Worker(this.bootstrap, {
      eval: true,
      workerData: { databasePath: this.options.databasePath, answersModule: this.options.answersModule },
      resourceLimits: { maxYoungGenerationSizeMb: READ_WORKER_YOUNG_MIB },
    });
    const slot: Slot = { worker, ready: false };
    worker.unref();
    worker.on('message', (response: ReadResponse) => {
      if ('ready' in response) {
        slot.ready = true;
        this.failedStarts = 0;
        this.dispatch();
        return;
      }
      const job = slot.job;
      if (!job || job.request.seq !== response.id) return;
      clearTimeout(slot.timer);
      slot.job = undefined;
      if (slot.stale) this.retire(slot);
      if (response.ok) job.resolve(response.value);
      else if (response.unavailable) job.reject(new StoreUnavailableError(response.message));
      else if (response.rebuilding) job.reject(new SearchRebuildingError(response.message));
      else job.reject(new Error(response.message));
      this.dispatch();
    });
    worker.on('error', (error) => this.replace(slot, error));
    worker.on('exit', () => this.replace(slot, new Error('a read worker stopped')));
    return slot;
  }

  /**
   * A crashed worker fails only its own read, and is replaced. One that dies before it was ready (its modules or its
   * store do not load) is replaced after a back-off, doubled for each such death in a row, not at once in a loop; and
   * while no worker is ready the queued reads are refused now rather than at their deadline.
   */
  private replace(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    // 'error' and 'exit' both come for one crash.
    if (index === -1 || this.closed || slot.dead) return;
    slot.dead = true;
    clearTimeout(slot.timer);
    slot.job?.reject(new StoreUnavailableError(`A read failed: ${error.message}`));
    slot.job = undefined;
    if (slot.ready) {
      this.slots[index] = this.spawn();
      this.dispatch();
      return;
    }
    this.failedStarts += 1;
    if (!this.slots.some((other) => other.ready)) {
      this.rejectQueued(new StoreUnavailableError(`The read workers cannot start: ${error.message}`));
    }
    const wait = Math.min(RESPAWN_BACKOFF_MS * 2 ** (this.failedStarts - 1), RESPAWN_BACKOFF_MAX_MS);
    slot.respawn = setTimeout(() => {
      const at = this.slots.indexOf(slot);
      if (at !== -1 && !this.closed) this.slots[at] = this.spawn();
    }, wait);
    slot.respawn.unref();
  }
}
