// @vitest-environment node
/**
 * Imported articles get what the samples have: the importer glosses every vocabulary word in
 * Chinese and Spanish from the bundled dictionary (or the page says there is none), cuts
 * examples to the clause around the word, and articles imported before the dictionary existed
 * are filled by the one-time start-up pass. Real feeds over HTTP, real SQLite, the real API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { testConfig } from '../../server/config';
import { applyReadingHelpPass, READING_HELP_PASS } from '../../server/content/reading-help-pass';
import { EXAMPLE_MAX_WORDS } from '../../server/content/vocabulary-help';
import { importFeeds, type FeedSpec, type ImportOptions } from '../../server/ingest/importer';
import { openSqliteStore, type SqliteArticleStore } from '../../server/store/sqlite/sqlite-store';
import { testDictionary } from '../server/fixtures';
import { startFixtureServer, type FixtureServer } from './fixture-server';
import { sqliteSeam } from '../../server/store/sqlite/sqlite-seam';

const ROUTES = {
  '/feeds/rss.xml': { file: 'rss-full.xml', contentType: 'application/rss+xml; charset=utf-8' },
  '/feeds/atom.xml': { file: 'atom-links.xml', contentType: 'application/atom+xml' },
  '/pages/robot-kits.html': { file: 'pages/robot-kits.html', contentType: 'text/html; charset=utf-8' },
  '/pages/old-mill.html': { file: 'pages/old-mill-cp1252.html', contentType: 'text/html' },
};

let server: FixtureServer;
let dir: string;
let store: SqliteArticleStore;

beforeAll(async () => {
  server = await startFixtureServer(ROUTES);
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ingest-glosses-'));
  store = openSqliteStore(join(dir, 'newsreader.db'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const FEEDS = (): FeedSpec[] => [
  { url: server.url('/feeds/rss.xml'), source: 'cbs' },
  { url: server.url('/feeds/atom.xml'), source: 'bbc' },
];

async function importAll(options: ImportOptions = {}): Promise<string[]> {
  const summary = await importFeeds(store, FEEDS(), { timeoutMs: 2500, allowPrivateHosts: true, ...options });
  expect(summary.imported).toBeGreaterThanOrEqual(3);
  return store.articleIds();
}

async function renderedVocabulary(ids: readonly string[], language: 'zh' | 'es') {
  const app = await buildServer({ store: sqliteSeam(store), config: testConfig({ loadCorpus: false }), dictionary: testDictionary() });
  const items: Array<{ word: string; gloss: string | null; missing: boolean; example: string; marked: string[] }> = [];
  for (const id of ids) {
    const response = await app.inject({ method: 'GET', url: `/api/articles/${id}?language=${language}` });
    const doc = new JSDOM(response.json().article.html_content).window.document;
    for (const item of doc.querySelectorAll('.nr-vocabulary-item')) {
      const translation = item.querySelector('.nr-vocabulary-translation');
      items.push({
        word: item.querySelector('.nr-vocabulary-word')?.textContent ?? '',
        missing: translation?.classList.contains('nr-vocabulary-missing') ?? false,
        gloss: translation && !translation.classList.contains('nr-vocabulary-missing') ? translation.textContent : null,
        example: item.querySelector('.nr-vocabulary-example')?.textContent ?? '',
        marked: [...item.querySelectorAll('.nr-vocabulary-in-context')].map((mark) => mark.textContent ?? ''),
      });
    }
  }
  await app.close();
  return items;
}

describe('the importer with the bundled dictionary', () => {
  it('glosses nearly every vocabulary word in Chinese and Spanish, and says so where it cannot', async () => {
    const ids = await importAll({ dictionary: testDictionary() });
    for (const [language, share, script] of [
      ['zh', 0.9, /\p{Script=Han}/u],
      ['es', 0.85, /[a-záéíóúñü]/i],
    ] as const) {
      const items = await renderedVocabulary(ids, language);
      expect(items.length, language).toBeGreaterThanOrEqual(15);
      // Every entry has a gloss or a stated absence, never English alone under the heading.
      for (const item of items) expect(item.gloss !== null || item.missing, `${language} ${item.word}`).toBe(true);
      const glossed = items.filter((item) => item.gloss !== null);
      expect(glossed.length / items.length, `${language}: ${glossed.length} of ${items.length}`).toBeGreaterThanOrEqual(share);
      for (const item of glossed) expect(item.gloss, item.word).toMatch(script);
    }
  });

  it('cuts examples to the clause around the word and marks the form the text uses', async () => {
    const ids = await importAll({ dictionary: testDictionary() });
    const items = await renderedVocabulary(ids, 'zh');
    for (const item of items) {
      const words = item.example.split(/\s+/).filter((token) => token && token !== '…');
      expect(words.length, item.example).toBeLessThanOrEqual(EXAMPLE_MAX_WORDS);
      expect(item.marked.length, `${item.word} in "${item.example}"`).toBeGreaterThan(0);
    }
  });
});

describe('the start-up pass over articles imported before the dictionary', () => {
  it('fills their glosses once; a second run changes nothing', async () => {
    const ids = await importAll();
    const before = store.byId(ids[0]!)!;
    expect(before.vocabulary.every((item) => !item.translations.zh)).toBe(true);

    const first = await applyReadingHelpPass(store, testDictionary());
    expect(first).toMatchObject({ ran: true, checked: ids.length });
    expect(first.updated).toBeGreaterThan(0);
    const after = store.byId(ids[0]!)!;
    expect(after.vocabulary.filter((item) => item.translations.zh).length).toBeGreaterThan(0);
    expect(after.contentHash).not.toBe(before.contentHash);

    // Recorded: the next start skips the pass.
    expect(store.contentPass(READING_HELP_PASS)).toBe(testDictionary().version);
    expect(await applyReadingHelpPass(store, testDictionary())).toEqual({ ran: false, checked: 0, updated: 0 });

    // Even forced to run again, it finds nothing to change.
    store.recordContentPass(READING_HELP_PASS, 'an older dictionary');
    expect(await applyReadingHelpPass(store, testDictionary())).toMatchObject({ ran: true, updated: 0 });
    expect(store.byId(ids[0]!)!.contentHash).toBe(after.contentHash);
  });
});
