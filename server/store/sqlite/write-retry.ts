/**
 * SQLite answers SQLITE_BUSY when another process holds the write lock longer than the busy
 * timeout. A write is then tried again a few times with a growing pause, and if it still
 * cannot get in, the caller gets a StoreBusyError to report: a write is never dropped silently.
 */
import Database from 'better-sqlite3';

export const WRITE_ATTEMPTS = 6;
const FIRST_PAUSE_MS = 25;

export class StoreBusyError extends Error {
  constructor(attempts: number, options?: { cause?: unknown }) {
    super(`the database stayed locked by another writer through ${attempts} attempts; the write was not made`, options);
    this.name = 'StoreBusyError';
  }
}

export function isBusy(error: unknown): boolean {
  if (!(error instanceof Database.SqliteError)) return false;
  return error.code.startsWith('SQLITE_BUSY') || error.code.startsWith('SQLITE_LOCKED');
}

const pauseCell = new Int32Array(new SharedArrayBuffer(4));

/** Synchronous on purpose: better-sqlite3 transactions are synchronous and cannot await. */
function pause(ms: number): void {
  Atomics.wait(pauseCell, 0, 0, ms);
}

export function withWriteRetry<T>(write: () => T, attempts = WRITE_ATTEMPTS): T {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return write();
    } catch (error) {
      if (!isBusy(error)) throw error;
      if (attempt >= attempts) throw new StoreBusyError(attempts, { cause: error });
      pause(FIRST_PAUSE_MS * 2 ** (attempt - 1) * (0.5 + Math.random()));
    }
  }
}
