// @vitest-environment node
/**
 * Issue 13, case 6: the importer does not fetch loopback, private, link-local or multicast
 * addresses (SSRF), whether written as an IP, reached through DNS or named in a feed item,
 * unless --allow-private-hosts says so; each refused item gets a clear reason.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nonPublicKind } from '../../server/ingest/address-guard';
import { importFeeds } from '../../server/ingest/importer';
import { PoliteFetcher } from '../../server/ingest/polite-fetcher';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import { startFixtureServer, type FixtureServer } from './fixture-server';
import { failureOf } from './fetch-failure';

let server: FixtureServer;
const dir = mkdtempSync(join(tmpdir(), 'nr-ssrf-'));
beforeAll(async () => {
  server = await startFixtureServer({ '/page': { body: '<html><body><p>secret</p></body></html>', contentType: 'text/html' } });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('address classification', () => {
  it('knows the non-public ranges and lets public addresses through', () => {
    expect(nonPublicKind('127.0.0.1')).toBe('a loopback address');
    expect(nonPublicKind('::1')).toBe('a loopback address');
    expect(nonPublicKind('::ffff:127.0.0.1')).toMatch(/^a loopback address/);
    expect(nonPublicKind('169.254.169.254')).toBe('a link-local address');
    expect(nonPublicKind('fe80::1')).toBe('a link-local address');
    expect(nonPublicKind('10.1.2.3')).toBe('a private address');
    expect(nonPublicKind('172.20.0.1')).toBe('a private address');
    expect(nonPublicKind('192.168.1.1')).toBe('a private address');
    expect(nonPublicKind('fd00::1')).toBe('a private (unique local) address');
    expect(nonPublicKind('224.0.0.1')).toBe('a multicast address');
    expect(nonPublicKind('ff02::1')).toBe('a multicast address');
    expect(nonPublicKind('0.0.0.0')).toBeDefined();
    expect(nonPublicKind('93.184.216.34')).toBeUndefined();
    expect(nonPublicKind('2606:2800:220:1::1')).toBeUndefined();
  });

  it('sees the IPv4 address inside every IPv6 form that embeds one', () => {
    // The URL parser writes [::ffff:127.0.0.1] as [::ffff:7f00:1]: both forms reach loopback.
    expect(nonPublicKind('[::ffff:7f00:1]')).toMatch(/^a loopback address/);
    expect(nonPublicKind('::ffff:a9fe:a9fe')).toMatch(/^a link-local address/);
    expect(nonPublicKind('::127.0.0.1')).toMatch(/^a loopback address/);
    expect(nonPublicKind('64:ff9b::a00:1')).toMatch(/^a private address/);
    expect(nonPublicKind('2002:c0a8:101::1')).toMatch(/^a private address/);
    expect(nonPublicKind('fec0::1')).toBeDefined();
    expect(nonPublicKind('fe80::1%eth0')).toBe('a link-local address');
    expect(nonPublicKind('::ffff:808:808')).toBeUndefined();
    expect(nonPublicKind('2002:808:808::1')).toBeUndefined();
  });
});

describe('the fetcher refuses non-public targets', () => {
  it('refuses an IP address and a name that resolves to one, before any request is made', async () => {
    const before = server.requests.length;
    const literal = await failureOf(new PoliteFetcher().fetch(server.url('/page'), { accept: 'text/html' }));
    expect(literal.kind).toBe('blocked-address');
    expect(literal.message).toContain('127.0.0.1 is a loopback address');
    expect(literal.message).toContain('--allow-private-hosts');
    const named = await failureOf(
      new PoliteFetcher().fetch(server.url('/page').replace('127.0.0.1', 'localhost'), { accept: 'text/html' }),
    );
    expect(named.kind).toBe('blocked-address');
    expect(named.message).toMatch(/localhost \((127\.0\.0\.1|::1)\) is a loopback address/);
    expect(server.requests.length).toBe(before);
  });

  it('refuses loopback written as an IPv4-mapped IPv6 address', async () => {
    const before = server.requests.length;
    const mapped = await failureOf(
      new PoliteFetcher().fetch(server.url('/page').replace('127.0.0.1', '[::ffff:127.0.0.1]'), { accept: 'text/html' }),
    );
    expect(mapped.kind).toBe('blocked-address');
    expect(server.requests.length).toBe(before);
  });

  it('fetches them when allowPrivateHosts is set', async () => {
    const page = await new PoliteFetcher({ allowPrivateHosts: true }).fetch(server.url('/page'), { accept: 'text/html' });
    expect(page.status).toBe(200);
  });
});

describe('the importer reports each refused item', () => {
  it('fails items that point at loopback, link-local and private addresses, with the reason', async () => {
    const port = new URL(server.origin).port;
    const links = [
      `http://127.0.0.1:${port}/page`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.1.2.3/admin',
      `http://[::1]:${port}/page`,
      `http://localhost:${port}/page`,
    ];
    const feed = join(dir, 'feed.xml');
    writeFileSync(
      feed,
      `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>${links
        .map((link, i) => `<item><title>Item ${i}</title><link>${link}</link><description>short</description></item>`)
        .join('')}</channel></rss>`,
    );
    const store = openSqliteStore(join(dir, 'ssrf.db'));
    const reasons: string[] = [];
    const before = server.requests.length;
    try {
      const summary = await importFeeds(store, [{ url: feed, source: 'npr' }], {
        timeoutMs: 2000,
        reporter: { itemDone: (_feed, outcome, detail) => outcome === 'failed' && reasons.push(detail.reason ?? '') },
      });
      expect(summary).toMatchObject({ imported: 0, failed: links.length });
    } finally {
      store.close();
    }
    expect(reasons.join('\n')).toContain('is a loopback address');
    expect(reasons.join('\n')).toContain('is a link-local address');
    expect(reasons.join('\n')).toContain('is a private address');
    for (const reason of reasons) expect(reason).toMatch(/^refused http/);
    expect(server.requests.length).toBe(before);
  });
});
