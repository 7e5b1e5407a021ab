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
