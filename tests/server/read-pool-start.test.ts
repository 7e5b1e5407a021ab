// @vitest-environment node
/**
 * Decision 58: a read worker is given reads only once it has loaded (tsx, the store, the answers' serialiser: hundreds
 * of milliseconds, over a second on a busy machine). A search asked while it starts waits for it, rather than being
 * stopped as too slow by a time budget that its start-up used up.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { testConfig } from '../../server/config';
import { ReadPool } from '../../server/store/sqlite/read-pool';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import { sqliteSeam } from '../../server/store/sqlite/sqlite-seam';
import { FIXTURES, makeTempDir, writeDist } from './fixtures';

const dir = makeTempDir('nr-read-pool-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('answers a search sent while its read worker is still starting', async () => {
  const databasePath = join(dir, 'test.db');
  const store = openSqliteStore(databasePath);
  store.upsertMany(FIXTURES);
  // A budget a search of this small file keeps easily, and a worker's start never does.
  const pool = new ReadPool({
    databasePath,
    size: 1,
    maxQueue: 10,
    timeoutMs: 150,
    answersModule: new URL('../../server/answers/list-page.ts', import.meta.url).href,
  });
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
