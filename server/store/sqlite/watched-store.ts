/**
 * The server's own store, watched: the health check reads through the open connection and
 * compares the file at DATABASE_PATH with the one that connection holds (device and inode).
 * A deleted, renamed or replaced file is reported, and when a database file is back at the
 * path the store opens it again, so the server heals without a restart.
 */
import { statSync } from 'node:fs';
import { StoreUnavailableError } from '../store-errors';
import { openSqliteStore, type SqliteArticleStore } from './sqlite-store';
import type { DatabaseHealth } from '../article-store';

interface FileIdentity {
  readonly dev: number;
  readonly ino: number;
}

function identityOf(path: string): FileIdentity | undefined {
  try {
    const stat = statSync(path);
    return { dev: stat.dev, ino: stat.ino };
  } catch {
    return undefined;
  }
}

export class WatchedStore {
  private store: SqliteArticleStore | undefined;
  private identity: FileIdentity | undefined;

  /** `onReopen` lets other connections (the read workers) follow the new file. */
  constructor(
    readonly path: string,
    initial: SqliteArticleStore | undefined,
    private readonly onReopen: () => void = () => undefined,
  ) {
    this.store = initial;
    this.identity = initial ? identityOf(path) : undefined;
  }

  get current(): SqliteArticleStore {
    if (!this.store) throw new StoreUnavailableError(`The database ${this.path} is not open`);
    return this.store;
  }

  check(): DatabaseHealth {
    const onDisk = identityOf(this.path);
    if (!onDisk) return { status: 'degraded', articleCount: this.countOrNull(), problem: `the database file ${this.path} is missing` };
    if (!this.identity || onDisk.dev !== this.identity.dev || onDisk.ino !== this.identity.ino) {
      const problem = this.reopen(onDisk);
      if (problem) return { status: this.store ? 'degraded' : 'unavailable', articleCount: this.countOrNull(), problem };
    }
    try {
      return { status: 'ok', articleCount: this.current.count() };
    } catch (error) {
      return { status: 'unavailable', articleCount: null, problem: error instanceof Error ? error.message : String(error) };
    }
  }

  private countOrNull(): number | null {
    try {
      return this.store ? this.store.count() : null;
    } catch {
      return null;
    }
  }

  private reopen(onDisk: FileIdentity): string | undefined {
    let fresh: SqliteArticleStore;
    try {
      fresh = openSqliteStore(this.path, { mustExist: true });
    } catch (error) {
      return `the database file ${this.path} changed and cannot be opened: ${error instanceof Error ? error.message : String(error)}`;
    }
    const old = this.store;
    this.store = fresh;
    this.identity = onDisk;
    old?.close();
    this.onReopen();
    return undefined;
  }

  close(): void {
    this.store?.close();
  }
}
