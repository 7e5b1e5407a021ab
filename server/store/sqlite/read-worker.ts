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
/** The answers' serialiser (read-pool.ts answersModule), loaded once before the first message is answered. */
let loadProblem = 'the pool was opened without answersModule';
const pageJson: Promise<PageJson | undefined> = answersModule
  ? import(answersModule).then(
      (module: { articlePageJson: PageJson }) => module.articlePageJson,
      (error: unknown) => void (loadProblem = `the answers module did not load: ${String(error)}`),
    )
  : Promise.resolve(undefined);

function serialised(json: PageJson | undefined): PageJson {
  if (!json) throw new Error(loadProblem);
  return json;
}

function answer(request: ReadRequest, json: PageJson | undefined): ReadResponse {
  try {
    store ??= openSqliteStore(databasePath, { mustExist: true, readOnly: true });
    const value =
      request.op === 'latest'
        ? store.latest(request.query)
        : request.op === 'search'
          ? store.search(request.query)
          : request.op === 'searchJson'
            ? serialised(json)(store.search(request.query), request.query.limit, request.query.offset)
            : request.op === 'page'
              ? store.page(request.id, request.language)
              : store.byId(request.id, request.language);
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
  parentPort!.on('message', (request: ReadRequest) => parentPort!.postMessage(answer(request, json)));
  parentPort!.postMessage({ ready: true } satisfies ReadResponse);
});
