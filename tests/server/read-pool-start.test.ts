// @vitest-environment node
/**
 * Decision 58: a read worker is given reads only once it has loaded (tsx, the store, the answers' serialiser: hundreds
 * of milliseconds, over a second on a busy machine). A search asked while it starts waits for it, rather than being
 * stopped as too slow by a time budget that its start-up used up. And the wait is bounded: a read no worker takes
 * within the start deadline is refused, and reads are refused at once when the workers die before they are ready.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { testConfig } from '../../server/config';
import { StoreUnavailableError } from '../../server/store/store-errors';
import { ReadPool } from '../../server/store/sqlite/read-pool';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import { sqliteSeam } from '../../server/store/sqlite/sqlite-seam';
import { FIXTURES, makeTempDir, writeDist } from './fixtures';

const dir = makeTempDir('nr-read-pool-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fixture = (name: string) => new URL(`./read-pool-fixtures/${name}`, import.meta.url).href;
const SEARCH = { q: 'telescope', limit: 20, offset: 0 };

it('answers a search sent while its read worker is still starting', async () => {
  const databasePath = join(dir, 'test.db');
  const store = openSqliteStore(databasePath);
  store.upsertMany(FIXTURES);
  // The worker's answers module takes a second to load; the budget of a read is half that, which a search of this
  // small file keeps easily. Sent to the worker before it was ready, the search would be stopped as too slow (503).
  const pool = new ReadPool({ databasePath, size: 1, maxQueue: 10, timeoutMs: 500, answersModule: fixture('slow-answers.ts') });
  const app = await buildServer({
    store: sqliteSeam(store, { search: (query) => pool.search(query), searchJson: (query) => pool.searchJson(query) }),
    config: testConfig({ distDir: writeDist(dir), databasePath, rateLimitMax: 0, answerCacheEntries: 0 }),
  });
  try {
    const res = await app.inject('/api/articles/search?q=telescope');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ total: number }>().total).toBe(3);
  } finally {
    await app.close();
    await pool.close();
    store.close();
  }
}, 30_000);

it('refuses the queued reads when its worker dies before it is ready, instead of leaving them waiting', async () => {
  // A start deadline far beyond the test's time: only the failed start can refuse the read in time.
  const pool = new ReadPool({
    databasePath: join(dir, 'none.db'),
    size: 1,
    maxQueue: 10,
    timeoutMs: 1000,
    startTimeoutMs: 600_000,
    workerUrl: fixture('failing-worker.ts'),
  });
  try {
    const error = await pool.search(SEARCH).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as Error).message).toMatch(/cannot load \(a test fixture\)/);
    // Still refused, not left waiting, while the worker is started again after its back-off and dies again.
    await expect(pool.search(SEARCH)).rejects.toBeInstanceOf(StoreUnavailableError);
  } finally {
    await pool.close();
  }
}, 20_000);

it('refuses a read that no worker takes within the start deadline', async () => {
  const pool = new ReadPool({
    databasePath: join(dir, 'none.db'),
    size: 1,
    maxQueue: 10,
    timeoutMs: 1000,
    startTimeoutMs: 300,
    workerUrl: fixture('never-ready-worker.ts'),
  });
  try {
    const started = performance.now();
    await expect(pool.search(SEARCH)).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(pool.queued).toBe(0);
  } finally {
    await pool.close();
  }
}, 20_000);
