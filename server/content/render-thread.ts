/**
 * Renders articles' pages on a worker thread (render-worker.ts), for the background page pass: the server's
 * event loop only reads the article and writes the pages. One thread, one article at a time; a thread that
 * fails or renders with another version than the server's is not used (the pass then renders inline).
 */
import { Worker } from 'node:worker_threads';
import { typescriptWorkerSource } from '../store/read-pool';
import type { ArticleInput, RenderLanguage } from '../store/types';

type Pages = Readonly<Record<RenderLanguage, string>>;
type Reply = { ready: true; version?: string } | { seq: number; ok: true; pages: Pages } | { seq: number; ok: false; message: string };

export class RenderThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (pages: Pages) => void; reject: (error: Error) => void }>();
  private seq = 0;
  private failure: Error | undefined;
  /** The renderer version the thread renders with; resolved once it has opened the dictionary. */
  readonly ready: Promise<string | undefined>;

  constructor(options: { readonly dictionaryPath: string; readonly dataDir?: string }) {
    this.worker = new Worker(typescriptWorkerSource(new URL('./render-worker.ts', import.meta.url).href), {
      eval: true,
      workerData: { dictionaryPath: options.dictionaryPath, ...(options.dataDir ? { dataDir: options.dataDir } : {}) },
    });
    this.worker.unref();
    this.ready = new Promise((resolve, reject) => {
      this.worker.on('message', (reply: Reply) => {
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
      this.worker.on('error', fail);
      this.worker.on('exit', (code) => fail(new Error(`the render thread exited (${code})`)));
    });
    this.ready.catch(() => undefined);
  }

  render(article: ArticleInput): Promise<Pages> {
    if (this.failure) return Promise.reject(this.failure);
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(seq, { resolve, reject });
      this.worker.postMessage({ seq, article });
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
