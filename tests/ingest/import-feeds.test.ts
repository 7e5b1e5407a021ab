// @vitest-environment node
/**
 * The importer end to end: real feeds and pages served over HTTP by a local server,
 * a real SQLite file, and the articles read back through the real API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ArticlePageCodec, ArticleResponseCodec } from '../../common/contract';
import { buildServer } from '../../server/app';
import { testConfig } from '../../server/config';
import { articleId } from '../../server/ingest/article-builder';
import { importFeeds, type FeedSpec, type ImportOptions, type ImportSummary } from '../../server/ingest/importer';
import { DEFAULT_USER_AGENT } from '../../server/ingest/polite-fetcher';
import { openSqliteStore, type SqliteArticleStore } from '../../server/store/sqlite/sqlite-store';
import { startFixtureServer, type FixtureServer, type Route } from './fixture-server';
import { sqliteSeam } from '../../server/store/sqlite/sqlite-seam';

const ROUTES: Record<string, Route> = {
  '/feeds/rss.xml': { file: 'rss-full.xml', contentType: 'application/rss+xml; charset=utf-8', etag: '"rss-v1"' },
  '/feeds/atom.xml': { file: 'atom-links.xml', contentType: 'application/atom+xml' },
  '/feeds/malformed.xml': { file: 'malformed.xml', contentType: 'application/rss+xml' },
  '/feeds/not-a-feed.xml': { file: 'not-a-feed.xml', contentType: 'application/rss+xml' },
  // No charset in the header: the XML declaration (ISO-8859-1) must be honoured.
  '/feeds/latin1.xml': { file: 'latin1-feed.xml', contentType: 'application/xml' },
  '/pages/robot-kits.html': { file: 'pages/robot-kits.html', contentType: 'text/html; charset=utf-8' },
  // No charset in the header: the meta tag (windows-1252) must be honoured.
  '/pages/old-mill.html': { file: 'pages/old-mill-cp1252.html', contentType: 'text/html' },
  '/pages/slow.html': { hang: true },
  '/pages/report.pdf': { body: '%PDF-1.4\n% a document, not a web page\n', contentType: 'application/pdf' },
  '/pages/huge.html': {
    body: `<!DOCTYPE html><html><body><article>${'<p>An endless page of repeated words that nobody should import.</p>'.repeat(4000)}</article></body></html>`,
    contentType: 'text/html; charset=utf-8',
  },
};

/** Short limits so the hanging and oversized pages fail quickly. */
const FAST: ImportOptions = { timeoutMs: 2500, maxBytes: 64 * 1024 };

let server: FixtureServer;
let dir: string;
let store: SqliteArticleStore;
let app: FastifyInstance | undefined;

beforeAll(async () => {
  server = await startFixtureServer(ROUTES);
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ingest-test-'));
  store = openSqliteStore(join(dir, 'newsreader.db'));
  server.requests.length = 0;
  for (const [path, route] of Object.entries(ROUTES)) server.routes.set(path, route);
});
afterEach(async () => {
  await app?.close();
  app = undefined;
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function feed(path: string, source: FeedSpec['source'] = 'npr'): FeedSpec {
  return { url: server.url(path), source };
}

async function run(feeds: FeedSpec[], options: ImportOptions = {}): Promise<{ summary: ImportSummary; failures: string[] }> {
  const failures: string[] = [];
  const summary = await importFeeds(store, feeds, {
    // The fixture server listens on 127.0.0.1, which the importer refuses unless told otherwise.
    allowPrivateHosts: true,
    ...FAST,
    ...options,
    reporter: {
      ...options.reporter,
      itemDone: (_feed, outcome, detail) => {
        if (outcome === 'failed') failures.push(`${detail.title}: ${detail.reason}`);
      },
      feedFailed: (_feed, reason) => failures.push(`feed: ${reason}`),
    },
  });
  return { summary, failures };
}

async function api(): Promise<FastifyInstance> {
  app ??= await buildServer({
    store: sqliteSeam(store),
    config: testConfig({ databasePath: join(dir, 'newsreader.db'), loadCorpus: false }),
  });
  return app;
}

/** What a reader sees of rendered HTML: its text, whatever elements the words are wrapped in. */
function textOf(html: string | null | undefined): string {
  return new JSDOM(html ?? '').window.document.body.textContent ?? '';
}

async function detail(id: string) {
  const response = await (await api()).inject({ method: 'GET', url: `/api/articles/${id}?language=en` });
  expect(response.statusCode).toBe(200);
  const decoded = ArticleResponseCodec.decode(response.json());
  if (decoded._tag === 'Left') throw new Error('detail response does not match the contract');
  return decoded.right.article;
}

describe('importing an RSS feed with full text', () => {
  it('stores each article once, shows it through the API and renders it on the detail page', async () => {
    const { summary, failures } = await run([feed('/feeds/rss.xml', 'cbs')]);
    expect(failures).toEqual([]);
    // Three items, one of them the same story again (same link, other tracking parameters).
    expect(summary).toMatchObject({ imported: 2, updated: 0, unchanged: 1, failed: 0, feedsRead: 1 });

    const list = await (await api()).inject({ method: 'GET', url: '/api/articles/latest?language=en&limit=10' });
    const page = ArticlePageCodec.decode(list.json());
    if (page._tag === 'Left') throw new Error('list response does not match the contract');
    expect(page.right.total).toBe(2);
    expect(page.right.articles.map((a) => a.title).sort()).toEqual([
      'Night Buses Return to the River District',
      'School Clinic Offers Free Eye Tests for Children',
    ]);

    const id = articleId('cbs', server.url('/stories/night-buses'));
    const article = await detail(id);
    expect(article.source).toBe('cbs');
    // The link kept for "read the original" carries no tracking parameters.
    expect(article.url).toBe(server.url('/stories/night-buses'));
    expect(article.summary).toBe('The city brings back three late-night bus routes after a two-year pause.');
    expect(article.categories).toContain('politics');
    expect(article.word_count).toBeGreaterThan(100);
    expect(article.learning_metadata?.estimated_reading_time).toBe(Math.ceil(article.word_count! / 60));
    expect(article.learning_metadata?.difficulty_level).toMatch(/^(beginner|intermediate|advanced)$/);
    const html = article.html_content ?? '';
    expect(html).toMatch(/<p><span class="nr-s"><span class="nr-w">Late-night<\/span>/);
    expect(textOf(html)).toContain('Late-night buses are coming back to the river district.');
    expect(textOf(html)).toContain('The first night bus leaves the central station on December first.');
    expect(html).toContain('Key vocabulary');
    // The feed's script and event handler never reach the page.
    expect(html).not.toMatch(/alert\(|onclick|steal\(\)/);
  });

  it('picks key vocabulary with definitions and the sentence it appears in', async () => {
    await run([feed('/feeds/rss.xml', 'cbs')]);
    const stored = store.byId(articleId('cbs', server.url('/stories/eye-tests')))!;
    expect(stored.vocabulary.length).toBeGreaterThanOrEqual(3);
    expect(stored.vocabulary.length).toBeLessThanOrEqual(8);
    for (const item of stored.vocabulary) {
      expect(item.definition.length).toBeGreaterThan(5);
      expect(['noun', 'verb', 'adjective', 'adverb']).toContain(item.partOfSpeech);
      expect(stored.paragraphs.join(' ')).toContain(item.example);
      expect(item.example.toLowerCase()).toContain(item.word.slice(0, 4).toLowerCase());
      expect(item.translations).toEqual({});
    }
    // Everyday words are not vocabulary.
    expect(stored.vocabulary.map((v) => v.word)).not.toContain('children');
    expect(stored.vocabulary.map((v) => v.word)).not.toContain('school');
  });

  it('reports everything unchanged on a second run, asking for the feed conditionally', async () => {
    await run([feed('/feeds/rss.xml'), feed('/feeds/latin1.xml')]);
    server.requests.length = 0;
    const { summary } = await run([feed('/feeds/rss.xml'), feed('/feeds/latin1.xml')]);
    expect(summary).toMatchObject({ imported: 0, updated: 0, failed: 0, feedsRead: 2, feedsNotModified: 1 });
    // The latin1 feed has no validators, so it is read again: its two items are unchanged.
    expect(summary.unchanged).toBe(2);
    const rssRequest = server.requests.find((r) => r.path === '/feeds/rss.xml');
    expect(rssRequest?.headers['if-none-match']).toBe('"rss-v1"');
    // The page behind the link-only item is not loaded again when the feed shows no change.
    expect(server.requests.some((r) => r.path === '/pages/old-mill.html')).toBe(false);
    expect(store.count()).toBe(4);
  });

  it('keeps the run going when the validators cannot be saved, with a warning, and reads the feed in full next time', async () => {
    const { default: Database } = await import('better-sqlite3');
    const raw = new Database(join(dir, 'newsreader.db'));
    // A real failure of the write, as a full disk or a lost connection would give.
    raw.exec(`CREATE TRIGGER feed_state_refused BEFORE INSERT ON feed_state BEGIN SELECT RAISE(ABORT, 'no room for validators'); END`);
    raw.close();
    const warnings: string[] = [];
    const { summary, failures } = await run([feed('/feeds/rss.xml'), feed('/feeds/latin1.xml')], {
      reporter: { warning: (message) => warnings.push(message) },
    });
    expect(failures).toEqual([]);
    expect(summary).toMatchObject({ imported: 4, failed: 0, feedsRead: 2 });
    expect(warnings).toEqual([expect.stringMatching(/rss\.xml: its validators were not saved .*no room for validators/)]);
    expect(store.count()).toBe(4);
    server.requests.length = 0;
    await run([feed('/feeds/rss.xml')]);
    expect(server.requests.find((r) => r.path === '/feeds/rss.xml')?.headers['if-none-match']).toBeUndefined();
  });

  it('updates an item that changed at the source', async () => {
    await run([feed('/feeds/rss.xml')]);
    const id = articleId('npr', server.url('/stories/eye-tests'));
    const before = store.byId(id)!;
    const { readFileSync } = await import('node:fs');
    const original = readFileSync(join(import.meta.dirname, 'fixtures', 'rss-full.xml'), 'utf8');
    server.routes.set('/feeds/rss.xml', {
      body: original.replace('So far the nurses have tested four hundred children.', 'So far the nurses have tested six hundred children.'),
      contentType: 'application/rss+xml; charset=utf-8',
      etag: '"rss-v2"',
    });
    const { summary } = await run([feed('/feeds/rss.xml')]);
    expect(summary).toMatchObject({ imported: 0, updated: 1, unchanged: 2, failed: 0 });
    const after = store.byId(id)!;
    expect(after.paragraphs.join(' ')).toContain('six hundred children');
    expect(after.contentHash).not.toBe(before.contentHash);
    expect(store.count()).toBe(2);
    const html = (await detail(id)).html_content ?? '';
    expect(textOf(html)).toContain('six hundred children');
  });
});

describe('importing an Atom feed whose entries only link to their pages', () => {
  it('extracts the main text of the page and reports every broken entry without stopping', async () => {
    const started = Date.now();
    const { summary, failures } = await run([feed('/feeds/atom.xml', 'bbc')]);
    expect(summary).toMatchObject({ imported: 1, updated: 0, unchanged: 0, failed: 4, feedsRead: 1 });
    expect(failures).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^A Page That Never Answers: timed out after 2.5 s/),
        expect.stringMatching(/^The Council Report as a PDF: not an HTML page \(application\/pdf\)/),
        expect.stringMatching(/^An Enormous Page: larger than the 64 KB limit/),
        expect.stringMatching(/^An Entry Without a Link: the item has no link/),
      ]),
    );
    // The hanging page was given up on after its time-out, not waited for.
    expect(Date.now() - started).toBeLessThan(10_000);

    const article = await detail(articleId('bbc', server.url('/pages/robot-kits.html')));
    expect(article.title).toBe('Town Library Lends Robot Kits to Young Coders');
    expect(article.date).toBe('2026-11-18T07:00:00.000Z');
    expect(article.categories).toContain('technology');
    const html = article.html_content ?? '';
    expect(textOf(html)).toContain('The public library in Hilltown has started lending small robot kits to children.');
    expect(html).toContain('Key vocabulary');
    // Navigation, side boxes, footers and scripts of the page are not the article.
    expect(html).not.toContain('Most read');
    expect(html).not.toContain('All rights reserved');
    expect(html).not.toContain('should not survive');

    // Every request, feed and pages alike, names the project.
    expect(server.requests.length).toBe(5);
    for (const request of server.requests) expect(request.headers['user-agent']).toBe(DEFAULT_USER_AGENT);
  });
});

describe('feeds that are broken', () => {
  it('reads the good items of a malformed feed and skips the broken one', async () => {
    const { summary, failures } = await run([feed('/feeds/malformed.xml')]);
    expect(summary).toMatchObject({ imported: 1, failed: 1, feedsRead: 1 });
    expect(failures[0]).toMatch(/malformed XML/);
    expect(store.byId(articleId('npr', server.url('/stories/bicycle-repair')))?.title).toBe('Volunteers Repair Bicycles for Students');
  });

  it('goes on with the other feeds when one cannot be read at all', async () => {
    const { summary, failures } = await run([feed('/feeds/not-a-feed.xml'), feed('/feeds/missing.xml'), feed('/feeds/rss.xml')]);
    expect(summary).toMatchObject({ imported: 2, feedsRead: 1, feedsFailed: 2 });
    expect(failures).toEqual(
      expect.arrayContaining([expect.stringMatching(/not-a-feed\.xml: malformed XML/), expect.stringMatching(/HTTP 404/)]),
    );
  });

  it('refuses items whose link is not an http(s) address', async () => {
    const paragraph = '<p>' + 'A sentence of ordinary text for the test. '.repeat(30) + '</p>';
    server.routes.set('/feeds/odd-links.xml', {
      body: `<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Odd</title>
        <item><title>Script link</title><link>javascript:alert(1)</link><content:encoded><![CDATA[${paragraph}]]></content:encoded></item>
        <item><title>Mail link</title><link>mailto:desk@example.org</link><content:encoded><![CDATA[${paragraph}]]></content:encoded></item>
      </channel></rss>`,
      contentType: 'application/rss+xml',
    });
    const { summary, failures } = await run([feed('/feeds/odd-links.xml')]);
    expect(summary).toMatchObject({ imported: 0, failed: 2 });
    expect(failures).toEqual([
      "Script link: the item's link is not an http(s) address: javascript:alert(1)",
      "Mail link: the item's link is not an http(s) address: mailto:desk@example.org",
    ]);
    expect(store.count()).toBe(0);
  });
});

describe('non-UTF-8 feeds and pages', () => {
  it('decodes an ISO-8859-1 feed and a windows-1252 page by their own declarations', async () => {
    const { summary, failures } = await run([feed('/feeds/latin1.xml', 'reuters')]);
    expect(failures).toEqual([]);
    expect(summary).toMatchObject({ imported: 2, failed: 0 });

    const cafe = await detail(articleId('reuters', server.url('/stories/cafe-lessons')));
    expect(cafe.title).toBe('Café Owners Swap Lessons: English for Spanish');
    expect(textOf(cafe.html_content)).toContain('Inés runs a small café');
    expect(textOf(cafe.html_content)).toContain('jalapeño pastry');

    const mill = await detail(articleId('reuters', server.url('/pages/old-mill.html')));
    expect(mill.title).toBe('Déjà Vu at the Old Mill');
    expect(textOf(mill.html_content)).toContain('“We kept thinking it was impossible,” said the group’s leader');
    expect(textOf(mill.html_content)).toContain('the wheel moved — and everybody cheered');
    expect(textOf(mill.html_content)).toContain('crêpes');
  });
});
