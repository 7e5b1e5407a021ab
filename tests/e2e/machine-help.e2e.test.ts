/**
 * Machine-written reading help in real Chromium against the real server: a fixture feed is imported
 * over HTTP with the bundled dictionary and a stand-in OpenAI-compatible model (both on loopback,
 * stopped once the database is written), then a learner opens the article in Chinese and Spanish.
 */
import { expect, it } from 'vitest';
import { dictionaryPathFrom } from '../../server/config';
import { ARTICLE_LABELS } from '../../server/content/labels';
import { openDictionary } from '../../server/dictionary/open-dictionary';
import { importFeeds } from '../../server/ingest/importer';
import { ChatCompletionsClient } from '../../server/llm/chat-completions';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import type { MachineHelp } from '../../server/store/types';
import { startFixtureServer } from '../ingest/fixture-server';
import { startFakeChatServer } from '../support/fake-chat-completions';
import { shownText } from './support/app';
import { axeViolations } from './support/axe';
import { newPage, SAVED_REJECTION, useHarness } from './support/harness';

const MODEL = 'qwen2.5:7b-instruct';
const BODY_HOST = '[data-testid="article-body-host"]';
let articleId = '';
let help: Partial<Record<'zh' | 'es', MachineHelp>> = {};

async function seed(databasePath: string): Promise<void> {
  const feeds = await startFixtureServer({ '/feeds/rss.xml': { file: 'rss-full.xml', contentType: 'application/rss+xml' } });
  const llm = await startFakeChatServer();
  const { dictionary } = openDictionary({ path: dictionaryPathFrom({}, databasePath) });
  const store = openSqliteStore(databasePath);
  try {
    const client = new ChatCompletionsClient({ baseUrl: llm.baseUrl, model: MODEL, concurrency: 2, timeoutMs: 5_000, maxRequests: 10 });
    await importFeeds(store, [{ url: feeds.url('/feeds/rss.xml'), source: 'npr' }], {
      dictionary,
      allowPrivateHosts: true,
      timeoutMs: 5_000,
      explanations: { client, log: { info: () => {}, warn: () => {} } },
      reporter: { itemDone: (_feed, outcome, detail) => void (outcome === 'imported' && !articleId && (articleId = detail.id ?? '')) },
    });
    help = store.byId(articleId)?.machineHelp ?? {};
  } finally {
    store.close();
    dictionary.close();
    await llm.close();
    await feeds.close();
  }
  expect(Object.keys(help).sort(), 'the first article has help in both languages').toEqual(['es', 'zh']);
}

const harness = useHarness({ seed, env: { LOAD_CORPUS: 'false' } });

for (const language of ['zh', 'es'] as const) {
  it(`${language}: the generated summary, notes and hard sentences show, marked as machine-written with the model, and axe finds nothing`, async () => {
    const { context, page } = await newPage(harness, { ...SAVED_REJECTION, viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(`/${language}/articles/${articleId}`);
      const body = page.locator(BODY_HOST);
      await page.locator(`${BODY_HOST}[data-interactive]`).waitFor();
      const written = help[language]!;
      expect(await shownText(body.locator('.nr-article-summary p').first())).toBe(written.summary);
      const marks = body.locator('.nr-machine-written');
      expect(await marks.count()).toBe(3);
      for (const text of await marks.allTextContents()) expect(text).toBe(ARTICLE_LABELS[language].machineWritten(MODEL));
      const notes = body.locator('.nr-cultural-note-machine');
      expect(await notes.count()).toBe(written.notes.length);
      expect(await shownText(notes.first().locator('p'))).toBe(written.notes[0]!.body);
      expect(await shownText(notes.first().locator('.nr-cultural-note-term'))).toBe(`(${written.notes[0]!.term})`);
      expect(await body.locator('.nr-hard-sentences blockquote').count()).toBe(written.sentences.length);
      // The page no longer says the summary and notes are missing.
      expect(await page.locator('.missing-help').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
