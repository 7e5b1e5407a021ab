// @vitest-environment node
/**
 * Issue 13: a few thousand fuzzed requests against the real server process: no 5xx other
 * than deliberate load shedding, JSON for every API answer, security headers on everything.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import { fuzz } from '../support/fuzz';
import { startLiveServer, type LiveServer } from '../support/server-process';
import { FIXTURES, makeTempDir, writeDist } from './fixtures';

const dir = makeTempDir('nr-fuzz-');
let server: LiveServer;

beforeAll(async () => {
  const databasePath = join(dir, 'fuzz.db');
  const store = openSqliteStore(databasePath);
  store.upsertMany(FIXTURES);
  store.close();
  server = await startLiveServer({ DATABASE_PATH: databasePath, DIST_DIR: writeDist(dir), LOAD_CORPUS: 'false', RATE_LIMIT_MAX: '0' });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('fuzz', () => {
  it('3,000 mixed requests: no 5xx, JSON from the API, security headers everywhere', async () => {
    const report = await fuzz(server.port, { count: 3000, concurrency: 16, seed: 13 });
    expect(report.problems).toEqual([]);
    expect(report.answered).toBeGreaterThan(2900);
    expect(server.child.exitCode).toBeNull();
  }, 60_000);
});
