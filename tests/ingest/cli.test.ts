// @vitest-environment node
/**
 * `npm run ingest` as a person runs it: a child process, real feeds over HTTP, a real
 * database file named by DATABASE_PATH, plain output lines (stdout is a pipe here) and exit codes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FEEDS_FILE, parseCliArgs, readFeedConfig, sourceForUrl, UsageError } from '../../server/ingest/cli-options';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import { testDictionary, testDictionaryPath } from '../server/fixtures';
import { FIXTURES, startFixtureServer, type FixtureServer } from './fixture-server';
import { logMessages } from './log-messages';

const ROOT = join(import.meta.dirname, '../..');

let server: FixtureServer;
let dir: string;

beforeAll(async () => {
  testDictionary();
  server = await startFixtureServer({
    '/feeds/rss.xml': { file: 'rss-full.xml', contentType: 'application/rss+xml', etag: '"cli-1"' },
    '/feeds/latin1.xml': { file: 'latin1-feed.xml', contentType: 'application/xml' },
    '/pages/old-mill.html': { file: 'pages/old-mill-cp1252.html', contentType: 'text/html' },
    '/pages/slow-robot-kits.html': { file: 'pages/robot-kits.html', contentType: 'text/html; charset=utf-8', delayMs: 400 },
    '/feeds/many.xml': {
      body: `<feed xmlns="http://www.w3.org/2005/Atom"><title>Many</title>${Array.from(
        { length: 8 },
        (_, i) =>
          `<entry><title>Robot kits, part ${i + 1}</title><link href="/pages/slow-robot-kits.html?part=${i + 1}"/><updated>2026-11-18T0${i}:00:00Z</updated></entry>`,
      ).join('')}</feed>`,
      contentType: 'application/atom+xml',
    },
  });
  dir = mkdtempSync(join(tmpdir(), 'ingest-cli-'));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One dictionary file for every run (built once by testDictionary), so each run only checks it. */
const SHARED_DICTIONARY = testDictionaryPath();

interface Result {
  code: number | null;
  /** The messages of the log lines it printed, one a line. */
  stdout: string;
  stderr: string;
}

function ingest(args: string[], database: string, onStdout?: (text: string, child: ReturnType<typeof spawn>) => void): Promise<Result> {
  return new Promise((resolve, reject) => {
    // Node itself with tsx as a loader, not the tsx wrapper: a signal then reaches the importer directly.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/ingest/cli.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_PATH: database, DICTIONARY_PATH: SHARED_DICTIONARY, TRANSLATION_PROVIDER: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      onStdout?.(stdout, child);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: logMessages(stdout), stderr }));
  });
}

describe('npm run ingest', () => {
  it('imports feeds into DATABASE_PATH, creating it, and a second run changes nothing', async () => {
    const database = join(dir, 'first', 'newsreader.db');
    const first = await ingest(
      ['--allow-private-hosts', '--source', 'npr', server.url('/feeds/rss.xml'), server.url('/feeds/latin1.xml')],
      database,
    );
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('imported: Night Buses Return to the River District');
    expect(first.stdout).toContain('imported: Déjà Vu at the Old Mill');
    expect(first.stdout).toMatch(/^Summary: 4 imported, 0 updated, 1 unchanged, 0 failed \(feeds: 2 read, 0 not modified, 0 failed\)$/m);
    // Plain lines, not a live terminal line.
    expect(first.stdout).not.toContain('\r');

    const second = await ingest(
      ['--allow-private-hosts', '--source', 'npr', server.url('/feeds/rss.xml'), server.url('/feeds/latin1.xml')],
      database,
    );
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^Summary: 0 imported, 0 updated, 2 unchanged, 0 failed \(feeds: 2 read, 1 not modified, 0 failed\)$/m);

    const store = openSqliteStore(database);
    try {
      expect(store.count()).toBe(4);
    } finally {
      store.close();
    }
  }, 60_000);

  it('reads a feed from a file and feeds listed in a config file', async () => {
    const database = join(dir, 'config', 'newsreader.db');
    const config = join(dir, 'feeds.json');
    writeFileSync(config, JSON.stringify({ feeds: [{ source: 'bbc', url: server.url('/feeds/latin1.xml') }] }));
    const feedFile = join(dir, 'saved-feed.xml');
    writeFileSync(feedFile, readFileSync(join(FIXTURES, 'malformed.xml'), 'utf8').replaceAll('{{ORIGIN}}', server.origin));
    const result = await ingest(['--allow-private-hosts', '--config', config, '--source', 'cbs', feedFile], database);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('imported: Volunteers Repair Bicycles for Students');
    expect(result.stdout).toMatch(/failed: item 2.*malformed XML/);
    expect(result.stdout).toMatch(/^Summary: 3 imported, 0 updated, 0 unchanged, 1 failed/m);
  }, 60_000);

  it('exits non-zero only when no feed could be read at all', async () => {
    const database = join(dir, 'none', 'newsreader.db');
    const result = await ingest(
      ['--allow-private-hosts', '--source', 'npr', server.url('/feeds/missing.xml'), join(dir, 'no-such-file.xml')],
      database,
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/FAILED feed .*missing\.xml: HTTP 404/);
    expect(result.stdout).toMatch(/^Summary: 0 imported, 0 updated, 0 unchanged, 0 failed \(feeds: 0 read, 0 not modified, 2 failed\)$/m);
  }, 60_000);

  it('refuses a bare feed whose source cannot be told, and unknown options, with a clear message', async () => {
    const database = join(dir, 'usage', 'newsreader.db');
    const bare = await ingest([server.url('/feeds/rss.xml')], database);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('cannot tell the source of');
    expect(bare.stderr).toContain('--source');
    const unknown = await ingest(['--source', 'fox', server.url('/feeds/rss.xml')], database);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown source "fox"');
  }, 60_000);

  it('stops on SIGINT after the articles in progress, leaving only whole articles', async () => {
    const database = join(dir, 'interrupted', 'newsreader.db');
    let signalled = false;
    const result = await ingest(
      ['--allow-private-hosts', '--per-host', '1', '--source', 'npr', server.url('/feeds/many.xml')],
      database,
      (stdout, child) => {
        if (!signalled && stdout.includes('imported: Robot kits')) {
          signalled = true;
          child.kill('SIGINT');
        }
      },
    );
    expect(signalled).toBe(true);
    expect(result.stdout).toContain('SIGINT received');
    const imported = (result.stdout.match(/^imported: /gm) ?? []).length;
    expect(imported).toBeGreaterThan(0);
    expect(imported).toBeLessThan(8);
    // Pages still loading when the signal came are neither written nor counted as failures.
    expect(result.stdout).toMatch(new RegExp(`^Summary: ${imported} imported, 0 updated, 0 unchanged, 0 failed`, 'm'));
    const store = openSqliteStore(database);
    try {
      expect(store.count()).toBe(imported);
      for (const row of store.latest({ limit: 10, offset: 0 }).items) {
        const article = store.byId(row.id)!;
        expect(article.paragraphs.length).toBe(5);
        expect(article.vocabulary.length).toBeGreaterThan(0);
      }
    } finally {
      store.close();
    }
  }, 60_000);

  it('runs again on a schedule with --every until SIGTERM', async () => {
    const database = join(dir, 'every', 'newsreader.db');
    let signalled = false;
    const result = await ingest(
      ['--allow-private-hosts', '--every', '30', '--source', 'npr', server.url('/feeds/latin1.xml')],
      database,
      (stdout, child) => {
        if (!signalled && stdout.includes('Next run at')) {
          signalled = true;
          child.kill('SIGTERM');
        }
      },
    );
    expect(signalled).toBe(true);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Summary: 2 imported/m);
    expect(result.stdout).toContain('SIGTERM received');
  }, 60_000);
});

describe('the default feed list', () => {
  it('names one feed for each source, each on a host that tells its source', () => {
    const feeds = readFeedConfig(join(ROOT, 'server/ingest/feeds.json'));
    expect(feeds.map((f) => f.source).sort()).toEqual(['bbc', 'cbs', 'npr', 'reuters']);
    for (const feed of feeds) expect(sourceForUrl(feed.url)).toBe(feed.source);
  });

  it('is what a bare `npm run ingest` reads', () => {
    expect(parseCliArgs([]).feeds).toEqual(readFeedConfig(DEFAULT_FEEDS_FILE));
    expect(parseCliArgs(['--timeout', '5']).timeoutMs).toBe(5000);
    expect(() => parseCliArgs(['--source', 'npr'])).toThrow(UsageError);
    expect(() => parseCliArgs(['--every', '0'])).toThrow(/--every needs a positive number/);
    expect(() => parseCliArgs(['--bogus'])).toThrow(/unknown option --bogus/);
  });
});
