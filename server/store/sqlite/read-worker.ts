/**
 * A read worker: its own SQLite connection on the same file, answering the pool's messages
 * one at a time. A slow query here costs this thread only, never the server's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SearchRebuildingError, StoreUnavailableError } from '../store-errors';
import { openSqliteStore, type SqliteArticleStore } from './sqlite-store';
import type { ReadRequest, ReadResponse } from './read-pool';

const { databasePath } = workerData as { databasePath: string };
let store: SqliteArticleStore | undefined;

function answer(request: ReadRequest): ReadResponse {
  try {
    store ??= openSqliteStore(databasePath, { mustExist: true, readOnly: true });
    const value =
      request.op === 'latest'
        ? store.latest(request.query)
        : request.op === 'search'
          ? store.search(request.query)
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

parentPort!.on('message', (request: ReadRequest) => parentPort!.postMessage(answer(request)));
