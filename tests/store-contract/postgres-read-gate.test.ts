/**
 * The PostgreSQL store's reads at once (decision 48): past DATABASE_READ_CONCURRENCY they wait in the node, not on
 * the database server, and a search (which reads the article count within) never waits for itself.
 */
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPostgresStore, type PostgresArticleStore } from '../../server/store/postgres/postgres-store';
import { ReadOverloadError } from '../../server/store/store-errors';
import { FIXTURES } from '../server/fixtures';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

describe('PostgreSQL: reads at once', () => {
  let database: TestDatabase;
  let store: PostgresArticleStore;
  let admin: pg.Client;

  beforeEach(async () => {
    database = await createTestDatabase();
    store = await openPostgresStore(database.url, { readConcurrency: 1 });
    for (const article of FIXTURES) await store.upsert(article);
    admin = new pg.Client(database.url);
    await admin.connect();
  });
  afterEach(async () => {
    await admin.end();
    await store.close();
    await database.drop();
  });

  /** The store's statements the database server is running or holding now (not this test's own). */
  async function running(): Promise<string[]> {
    const { rows } = await admin.query<{ query: string }>(
      `SELECT query FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
         AND state = 'active' AND query NOT LIKE 'LISTEN%'`,
    );
    return rows.map((row) => row.query);
  }

  it('sends one read at a time with a limit of one; the others wait their turn and all answer', async () => {
    const word = FIXTURES[0]!.title.split(/\s+/).find((w) => /^[a-z]{5,}$/i.test(w))!;
    const expected = await store.search({ q: word, limit: 5, offset: 0 });
    expect(expected.items.length).toBeGreaterThan(0);
    await admin.query('BEGIN');
    await admin.query('LOCK TABLE article_totals IN ACCESS EXCLUSIVE MODE');
    const reads = [store.count(), store.latest({ limit: 3, offset: 0 }), store.search({ q: word, limit: 5, offset: 0 })] as const;
    await new Promise((done) => setTimeout(done, 300));
    expect(await running()).toHaveLength(1);
    await admin.query('COMMIT');
    const [count, latest, search] = await Promise.all(reads);
    expect(count).toBe(FIXTURES.length);
    expect(latest.items).toHaveLength(3);
    expect(search).toEqual(expected);
  });

  it('sheds a read past the waiting limit as a busy server (503 overloaded), not as a lost database', async () => {
    const limited = await openPostgresStore(database.url, { readConcurrency: 1, readQueueMax: 1 });
    try {
      await admin.query('BEGIN');
      await admin.query('LOCK TABLE article_totals IN ACCESS EXCLUSIVE MODE');
      const held = limited.count();
      const waiting = limited.count();
      await new Promise((done) => setTimeout(done, 100));
      await expect(limited.count()).rejects.toBeInstanceOf(ReadOverloadError);
      await admin.query('COMMIT');
      expect(await Promise.all([held, waiting])).toEqual([FIXTURES.length, FIXTURES.length]);
    } finally {
      await limited.close();
    }
  });
});
