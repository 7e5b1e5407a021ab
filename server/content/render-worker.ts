/**
 * The page pass's renderer on a thread of its own (render-thread.ts): rendering an article's three pages takes
 * a few milliseconds of CPU, which here never holds the server's event loop. It opens the same dictionary file
 * the server checked at start (read-only use) and answers one article at a time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDictionary } from '../dictionary/open-dictionary';
import type { ArticleInput } from '../store/types';
import { articleRenderer } from './stored-pages';

const { dictionaryPath, dataDir } = workerData as { dictionaryPath: string; dataDir?: string };
const { dictionary } = openDictionary({ path: dictionaryPath, ...(dataDir ? { dataDir } : {}) });
const render = articleRenderer(dictionary);

parentPort!.postMessage({ ready: true, version: render.version });
parentPort!.on('message', (job: { seq: number; article: ArticleInput }) => {
  try {
    parentPort!.postMessage({ seq: job.seq, ok: true, pages: render(job.article) });
  } catch (error) {
    parentPort!.postMessage({ seq: job.seq, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
