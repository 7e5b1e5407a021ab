/**
 * The store contract on a real PostgreSQL database (a fresh one per test in the run's throwaway
 * cluster), and what only PostgreSQL has: several nodes on one database.
 */
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../server/store/store-errors';
import { PG_LATEST_VERSION, PG_MIGRATIONS } from '../../server/store/postgres/postgres-schema';
import { openPostgresStore, type PostgresArticleStore } from '../../server/store/postgres/postgres-store';
import { FIXTURES } from '../server/fixtures';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { storeContract } from './store-contract';

describe('store contract: PostgreSQL', () => {
  storeContract(async () => {
    const database = await createTestDatabase();
    const db = await openPostgresStore(database.url);
    return {
      db,
      async cleanup() {
        await db.close();
        await database.drop();
      },
    };
  });
});

// Where the rum extension cannot be created (not installed, or no right to create it), search falls back
// to GIN and must answer the same: the whole contract again, on a database owned by a role that is not a superuser.
describe('store contract: PostgreSQL without RUM (GIN)', () => {
  storeContract(async () => {
    const database = await createTestDatabase({ plainOwner: true });
    const db = await openPostgresStore(database.url);
    expect(db.migration.searchIndex.kind).toBe('gin');
    return {
      db,
      async cleanup() {
        await db.close();
        await database.drop();
      },
    };
  });
});

describe('PostgreSQL search index', () => {
  // ensure-postgresql.sh installs Debian's postgresql-<major>-rum beside PostgreSQL where it may; where it
  // could not, this test is skipped (and the GIN contract above still runs).
  it('uses RUM where the extension is installed, and says why not where it cannot be created', async (context) => {
    const database = await createTestDatabase();
    const plain = await createTestDatabase({ plainOwner: true });
    const probe = new pg.Client(database.url);
    await probe.connect();
    const { rowCount } = await probe.query("SELECT 1 FROM pg_available_extensions WHERE name = 'rum'").finally(() => probe.end());
    if (!rowCount) {
      await database.drop();
      await plain.drop();
      context.skip();
    }
    const store = await openPostgresStore(database.url);
    const fallback = await openPostgresStore(plain.url);
    try {
      expect(store.migration.searchIndex).toEqual({ kind: 'rum' });
      expect(fallback.migration.searchIndex.kind).toBe('gin');
      expect(fallback.migration.searchIndex.note).toMatch(/CREATE EXTENSION rum failed: permission denied/);
    } finally {
      await store.close();
      await fallback.close();
      await database.drop();
      await plain.drop();
    }
  });
});

describe('PostgreSQL with a language collation', () => {
  it('breaks equal dates by the bytes of the id, as SQLite does, whatever the database collation', async () => {
    const database = await createTestDatabase({ icuLocale: 'en' });
    const store = await openPostgresStore(database.url);
    try {
      // In English collation `_` sorts before `-`; in bytes `-` (0x2d) comes before `_` (0x5f) and `B` before `a`.
      const tied = ['tie-a_b', 'tie-a-b', 'tie-ab', 'tie-B'].map((id) => ({ ...FIXTURES[0]!, id, url: `https://example.org/${id}` }));
      await store.upsertMany(tied);
      const page = await store.latest({ limit: 10, offset: 0 });
      expect(page.items.map((item) => item.id)).toEqual(['tie-B', 'tie-a-b', 'tie-a_b', 'tie-ab']);
    } finally {
      await store.close();
      await database.drop();
    }
  });
});

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((done) => setTimeout(done, 20));
  }
}

describe('PostgreSQL: several nodes on one database', () => {
  let database: TestDatabase;
  const opened: PostgresArticleStore[] = [];
  const open = async (options?: Parameters<typeof openPostgresStore>[1]) => {
    const store = await openPostgresStore(database.url, options);
    opened.push(store);
    return store;
  };

  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
    await database.drop();
  });

  it('migrates once when several nodes start at once, and finds nothing to do the next time', async () => {
    const stores = await Promise.all([open(), open(), open()]);
    const applied = stores.map((store) => store.migration.applied.length);
    expect(applied.sort()).toEqual([0, 0, PG_LATEST_VERSION]);
    const again = await open();
    expect(again.migration).toMatchObject({ from: PG_LATEST_VERSION, to: PG_LATEST_VERSION, applied: [] });
    const client = new pg.Client(database.url);
    await client.connect();
    const { rows } = await client.query('SELECT version FROM schema_migrations ORDER BY version');
    await client.end();
    expect(rows.map((row: { version: number }) => row.version)).toEqual([...Array(PG_LATEST_VERSION)].map((_, i) => i + 1));
  });

  it('rebuilds the search vector of articles stored before v6, so their words and filters are found', async () => {
    const client = new pg.Client(database.url);
    await client.connect();
    try {
      await client.query(
        'CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      for (const migration of PG_MIGRATIONS.filter((m) => m.version <= 5)) {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      }
      await client.query(
        `INSERT INTO articles (id, url, source, title, published_at, summary, body, word_count, reading_time_minutes,
           difficulty, categories, content_hash, imported_at, updated_at)
         VALUES ('v5-old', 'https://example.org/v5', 'bbc', 'Lighthouse keepers return', '2026-01-02T03:04:05.678Z',
           'A summary.', 'The lamp is lit again.', 5, 1, 'advanced', '{health}', 'h', 'now', 'now')`,
      );
    } finally {
      await client.end();
    }
    const store = await open();
    expect(store.migration).toMatchObject({ from: 5, to: PG_LATEST_VERSION });
    expect((await store.search({ q: 'lamp', limit: 10, offset: 0, category: 'health', source: 'bbc' })).items.map((a) => a.id)).toEqual([
      'v5-old',
    ]);
    expect((await store.search({ q: 'lighthous*', limit: 10, offset: 0, difficulty: 'beginner' })).total).toBe(0);
  });

  it("moves another node's data version through NOTIFY, long before its periodic re-read", async () => {
    // The re-read is an hour away: only the notification can move the reader's version.
    const writer = await open({ versionRefreshMs: 3_600_000 });
    const reader = await open({ versionRefreshMs: 3_600_000 });
    const before = reader.dataVersion();
    await writer.upsert(FIXTURES[0]!);
    await until(() => reader.dataVersion() !== before, 3000);
    expect(reader.dataVersion()).toBe(writer.dataVersion());
    expect((await reader.byId(FIXTURES[0]!.id))?.title).toBe(FIXTURES[0]!.title);
  });

  it("moves every node's data version on a hand edit in SQL", async () => {
    const writer = await open({ versionRefreshMs: 3_600_000 });
    const reader = await open({ versionRefreshMs: 3_600_000 });
    await writer.upsertMany(FIXTURES);
    await until(() => reader.dataVersion() === writer.dataVersion(), 3000);
    const before = reader.dataVersion();
    const admin = new pg.Client(database.url);
    await admin.connect();
    try {
      // Nothing deleted, nothing moves.
      await admin.query('DELETE FROM articles WHERE id = $1', ['no-such-article']);
      await admin.query('DELETE FROM articles WHERE id = $1', [FIXTURES[0]!.id]);
    } finally {
      await admin.end();
    }
    await until(() => reader.dataVersion() !== before, 3000);
    expect(reader.dataVersion()).toBe(before + 1);
    expect(await reader.byId(FIXTURES[0]!.id)).toBeUndefined();
  });

  it('catches up by re-reading the version when its listener is gone', async () => {
    const writer = await open({ versionRefreshMs: 3_600_000 });
    const reader = await open({ versionRefreshMs: 100 });
    // Ends every listening connection but the writer's own pool: the reader's notifications are lost.
    const admin = new pg.Client(database.url);
    await admin.connect();
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()",
    );
    await admin.end();
    await writer.upsert(FIXTURES[1]!);
    await until(() => reader.dataVersion() === writer.dataVersion(), 3000);
  });

  it('listens again after its listening connection is ended, long before its periodic re-read', async () => {
    const writer = await open({ versionRefreshMs: 3_600_000 });
    const reader = await open({ versionRefreshMs: 3_600_000 });
    const admin = new pg.Client(database.url);
    await admin.connect();
    try {
      const ended = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'",
      );
      expect(ended.rowCount).toBe(2);
      // The listener is opened again a second after it is lost.
      await until(async () => {
        const { rows } = await admin.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'",
        );
        return rows[0]!.n === 2;
      }, 5000);
    } finally {
      await admin.end();
    }
    const before = reader.dataVersion();
    await writer.upsert(FIXTURES[2]!);
    await until(() => reader.dataVersion() !== before, 3000);
    expect(reader.dataVersion()).toBe(writer.dataVersion());
  });

  it('tries a write again when PostgreSQL picks it as a deadlock victim', async () => {
    const store = await open();
    await store.upsertMany(FIXTURES.slice(0, 2));
    const [first, second] = FIXTURES.slice(0, 2).map((f) => ({ ...f, contentHash: `${f.contentHash}-2` }));
    const admin = new pg.Client(database.url);
    await admin.connect();
    try {
      // The other side waits longer before it looks for a deadlock, so the store's transaction is the victim.
      await admin.query("SET deadlock_timeout = '10s'");
      await admin.query('BEGIN');
      await admin.query('UPDATE articles SET title = title WHERE id = $1', [second!.id]);
      // The store locks the first article, then waits for the second.
      const write = store.upsertMany([first!, second!]);
      await until(async () => {
        const { rows } = await admin.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        return rows[0]!.n === 1;
      }, 5000);
      const { rows: before } = await admin.query<{ deadlocks: string }>(
        'SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()',
      );
      // Now each side waits for the other.
      await admin.query('UPDATE articles SET title = title WHERE id = $1', [first!.id]);
      await admin.query('COMMIT');
      expect(await write).toEqual({ imported: 0, updated: 2, unchanged: 0 });
      const { rows: after } = await admin.query<{ deadlocks: string }>(
        'SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()',
      );
      expect(Number(after[0]!.deadlocks)).toBe(Number(before[0]!.deadlocks) + 1);
    } finally {
      await admin.end();
    }
    expect((await store.byId(first!.id))?.contentHash).toBe(first!.contentHash);
  });

  it('two nodes writing the same new article both succeed, and it is stored once', async () => {
    const one = await open();
    const two = await open();
    const outcomes = await Promise.all([one.upsert(FIXTURES[0]!), two.upsert(FIXTURES[0]!)]);
    expect(outcomes.sort()).toEqual(['imported', 'unchanged']);
    expect(await one.count()).toBe(1);
  });

  it('two nodes writing overlapping batches in opposite orders both finish, with the totals right', async () => {
    const one = await open();
    const two = await open();
    const changed = FIXTURES.map((f) => ({ ...f, contentHash: `${f.contentHash}-2` }));
    await one.upsertMany(FIXTURES);
    const results = await Promise.all([one.upsertMany(changed), two.upsertMany([...changed].reverse())]);
    expect(results.map((r) => r.updated + r.unchanged)).toEqual([6, 6]);
    expect(await two.count()).toBe(6);
    expect((await two.latest({ limit: 1, offset: 0, category: 'business' })).total).toBe(3);
  });

  it('reports a write as failed when its connection is ended mid-transaction, keeps nothing of it, and writes again after', async () => {
    const store = await open();
    let killed = false;
    // The renderer runs between two statements of the write's transaction. A separate process ends
    // the writer's backend there (the event loop is blocked, so it must be another process): the
    // connection breaks while the pool has it checked out, which used to end the Node process.
    const script = `const pg = require('pg');
      const c = new pg.Client(process.argv[1]);
      c.connect()
        .then(() => c.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction' AND pid <> pg_backend_pid()"))
        .then((r) => { process.stdout.write(String(r.rowCount)); return c.end(); });`;
    store.setRenderer((a) => {
      if (!killed) {
        killed = true;
        expect(execFileSync(process.execPath, ['-e', script, database.url], { encoding: 'utf8' })).toBe('1');
      }
      return { en: `<p>${a.id}</p>`, zh: `<p>${a.id}</p>`, es: `<p>${a.id}</p>` };
    });
    const before = store.dataVersion();
    await expect(store.upsertMany(FIXTURES.slice(0, 3))).rejects.toThrow(/terminat/i);
    expect(killed).toBe(true);
    // Give a stray 'error' event the chance to reach the process before the test ends.
    await new Promise((done) => setTimeout(done, 200));
    expect(await store.count()).toBe(0);
    expect(await store.articleIds()).toEqual([]);
    expect(store.dataVersion()).toBe(before);
    expect(await store.upsertMany(FIXTURES.slice(0, 3))).toEqual({ imported: 3, updated: 0, unchanged: 0 });
    expect((await store.page(FIXTURES[0]!.id, 'en'))?.html).toBe(`<p>${FIXTURES[0]!.id}</p>`);
  });

  it('reports a write as failed when its backend is ended during a statement, and writes again after', async () => {
    const store = await open();
    const admin = new pg.Client(database.url);
    await admin.connect();
    try {
      await admin.query('BEGIN');
      await admin.query('LOCK TABLE article_totals IN ACCESS EXCLUSIVE MODE');
      const write = store.upsert(FIXTURES[0]!).catch((error: unknown) => error);
      await until(async () => {
        const { rows } = await admin.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        return rows[0]!.n === 1;
      }, 5000);
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      expect(String(await write)).toMatch(/terminat/i);
      await admin.query('COMMIT');
    } finally {
      await admin.end();
    }
    await new Promise((done) => setTimeout(done, 200));
    expect(await store.count()).toBe(0);
    // Every pooled connection still works: none of them is the dead one.
    await Promise.all(Array.from({ length: 12 }, () => store.count()));
    expect(await store.upsert(FIXTURES[0]!)).toBe('imported');
  });

  it('gives up a read at the read timeout, and lets a write wait past it', async () => {
    const store = await open({ readTimeoutMs: 200 });
    const admin = new pg.Client(database.url);
    await admin.connect();
    try {
      await admin.query('BEGIN');
      await admin.query('LOCK TABLE article_totals IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const read = await store.count().catch((error: unknown) => error);
      expect(read).toBeInstanceOf(StoreUnavailableError);
      expect((read as Error).message).toMatch(/statement timeout/);
      expect(Date.now() - started).toBeLessThan(2000);
      const write = store.upsert(FIXTURES[0]!);
      await new Promise((done) => setTimeout(done, 500));
      await admin.query('COMMIT');
      expect(await write).toBe('imported');
    } finally {
      await admin.end();
    }
    expect(await store.count()).toBe(1);
  });

  it('lets a bug in reading rows stay an error of its own, not "database unavailable"', async () => {
    const store = await open();
    await store.upsert(FIXTURES[0]!);
    const admin = new pg.Client(database.url);
    await admin.connect();
    // A row this code never writes: reading it fails in JavaScript, not in the database.
    await admin.query('ALTER TABLE articles ALTER COLUMN categories DROP NOT NULL');
    await admin.query('UPDATE articles SET categories = NULL');
    await admin.end();
    const failure = await store.latest({ limit: 10, offset: 0 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure).not.toBeInstanceOf(StoreUnavailableError);
  });

  it('reports the database unavailable when it is gone, with the reason', async () => {
    const store = await open();
    expect(await store.check()).toEqual({ status: 'ok', articleCount: 0 });
    await database.drop();
    const health = await store.check();
    expect(health.status).toBe('unavailable');
    // The driver's own words, not the wrapper's (which says "database" whatever happened).
    expect(health.problem).toMatch(/does not exist/);
  });
});
