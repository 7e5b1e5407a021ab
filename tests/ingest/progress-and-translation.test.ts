// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { testConfig } from '../../server/config';
import { articleId } from '../../server/ingest/article-builder';
import { emptySummary, importFeeds } from '../../server/ingest/importer';
import { createProgressReporter } from '../../server/ingest/progress';
import { LibreTranslateProvider, translationProviderFromEnv, TranslationConfigError } from '../../server/ingest/translation';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import { startFixtureServer, type FixtureServer } from './fixture-server';
import { sqliteSeam } from '../../server/store/sqlite/sqlite-seam';

function recorder(isTTY: boolean, columns = 120) {
  const chunks: string[] = [];
  return { stream: { isTTY, columns, write: (text: string) => chunks.push(text) }, output: () => chunks.join('') };
}

const FEED = { url: 'https://feeds.example.org/news.xml', source: 'npr' as const };

describe('progress display', () => {
  it('on a terminal, updates one line in place and prints problems above it', () => {
    const { stream, output } = recorder(true);
    const progress = createProgressReporter(stream);
    progress.feedStarted!(FEED, 0, 1);
    progress.feedRead!(FEED, 3);
    progress.itemDone!(FEED, 'imported', { title: 'First story', id: 'npr-1' });
    progress.itemDone!(FEED, 'unchanged', { title: 'Second story', id: 'npr-2' });
    progress.itemDone!(FEED, 'failed', { title: 'Third story', reason: 'timed out after 15 s' });
    progress.finish({ ...emptySummary(), imported: 1, unchanged: 1, failed: 1, feedsRead: 1 });
    const text = output();
    expect(text).toContain('\r\x1b[2Kfeeds 1/1 · items 2/3 · 1 imported, 0 updated, 1 unchanged, 0 failed');
    // Only the failure and the summary end with a new line; the status line is rewritten in place.
    // eslint-disable-next-line no-control-regex -- ESC[2K (erase the line) is the escape the status line is rewritten with
    const upToLastRewrite = /^[\s\S]*\r\x1b\[2K/;
    expect(
      text
        .split('\n')
        .filter(Boolean)
        .map((l) => l.replace(upToLastRewrite, '')),
    ).toEqual([
      'failed: Third story — timed out after 15 s',
      'Summary: 1 imported, 0 updated, 1 unchanged, 1 failed (feeds: 1 read, 0 not modified, 0 failed)',
    ]);
  });

  it('never draws the status line wider than the terminal', () => {
    const { stream, output } = recorder(true, 40);
    const progress = createProgressReporter(stream);
    progress.feedStarted!(FEED, 0, 1);
    progress.feedRead!(FEED, 3);
    const frames = output().split('\r\x1b[2K').filter(Boolean);
    expect(frames.length).toBe(2);
    for (const frame of frames) expect(frame.length).toBeLessThan(40);
  });

  it('elsewhere, prints plain lines without control characters', () => {
    const { stream, output } = recorder(false);
    const progress = createProgressReporter(stream);
    progress.feedRead!(FEED, 2);
    progress.itemDone!(FEED, 'imported', { title: 'First story', id: 'npr-1' });
    progress.itemDone!(FEED, 'unchanged', { title: 'Second story', id: 'npr-2' });
    progress.feedRead!({ ...FEED, url: 'https://feeds.example.org/other.xml' }, undefined);
    expect(output()).toBe(
      '[npr] https://feeds.example.org/news.xml: 2 items\n' +
        'imported: First story (npr-1)\n' +
        '[npr] https://feeds.example.org/other.xml: not modified since the last run\n',
    );
  });
});

describe('translation provider', () => {
  let translator: Server;
  let translatorUrl: string;
  let feeds: FixtureServer;
  const asked: Array<{ q: string[]; target: string; source: string }> = [];

  beforeAll(async () => {
    // A stand-in LibreTranslate server speaking its HTTP API: it marks each text with the target language.
    translator = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const request = JSON.parse(body) as { q: string[]; target: string; source: string };
        asked.push(request);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ translatedText: request.q.map((text) => `[${request.target}] ${text}`) }));
      });
    });
    await new Promise<void>((resolve) => translator.listen(0, '127.0.0.1', resolve));
    translatorUrl = `http://127.0.0.1:${(translator.address() as AddressInfo).port}`;
    feeds = await startFixtureServer({ '/feeds/rss.xml': { file: 'rss-full.xml', contentType: 'application/rss+xml' } });
  });
  afterAll(async () => {
    await feeds.close();
    await new Promise((resolve) => translator.close(resolve));
  });

  it('is chosen by the environment, and a wrong setting is a clear error', () => {
    expect(translationProviderFromEnv({})).toBeUndefined();
    expect(translationProviderFromEnv({ TRANSLATION_PROVIDER: 'none' })).toBeUndefined();
    expect(translationProviderFromEnv({ TRANSLATION_PROVIDER: 'libretranslate', LIBRETRANSLATE_URL: translatorUrl })).toBeInstanceOf(
      LibreTranslateProvider,
    );
    expect(() => translationProviderFromEnv({ TRANSLATION_PROVIDER: 'libretranslate' })).toThrow(TranslationConfigError);
    expect(() => translationProviderFromEnv({ TRANSLATION_PROVIDER: 'deepl' })).toThrow(/unknown TRANSLATION_PROVIDER "deepl"/);
  });

  it('fills the zh and es vocabulary and summary shown on the article page', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ingest-translate-'));
    const store = openSqliteStore(join(dir, 'newsreader.db'));
    try {
      const summary = await importFeeds(store, [{ url: feeds.url('/feeds/rss.xml'), source: 'npr' }], {
        translation: new LibreTranslateProvider(translatorUrl),
        allowPrivateHosts: true,
      });
      expect(summary).toMatchObject({ imported: 2, failed: 0 });
      expect(asked.map((a) => a.target).sort()).toEqual(['es', 'es', 'zh', 'zh']);
      expect(asked.every((a) => a.source === 'en')).toBe(true);

      const id = articleId('npr', feeds.url('/stories/eye-tests'));
      const stored = store.byId(id)!;
      expect(stored.summaryTranslations).toEqual({ zh: `[zh] ${stored.summary}`, es: `[es] ${stored.summary}` });
      const first = stored.vocabulary[0]!;
      expect(first.translations).toEqual({ zh: `[zh] ${first.word}`, es: `[es] ${first.word}` });

      const app = await buildServer({ store: sqliteSeam(store), config: testConfig({ loadCorpus: false }) });
      try {
        const response = await app.inject({ method: 'GET', url: `/api/articles/${id}?language=es` });
        const html = (response.json() as { article: { html_content: string } }).article.html_content;
        expect(html).toContain(`[es] ${first.word}`);
        expect(html).toContain(`[es] ${stored.summary}`);
      } finally {
        await app.close();
      }
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
