// @vitest-environment node
/**
 * `npm start` with DATABASE_URL: the real server process on PostgreSQL migrates it, loads the
 * sample corpus on the first start only and serves from it; a second node on the same database
 * finds everything done. And DATABASE_URL must be a PostgreSQL URL.
 */
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from '../../server/config';
import { PG_LATEST_VERSION } from '../../server/store/postgres/postgres-schema';
import { makeTempDir, testDictionaryPath, testDictionary, writeDist } from '../server/fixtures';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { startServer, type RunningServer } from '../support/server-process';

let database: TestDatabase;
let dir: string;
const servers: RunningServer[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  dir = makeTempDir('nr-pg-main-');
  // Built once here, so the server processes only open it.
  testDictionary();
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.dispose()));
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm start with DATABASE_URL', () => {
  it('migrates PostgreSQL, loads the sample corpus once, and serves from it on every node', async () => {
    const env = { DATABASE_URL: database.url, DICTIONARY_PATH: testDictionaryPath(), LOG_LEVEL: 'info', READ_WORKERS: '2' };
    const first = await startServer({ distDir: writeDist(dir), databasePath: `${dir}/unused.db`, env });
    servers.push(first);
    const health = (await (await fetch(`${first.origin}/api/health`)).json()) as { status: string; article_count: number };
    expect(health).toMatchObject({ status: 'ok', database: 'reachable' });
    expect(health.article_count).toBeGreaterThanOrEqual(30);
    expect(first.output()).toMatch(new RegExp(`PostgreSQL .*: migrated from v0 to v${PG_LATEST_VERSION} `));
    expect(first.output()).toMatch(/sample corpus: \d+ imported, 0 updated, 0 unchanged/);
    expect(first.output()).not.toContain(database.url);

    const second = await startServer({ distDir: writeDist(dir), databasePath: `${dir}/unused.db`, env });
    servers.push(second);
    expect(second.output()).toMatch(new RegExp(`schema v${PG_LATEST_VERSION}\\b`));
    expect(second.output()).toMatch(/sample corpus: 0 imported, 0 updated, \d+ unchanged/);
    const search = (await (await fetch(`${second.origin}/api/articles/search?q=harbour`)).json()) as { total: number };
    expect(search.total).toBeGreaterThan(0);
    const latest = (await (await fetch(`${second.origin}/api/articles/latest?limit=1`)).json()) as { articles: { article_id: string }[] };
    const article = await fetch(`${first.origin}/api/articles/${latest.articles[0]!.article_id}?language=es`);
    expect(article.status).toBe(200);

    // SIGTERM waits for the pool and the listener to end their sessions before the process exits.
    await second.stop();
    expect(second.output()).toContain('closed cleanly');
    expect(second.output()).not.toMatch(/error while closing/);
  }, 90_000);
});

describe('DATABASE_URL', () => {
  it('accepts postgres:// and postgresql:// URLs and refuses anything else without echoing it', () => {
    expect(configFromEnv({ DATABASE_URL: 'postgres://u:p@db:5432/news' }).databaseUrl).toBe('postgres://u:p@db:5432/news');
    expect(configFromEnv({ DATABASE_URL: 'postgresql://db/news' }).databaseUrl).toBe('postgresql://db/news');
    expect(configFromEnv({ DATABASE_URL: '  ' }).databaseUrl).toBeUndefined();
    expect(() => configFromEnv({ DATABASE_URL: 'mysql://u:secret@db/news' })).toThrow(ConfigError);
    expect(() => configFromEnv({ DATABASE_URL: 'mysql://u:secret@db/news' })).toThrow(/must be a PostgreSQL URL.*mysql:/);
    expect(() => configFromEnv({ DATABASE_URL: 'secret-not-a-url' })).toThrow(/not a URL/);
    try {
      configFromEnv({ DATABASE_URL: 'mysql://u:secret@db/news' });
    } catch (error) {
      expect((error as Error).message).not.toContain('secret');
    }
  });

  it('reads DATABASE_READ_CONCURRENCY (default: the CPUs beside a local PostgreSQL, the pool size beside a remote one) and refuses less than one read at once', () => {
    const cores = Math.min(10, availableParallelism());
    expect(configFromEnv({ DATABASE_READ_CONCURRENCY: '2' }).databaseReadConcurrency).toBe(2);
    expect(configFromEnv({}).databaseReadConcurrency).toBe(10);
    expect(configFromEnv({ DATABASE_URL: 'postgres://app@db.example.com:5432/news' }).databaseReadConcurrency).toBe(10);
    expect(configFromEnv({ DATABASE_URL: 'postgres://app@localhost/news?host=db.example.com' }).databaseReadConcurrency).toBe(10);
    expect(configFromEnv({ DATABASE_URL: 'postgres://app@db.example.com/news', DATABASE_POOL_SIZE: '6' }).databaseReadConcurrency).toBe(6);
    for (const local of [
      'postgres://app@127.0.0.1:5432/news',
      'postgresql://app@localhost/news',
      'postgres://app@[::1]:5432/news',
      'postgres:///news?host=/var/run/postgresql',
      'postgres://app@%2Fvar%2Frun%2Fpostgresql/news',
      'postgres://app@db.example.com/news?host=localhost',
    ]) {
      expect(configFromEnv({ DATABASE_URL: local }).databaseReadConcurrency, local).toBe(cores);
    }
    expect(configFromEnv({ DATABASE_URL: 'postgres://app@127.0.0.1/news', DATABASE_READ_CONCURRENCY: '8' }).databaseReadConcurrency).toBe(
      8,
    );
    expect(() => configFromEnv({ DATABASE_READ_CONCURRENCY: '0' })).toThrow(ConfigError);
  });
});
