/**
 * The PostgreSQL store's connection: the pool, the data version (LISTEN/NOTIFY and a periodic re-read),
 * read guards, write transactions with deadlock retries, and the advisory locks. The store's jobs build
 * on it: postgres-reads.ts, postgres-writes.ts, postgres-stories.ts; postgres-store.ts opens it.
 */
import pg from 'pg';
import { ReadOverloadError, StoreUnavailableError } from '../store-errors';
import { withPoolClient } from './postgres-client';
import { ReadGate } from './postgres-read-gate';
import type { PgMigrationReport } from './postgres-schema';
import type { ArticleRenderer } from '../types';

export const CHANGE_CHANNEL = 'articles_changed';

/** How often a node re-reads the data version, in case a notification was lost with its listener. */
export const VERSION_REFRESH_MS = 5000;

const WRITE_ATTEMPTS = 4;

/** The pool's wait for a connection (connectionTimeoutMillis), and a read's longest wait for its turn. */
export const CONNECT_WAIT_MS = 3000;
/** Reads that may wait for the read gate by default, as READ_QUEUE_MAX's default for SQLite's search threads. */
const DEFAULT_READ_QUEUE_MAX = 64;

export const DEFAULT_READ_TIMEOUT_MS = 2000;

export type Queryable = Pick<pg.PoolClient, 'query'>;

/**
 * What the database or the connection to it reported: a SQLSTATE from the server, a socket error
 * (ECONNREFUSED), or pg's and pg-pool's own words for a lost or unobtainable connection. Anything
 * else (a TypeError in this file) is a bug, not an outage.
 */
function isDatabaseFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (/^[0-9A-Z]{5}$/.test(code) || /^E(?!RR_)[A-Z_]+$/.test(code))) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|Client was closed/i.test(
    error.message,
  );
}

/** A deadlock victim or a serialization failure: the same transaction may well succeed when tried again. */
function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

export interface OpenPostgresOptions {
  /** Connections in the pool (default 10). */
  readonly poolSize?: number;
  /**
   * Reads run at once, the rest waiting their turn (postgres-read-gate.ts; default and at most: the pool's size; the
   * server passes DATABASE_READ_CONCURRENCY, the CPUs beside a local PostgreSQL).
   */
  readonly readConcurrency?: number;
  /** Reads that may wait for a turn; one more is shed with 503 `overloaded` (READ_QUEUE_MAX; default 64). */
  readonly readQueueMax?: number;
  /**
   * Longest one statement may run (PostgreSQL's statement_timeout), like READ_TIMEOUT_MS for SQLite's
   * read workers; writes and the migration lift it for their own transaction. Default 2000.
   */
  readonly readTimeoutMs?: number;
  readonly versionRefreshMs?: number;
  /** Rows between two of a list's marks (postgres-list-marks.ts; default LIST_MARK_STEP): tests make it small. */
  readonly listMarkStep?: number;
}

export abstract class PostgresConnection {
  readonly kind = 'postgres' as const;
  protected renderer: ArticleRenderer | undefined;
  protected version = 0;
  protected listener: pg.Client | undefined;
  protected relistenTimer: NodeJS.Timeout | undefined;
  protected readonly refreshTimer: NodeJS.Timeout;
  protected closed = false;
  protected readonly readGate: ReadGate;

  protected constructor(
    protected readonly pool: pg.Pool,
    protected readonly connectionString: string,
    readonly migration: PgMigrationReport,
    refreshMs: number,
    readConcurrency: number = pool.options.max,
    readQueueMax: number = DEFAULT_READ_QUEUE_MAX,
  ) {
    const limit = Math.max(1, Math.min(readConcurrency, pool.options.max));
    // A busy server, not a lost database: 503 `overloaded` with a short Retry-After, as SQLite's read pool sheds.
    this.readGate = new ReadGate(limit, CONNECT_WAIT_MS, readQueueMax, (why) =>
      why === 'queue'
        ? new ReadOverloadError('The server is busy with other searches. Please try again in a moment.')
        : new ReadOverloadError(`The server is busy: no read could start within ${CONNECT_WAIT_MS} ms (${limit} at once).`),
    );
    this.refreshTimer = setInterval(() => void this.refreshVersion(), refreshMs);
    this.refreshTimer.unref();
  }

  dataVersion(): number {
    return this.version;
  }

  protected bumpVersion(value: number): void {
    if (value > this.version) this.version = value;
  }

  protected async refreshVersion(): Promise<void> {
    try {
      const { rows } = await this.pool.query<{ value: string }>("SELECT value FROM store_counters WHERE name = 'data_version'");
      if (rows[0]) this.version = Number(rows[0].value);
    } catch {
      // The health check reports an unreachable database; the version stays until it can be read.
    }
  }

  protected async listen(): Promise<void> {
    // query_timeout: the health count reads on this connection too (postgres-reads.ts), and asks the pool
    // when this one is slower than a second.
    const client = new pg.Client({ connectionString: this.connectionString, connectionTimeoutMillis: 3000, query_timeout: 1000 });
    const lost = () => {
      if (this.listener !== client) return;
      this.listener = undefined;
      client.end().catch(() => undefined);
      this.scheduleRelisten();
    };
    client.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL) this.bumpVersion(Number(message.payload));
    });
    client.on('error', lost);
    client.on('end', lost);
    this.listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch {
      // Tried again in a second; until then the periodic re-read keeps the version bounded.
      lost();
    }
  }

  protected scheduleRelisten(): void {
    if (this.closed || this.relistenTimer) return;
    this.relistenTimer = setTimeout(() => {
      this.relistenTimer = undefined;
      // Writes missed while no one listened are caught up by the next re-read, or right here.
      void this.listen().then(() => this.refreshVersion());
    }, 1000);
    this.relistenTimer.unref();
  }

  /**
   * Read failures of the database (server down, connection refused, a statement past its time)
   * become StoreUnavailableError, as SQLite's do; a bug in this code stays what it is (a 500).
   */
  protected async reading<T>(read: () => Promise<T>): Promise<T> {
    if (this.closed) throw new StoreUnavailableError('The database connection is closed');
    try {
      return await this.readGate.run(read);
    } catch (error) {
      if (!isDatabaseFailure(error)) throw error;
      throw new StoreUnavailableError(`The database cannot be read: ${(error as Error).message}`, { cause: error });
    }
  }

  /**
   * One transaction, tried again when PostgreSQL chose it as a deadlock victim: two nodes writing
   * overlapping batches in different orders lock articles and total rows in different orders.
   */
  protected async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      if (this.closed) throw new StoreUnavailableError('The database connection is closed');
      const outcome = await withPoolClient(this.pool, async (client) => {
        try {
          await client.query('BEGIN');
          // READ_TIMEOUT_MS is for reads: a large batch may take longer and must not be cancelled half-way.
          await client.query('SET LOCAL statement_timeout = 0');
          const result = await work(client);
          await client.query('COMMIT');
          return { result };
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          if (attempt >= WRITE_ATTEMPTS || !isRetryable(error)) throw error;
          return undefined;
        }
      });
      if (outcome) return outcome.result;
      await new Promise((done) => setTimeout(done, 20 * attempt));
    }
  }

  /**
   * Inside a write transaction that changed an article: the data version the articles trigger moved
   * (migration v2; it also sends the NOTIFY every node receives at commit).
   */
  protected async changed(client: Queryable): Promise<number> {
    const { rows } = await client.query<{ value: string }>("SELECT value FROM store_counters WHERE name = 'data_version'");
    return Number(rows[0]!.value);
  }

  setRenderer(renderer: ArticleRenderer | undefined): void {
    this.renderer = renderer;
  }

  /**
   * Runs `work` while this node holds the session advisory lock named `name` (on a connection of its own for the
   * whole run), so of several nodes started together on one database only one runs it; `held: false` at once when
   * another node holds it. The lock goes with the session, so a node that dies frees it.
   */
  async exclusively<T>(name: string, work: () => Promise<T>): Promise<{ held: true; value: T } | { held: false }> {
    const client = await this.pool.connect();
    try {
      const { rows } = await client.query<{ held: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS held', [name]);
      if (!rows[0]?.held) return { held: false };
      try {
        return { held: true, value: await work() };
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
      }
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.readGate.close(() => new StoreUnavailableError('The database connection is closed'));
    clearInterval(this.refreshTimer);
    if (this.relistenTimer) clearTimeout(this.relistenTimer);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    await this.pool.end();
  }
}
