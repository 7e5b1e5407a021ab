/**
 * A read worker: its own SQLite connection on the same file, answering the pool's messages
 * one at a time. A slow query here costs this thread only, never the server's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SearchRebuildingError, StoreUnavailableError } from '../store-errors';
import { openSqliteStore, type SqliteArticleStore } from './sqlite-store';
import type { ReadRequest, ReadResponse } from './read-pool';
import type { ArticleSummaryRow, Page } from '../types';

const { databasePath, answersModule } = workerData as { databasePath: string; answersModule?: string };
let store: SqliteArticleStore | undefined;

type PageJson = (page: Page<ArticleSummaryRow>, limit: number, offset: number) => string;
/**
 * The answers' serialiser (read-pool.ts answersModule), loaded once before the first message is answered. The server
 * has already imported the same module on its own thread at start (open-store.ts), so a failure here is unexpected;
 * it is still each searchJson's error, with the cause, rather than the worker's death. The pool sends searchJson only
 * when it was given the module.
 */
const pageJson: Promise<PageJson | undefined> = answersModule
  ? import(answersModule).then(
      (module: { articlePageJson: PageJson }) => module.articlePageJson,
      (error: unknown): PageJson =>
        () => {
          throw new Error(`the answers module did not load: ${String(error)}`);
        },
    )
  : Promise.resolve(undefined);

function serialised(json: PageJson | undefined): PageJson {
  if (!json) throw new Error('searchJson needs the pool opened with answersModule');
  return json;
}

function opened(): SqliteArticleStore {
  store ??= openSqliteStore(databasePath, { mustExist: true, readOnly: true });
  return store;
}

function answer(request: ReadRequest, json: PageJson | undefined): ReadResponse {
  try {
    const reads = opened();
    const value =
      request.op === 'latest'
        ? reads.latest(request.query)
        : request.op === 'search'
          ? reads.search(request.query)
          : request.op === 'searchJson'
            ? serialised(json)(reads.search(request.query), request.query.limit, request.query.offset)
            : request.op === 'page'
              ? reads.page(request.id, request.language)
              : reads.byId(request.id, request.language);
    return { id: request.seq, ok: true, value };
  } catch (error) {
    const unavailable = error instanceof StoreUnavailableError || (error as { code?: unknown })?.code === 'SQLITE_CANTOPEN';
    if (unavailable) {
      store?.close();
      store = undefined;
    }
    const rebuilding = error instanceof SearchRebuildingError;
    return { id: request.seq, ok: false, unavailable, rebuilding, message: error instanceof Error ? error.message : String(error) };
  }
}

void pageJson.then((json) => {
  // The connection opens on the first read, not here: a worker's connection open at shutdown (terminate() closes
  // nothing) would keep the server's clean close from removing the WAL. Its opening counts against that read's budget.
  parentPort!.on('message', (request: ReadRequest) => parentPort!.postMessage(answer(request, json)));
  parentPort!.postMessage({ ready: true } satisfies ReadResponse);
});
