// @vitest-environment node
/**
 * Issue 13, case 5: /api/health reads the database for real and notices when the file under
 * DATABASE_PATH is deleted, renamed or replaced; the server opens it again when it is back.
 */
import { copyFileSync, renameSync, rmSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import { startLiveServer, type LiveServer } from '../support/server-process';
import { FIXTURES, makeTempDir, writeDist } from './fixtures';

const dir = makeTempDir('nr-health-');
const databasePath = join(dir, 'site.db');
let server: LiveServer;

beforeAll(async () => {
  const store = openSqliteStore(databasePath);
  store.upsertMany(FIXTURES);
  store.close();
  server = await startLiveServer({
    DATABASE_PATH: databasePath,
    DIST_DIR: writeDist(dir),
    LOAD_CORPUS: 'false',
    READ_WORKERS: '2',
    // Load shedding off: health is never shed, but the list read after the reopen is, and on a busy
    // runner a second of event-loop delay (the reopen, two read workers starting) can shed it with 503;
    // this file is about following the database file, not shedding (tests/server/load-shedding.test.ts).
    MAX_EVENT_LOOP_DELAY_MS: '0',
  });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function health(): Promise<{ status: number; body: { status: string; article_count: number | null; problem?: string } }> {
  const res = await fetch(`${server.url}/api/health`);
  return { status: res.status, body: (await res.json()) as never };
}

function removeDatabaseFiles(path: string) {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
}

describe('health follows the database file', () => {
  it('is ok, then degraded (503) when the file is renamed away, and ok again when it is back', async () => {
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', database: 'reachable', article_count: 6 } });
    renameSync(databasePath, `${databasePath}.moved`);
    const moved = await health();
    expect(moved.status).toBe(503);
    expect(moved.body.status).toBe('degraded');
    expect(moved.body.problem).toContain('missing');
    renameSync(`${databasePath}.moved`, databasePath);
    expect((await health()).status).toBe(200);
  });

  it('reports a deleted file, and opens a replacement file and serves its articles', async () => {
    const spare = join(dir, 'spare.db');
    const other = openSqliteStore(spare);
    other.upsertMany(FIXTURES.slice(0, 2));
    other.close();
    unlinkSync(databasePath);
    const deleted = await health();
    expect(deleted.status).toBe(503);
    expect(deleted.body.status).toBe('degraded');
    removeDatabaseFiles(databasePath);
    // The replacement appears whole (copied beside, then renamed into place, as an operator should):
    // copied in place, the server's 5 s watch could open the file half-written, as an empty database.
    copyFileSync(spare, `${databasePath}.incoming`);
    renameSync(`${databasePath}.incoming`, databasePath);
    const back = await health();
    expect(back).toMatchObject({ status: 200, body: { status: 'ok', database: 'reachable', article_count: 2 } });
    // The read workers follow the new file too.
    const answer = await fetch(`${server.url}/api/articles/latest`);
    const latest = (await answer.json()) as { total: number };
    expect({ status: answer.status, total: latest.total }, JSON.stringify(latest)).toEqual({ status: 200, total: 2 });
  });
});
