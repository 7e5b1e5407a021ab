// @vitest-environment node
/**
 * `npm start` as a real process: it migrates and fills a new database, prints its URL,
 * serves site and API on one port, and on SIGTERM finishes in-flight responses and closes
 * the database cleanly.
 */
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config';
import { LATEST_SCHEMA_VERSION } from '../../server/store/sqlite/migrations';
import { startLiveServer, type LiveServer } from '../support/server-process';
import { makeTempDir, writeDist } from './fixtures';

const dir = makeTempDir('nr-main-');
const dist = writeDist(dir);
const bigAsset = 'x'.repeat(30 * 1024 * 1024);
writeFileSync(join(dist, 'assets', 'big-abc.bin'), bigAsset);
const databasePath = join(dir, 'data', 'site.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(extraEnv: Record<string, string> = {}): Promise<LiveServer> {
  return startLiveServer({ DATABASE_PATH: databasePath, DIST_DIR: dist, LOG_LEVEL: 'info', ...extraEnv });
}

describe('npm start', () => {
  it('creates, migrates and fills the database, serves site and API on one port, and stops cleanly on SIGTERM', async () => {
    const server = await start();
    const health = await (await fetch(`${server.url}/api/health`)).json();
    expect(health).toMatchObject({ status: 'ok', database: 'reachable' });
    expect(health.article_count).toBeGreaterThanOrEqual(30);
    const home = await fetch(`${server.url}/es`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('aprende inglés con las noticias');
    expect(server.output()).toContain(`migrated from v0 to v${LATEST_SCHEMA_VERSION}`);
    // The dictionary is built beside the database on the first start, and answers.
    expect(server.output()).toMatch(/dictionary: built .*dictionary\.db/);
    expect((await fetch(`${server.url}/api/dictionary/harbours?language=es`)).status).toBe(200);

    // A large response is in flight when the signal arrives; it must still arrive whole.
    const inFlight = fetch(`${server.url}/assets/big-abc.bin`, { headers: { 'accept-encoding': 'identity' } });
    const response = await inFlight;
    server.child.kill('SIGTERM');
    const body = await response.text();
    expect(body.length).toBe(bigAsset.length);
    expect(await server.exited, server.output().slice(-3000)).toBe(0);
    expect(server.output()).toContain('closed cleanly');
    // A clean close checkpoints the WAL and removes it.
    expect(existsSync(`${databasePath}-wal`)).toBe(false);

    // A second start finds the same data: nothing re-imported, nothing migrated.
    const again = await start();
    const count = (await (await fetch(`${again.url}/api/health`)).json()).article_count;
    expect(count).toBe(health.article_count);
    expect(again.output()).toMatch(/ 0 imported, 0 updated, \d+ unchanged/);
    expect(again.output()).toContain(`schema v${LATEST_SCHEMA_VERSION}`);
    expect(again.output()).toMatch(/dictionary: .*dictionary\.db is up to date/);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
    const db = new Database(databasePath, { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  }, 60_000);

  it('stops with a message naming the file when the bundled dictionary data is damaged', async () => {
    const damaged = join(dir, 'damaged-dictionary');
    cpSync(join(PROJECT_ROOT, 'server', 'dictionary', 'data'), damaged, { recursive: true });
    const forms = join(damaged, 'forms.tsv.gz');
    const bytes = readFileSync(forms);
    const middle = bytes.length >> 1;
    bytes[middle] = bytes[middle]! ^ 0xff;
    writeFileSync(forms, bytes);
    const attempt = start({ DICTIONARY_DATA_DIR: damaged, DICTIONARY_PATH: join(dir, 'damaged.db') });
    const failure = await attempt.then(
      () => new Error('the server started on damaged data'),
      (error: unknown) => error as Error,
    );
    expect(failure.message).toMatch(/exited early with 1/);
    expect(failure.message).toContain('forms.tsv.gz');
    expect(failure.message).toContain('dictionary is damaged');
  }, 60_000);
});
