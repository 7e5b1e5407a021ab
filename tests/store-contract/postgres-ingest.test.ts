// @vitest-environment node
/**
 * `npm run ingest` with DATABASE_URL: the importer writes to PostgreSQL (migrating it when it runs
 * first), keeps the feed validators there, and a second run changes nothing.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../server/store/postgres/postgres-store';
import { startFixtureServer, type FixtureServer } from '../ingest/fixture-server';
import { testDictionary, testDictionaryPath } from '../server/fixtures';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

const ROOT = join(import.meta.dirname, '../..');
let server: FixtureServer;
let database: TestDatabase;

beforeAll(async () => {
  testDictionary();
  server = await startFixtureServer({
    '/feeds/rss.xml': { file: 'rss-full.xml', contentType: 'application/rss+xml', etag: '"pg-1"' },
  });
  database = await createTestDatabase();
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

function ingest(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/ingest/cli.ts', '--allow-private-hosts', '--source', 'npr', server.url('/feeds/rss.xml')],
      {
        cwd: ROOT,
        env: { ...process.env, DICTIONARY_PATH: testDictionaryPath(), TRANSLATION_PROVIDER: '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    // stdout is a pipe: one JSON log line per event (the same logger as the server's); the messages are what is read.
    child.on('close', (code) =>
      resolve({
        code,
        stdout: stdout
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => String((JSON.parse(line) as { msg?: unknown }).msg))
          .join('\n'),
        stderr,
      }),
    );
  });
}

describe('npm run ingest with DATABASE_URL', () => {
  it('imports into PostgreSQL, keeps the feed validators there, and a second run changes nothing', async () => {
    const first = await ingest({ DATABASE_URL: database.url });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Importing 1 feed\(s\) into PostgreSQL/);
    const imported = Number(/^Summary: (\d+) imported, 0 updated/m.exec(first.stdout)?.[1]);
    expect(imported).toBeGreaterThan(0);

    const second = await ingest({ DATABASE_URL: database.url });
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^Summary: 0 imported, 0 updated, \d+ unchanged, 0 failed \(feeds: 1 read, 1 not modified, 0 failed\)$/m);

    const store = await openPostgresStore(database.url);
    try {
      expect(await store.count()).toBe(imported);
      expect(await store.feedState(server.url('/feeds/rss.xml'))).toEqual({ etag: '"pg-1"' });
      // Written with their rendered pages, like the SQLite importer's.
      expect(await store.idsWithoutHtml(10)).toEqual([]);
    } finally {
      await store.close();
    }
  }, 60_000);

  it('refuses a DATABASE_URL that is not PostgreSQL, with a clear message', async () => {
    const result = await ingest({ DATABASE_URL: 'sqlite:///tmp/x.db' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/DATABASE_URL must be a PostgreSQL URL/);
  }, 30_000);
});
