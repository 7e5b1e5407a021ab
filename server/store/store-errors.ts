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
