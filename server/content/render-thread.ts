/**
 * Renders articles' pages on a worker thread (render-worker.ts), for the background page pass: the server's
 * event loop only reads the article and writes the pages. One thread, one article at a time; a thread that
 * fails or renders with another version than the server's is not used (the pass then renders inline).
 */
import { Worker } from 'node:worker_threads';
import { typescriptWorkerSource } from '../store/sqlite/read-pool';
import type { ArticleInput, RenderLanguage } from '../store/types';

type Pages = Readonly<Record<RenderLanguage, string>>;
type Reply = { ready: true; version?: string } | { seq: number; ok: true; pages: Pages } | { seq: number; ok: false; message: string };

export class RenderThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, { resolve: (pages: Pages) => void; reject: (error: Error) => void }>();
  private seq = 0;
  private failure: Error | undefined;
  private started: Promise<string | undefined> | undefined;

  /** Nothing starts until the first use: a server whose pages are all current never starts the thread. */
  constructor(private readonly options: { readonly dictionaryPath: string; readonly dataDir?: string }) {}

  /** The renderer version the thread renders with, once it has opened the dictionary (starts it). */
  ready(): Promise<string | undefined> {
    this.started ??= this.start();
    return this.started;
  }

  private start(): Promise<string | undefined> {
    const { dictionaryPath, dataDir } = this.options;
    const worker = new Worker(typescriptWorkerSource(new URL('./render-worker.ts', import.meta.url).href), {
      eval: true,
      workerData: { dictionaryPath, ...(dataDir ? { dataDir } : {}) },
    });
    worker.unref();
    this.worker = worker;
    return new Promise((resolve, reject) => {
      worker.on('message', (reply: Reply) => {
        if ('ready' in reply) return resolve(reply.version);
        const job = this.pending.get(reply.seq);
        this.pending.delete(reply.seq);
        if (reply.ok) job?.resolve(reply.pages);
        else job?.reject(new Error(reply.message));
      });
      const fail = (error: Error) => {
        this.failure = error;
        reject(error);
        for (const job of this.pending.values()) job.reject(error);
        this.pending.clear();
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`the render thread exited (${code})`)));
    });
  }

  render(article: ArticleInput): Promise<Pages> {
    const worker = this.worker;
    if (this.failure || !worker) return Promise.reject(this.failure ?? new Error('the render thread is not started'));
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(seq, { resolve, reject });
      worker.postMessage({ seq, article });
    });
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
  }
}
