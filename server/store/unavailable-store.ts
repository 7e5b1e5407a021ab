/**
 * The store the server runs with when the database cannot be opened at all (garbage file,
 * unreadable path, schema from a newer version): every call fails with StoreUnavailableError,
 * so /api/health answers 503 and the API answers 503 instead of the process dying.
 */
import { StoreUnavailableError } from './errors';
import type { ArticleStore } from './types';

export function unavailableStore(cause: unknown): ArticleStore {
  const reason = cause instanceof Error ? cause.message : String(cause);
  const fail = (): never => {
    throw new StoreUnavailableError(`The database could not be opened: ${reason}`, { cause });
  };
  return {
    latest: fail,
    search: fail,
    byId: fail,
    page: fail,
    count: fail,
    upsert: fail,
    feedState: fail,
    saveFeedState: fail,
    compactSearch: fail,
    close: () => undefined,
  };
}
