/** The store contract on a real SQLite file in a temporary directory. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import { sqliteSeam } from '../../server/store/sqlite/sqlite-seam';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import { storeContract } from './store-contract';

describe('store contract: SQLite', () => {
  storeContract(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nr-contract-'));
    const db = sqliteSeam(openSqliteStore(join(dir, 'articles.db')));
    return {
      db,
      async cleanup() {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
});
