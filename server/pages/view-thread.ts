/**
 * Renders the page-views pass's views (page-views.ts) on a worker thread. The pass renders every article's page in
 * each offered language, a React render of several milliseconds each; on the event loop it would hold every request
 * behind it for as long as the pass runs (hours at 100,000 articles after a new build). The worker imports the same
 * server build by file URL (plain JavaScript, so no TypeScript loader). A request's own first view still renders
 * inline: it must answer now. A thread that fails is not used again; the pass then renders inline, as it did before.
 */
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { RenderPage, RenderRequest } from './server-entry';

type Reply = { seq: number; ok: true; html: string } | { seq: number; ok: false; message: string };

// The worker keeps one build's module at a time: a rebuilt file is a new URL (its id), imported once.
const WORKER_SOURCE = `
import('node:worker_threads').then(({ parentPort }) => {
  let loaded = { url: '', module: Promise.resolve(undefined) };
  parentPort.on('message', async ({ seq, url, request }) => {
    try {
      if (loaded.url !== url) loaded = { url, module: import(url) };
      const { renderPage } = await loaded.module;
      if (typeof renderPage !== 'function') throw new Error('the server build exports no renderPage function');
      parentPort.postMessage({ seq, ok: true, html: await renderPage(request) });
    } catch (error) {
      parentPort.postMessage({ seq, ok: false, message: error instanceof Error ? error.message : String(error) });
    }
  });
});
`;

export class ViewThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, { resolve: (html: string) => void; reject: (error: Error) => void }>();
  private seq = 0;
  private failure: Error | undefined;

  constructor(private readonly onFailure: (reason: string) => void = () => undefined) {}

  /**
   * A render function for the build at `path` with content id `buildId`: on the thread while it works, else `inline`
   * (the build the server itself loaded). The id in the URL makes a rebuilt file a new module in the worker.
   */
  renderer(path: string, buildId: string, inline: RenderPage): RenderPage {
    const url = `${pathToFileURL(path).href}?build=${encodeURIComponent(buildId)}`;
    return async (request) => {
      if (this.failure) return inline(request);
      try {
        return await this.post(url, request);
      } catch (error) {
        this.fail(error instanceof Error ? error : new Error(String(error)));
        return inline(request);
      }
    };
  }

  private post(url: string, request: RenderRequest): Promise<string> {
    const worker = this.start();
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(seq, { resolve, reject });
      worker.postMessage({ seq, url, request });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    // The pass is background work: the thread never keeps the process alive.
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const job = this.pending.get(reply.seq);
      this.pending.delete(reply.seq);
      if (reply.ok) job?.resolve(reply.html);
      else job?.reject(new Error(reply.message));
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`the view thread exited (${code})`)));
    this.worker = worker;
    return worker;
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.onFailure(error.message);
    for (const job of this.pending.values()) job.reject(error);
    this.pending.clear();
    void this.worker?.terminate();
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.failure ??= new Error('the view thread is closed');
    await worker?.terminate();
  }
}
