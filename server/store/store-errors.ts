/**
 * Errors any store implementation raises, so the HTTP layer can answer without knowing
 * which database sits behind the interface.
 */

/** The database could not be read or written (missing, corrupt, locked, closed). */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

/**
 * Search cannot answer yet: a schema upgrade is rebuilding its index in the background after the server started
 * (SQLite v10, search-order.ts). Everything else is served; the HTTP layer answers 503 `search_rebuilding` with Retry-After.
 */
export class SearchRebuildingError extends Error {
  constructor(message = 'Search is being rebuilt after an upgrade and answers again in a few minutes; articles and lists work meanwhile.') {
    super(message);
    this.name = 'SearchRebuildingError';
  }
}

/**
 * A read was shed: too many waiting for a search thread (SQLite) or a turn on PostgreSQL, or it ran past its time.
 * The HTTP layer answers 503 `overloaded` with a short Retry-After: the database is there, the server is busy.
 */
export class ReadOverloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReadOverloadError';
  }
}
