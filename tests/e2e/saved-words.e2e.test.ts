/**
 * Saving words and the words page, in real Chromium against the real server with the fixture
 * feeds imported (as the word look-up tests do): save three words from two articles (the word
 * entry and the vocabulary list), reload, find them on /zh/words, search, delete and undo, export
 * the CSV, see a change from another tab, and a damaged or newer database named while the rest
 * of the site works. axe-core and keyboard-only use on the words page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { dictionaryPathFrom } from '../../server/config';
import { openDictionary } from '../../server/dictionary/open-dictionary';
import { importFeeds } from '../../server/ingest/importer';
import { openSqliteStore } from '../../server/store/sqlite-store';
import { SAVED_WORDS_TEXTS } from '../../src/domain/saved-words-texts';
import { TEXTS } from '../../src/domain/texts';
import { parseCsv } from '../../src/domain/word-export';
import { startFixtureServer } from '../ingest/fixture-server';
import { newPage, SAVED_REJECTION, useHarness } from './support/harness';
import { REPO_ROOT } from '../support/server-process';

const AXE_SOURCE = readFileSync(join(REPO_ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const HOST = '[data-testid="article-body-host"]';
const t = SAVED_WORDS_TEXTS.zh;
const FEED_ROUTES = {
  '/feeds/rss.xml': { file: 'rss-full.xml', contentType: 'application/rss+xml; charset=utf-8' },
  '/feeds/atom.xml': { file: 'atom-links.xml', contentType: 'application/atom+xml' },
  '/pages/robot-kits.html': { file: 'pages/robot-kits.html', contentType: 'text/html; charset=utf-8' },
};
const importedIds: string[] = [];

async function importFixtureFeeds(databasePath: string): Promise<void> {
  const fixtures = await startFixtureServer(FEED_ROUTES);
  const { dictionary } = openDictionary({ path: dictionaryPathFrom({}, databasePath) });
  const store = openSqliteStore(databasePath);
  try {
    const feeds = [
      { url: fixtures.url('/feeds/rss.xml'), source: 'cbs' },
      { url: fixtures.url('/feeds/atom.xml'), source: 'bbc' },
    ] as const;
    await importFeeds(store, feeds, {
      dictionary,
      timeoutMs: 5000,
      allowPrivateHosts: true,
      reporter: { itemDone: (_feed, outcome, detail) => void (outcome === 'imported' && detail.id && importedIds.push(detail.id)) },
    });
  } finally {
    store.close();
    dictionary.close();
    await fixtures.close();
  }
}

const harness = useHarness({ seed: importFixtureFeeds, env: { LOAD_CORPUS: 'false' } });

async function withPage(use: (page: Page, context: BrowserContext) => Promise<void>): Promise<void> {
  const { context, page } = await newPage(harness, SAVED_REJECTION);
  try {
    await use(page, context);
  } finally {
    await context.close();
  }
}

/** Two imported articles that each have a vocabulary list. */
async function articlesWithVocabulary(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const id of importedIds) {
    await page.goto(`/zh/articles/${id}`);
    await page.locator(`${HOST} .nr-article-body`).waitFor();
    if ((await page.locator(`${HOST} .nr-save-word`).count()) >= 2) found.push(id);
    if (found.length === 2) return found;
  }
  throw new Error('the fixture feeds should give two articles with a vocabulary list');
}

/** Saves the first vocabulary word of the list not saved yet; returns its word. */
async function saveFromVocabulary(page: Page): Promise<string> {
  const button = page.locator(`${HOST} .nr-save-word[data-saved="false"]`).first();
  const word = (await button.getAttribute('data-word')) ?? '';
  await button.click();
  await expect.poll(() => page.locator(`${HOST} .nr-save-word[data-word="${word}"]`).getAttribute('data-saved')).toBe('true');
  return word;
}

/** Opens the entry of a word of the text (vocabulary words first) and saves it there; returns the word as tapped. */
async function saveFromEntry(page: Page): Promise<string> {
  const words = page.locator(`${HOST} .nr-article-body :is(.nr-vocab-word, .nr-w)`);
  await words.first().waitFor();
  for (let index = 0; index < Math.min(30, await words.count()); index += 1) {
    await words.nth(index).click();
    const entry = page.locator('.word-entry:not([data-status="lookingUp"])');
    await entry.waitFor();
    const save = entry.locator('.word-save');
    if ((await entry.getAttribute('data-status')) !== 'shown' || (await save.textContent()) !== t.save) {
      await page.keyboard.press('Escape');
      continue;
    }
    const tapped = ((await words.nth(index).textContent()) ?? '').trim();
    await save.click();
    await expect.poll(() => save.textContent()).toBe(t.saved);
    await page.keyboard.press('Escape');
    return tapped;
  }
  throw new Error('no word of the text could be saved from its entry');
}

async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  })) as Array<{ id: string; help: string; nodes: Array<{ target: unknown[] }> }>;
  return violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

const wordHeadings = (page: Page) => page.locator('.saved-word h3').allTextContents();
const dueBadge = (page: Page) =>
  page.getByRole('navigation', { name: TEXTS.zh.nav.label }).getByRole('link', { name: new RegExp(TEXTS.zh.nav.myWords) });

/** Writes a value into the words store with the raw IndexedDB API (the page's own database). */
async function writeRaw(page: Page, value: unknown): Promise<void> {
  await page.evaluate(
    (record) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('newsreader');
        request.onsuccess = () => {
          const tx = request.result.transaction('words', 'readwrite');
          tx.objectStore('words').put(record);
          tx.oncomplete = () => {
            request.result.close();
            resolve();
          };
          tx.onerror = () => reject(new Error(String(tx.error)));
        };
        request.onerror = () => reject(new Error(String(request.error)));
      }),
    value,
  );
}

describe('saved words in the browser', () => {
  it('zh: three words saved from two articles are on /zh/words after a reload, newest first; search, delete and undo, export CSV, the header count', async () => {
    await withPage(async (page) => {
      const [first, second] = await articlesWithVocabulary(page);
      await page.goto(`/zh/articles/${first}`);
      const fromEntry = await saveFromEntry(page);
      const fromList = await saveFromVocabulary(page);
      await page.goto(`/zh/articles/${second}`);
      await page.locator(`${HOST} .nr-save-word`).first().waitFor();
      const third = await saveFromVocabulary(page);
      const saved = [third, fromList, fromEntry];

      await page.reload();
      await page.goto('/zh/words');
      await expect.poll(() => wordHeadings(page)).toHaveLength(3);
      const headings = await wordHeadings(page);
      // Newest first, each as the learner met it.
      expect(headings).toEqual(saved);
      await expect.poll(() => page.locator('.saved-word-source a').first().getAttribute('href')).toBe(`/zh/articles/${second}`);
      expect(await page.getByText(t.count(3)).first().isVisible()).toBe(true);
      await expect.poll(() => dueBadge(page).textContent()).toContain(TEXTS.zh.nav.dueCount(3));

      // Search filters in place; the address keeps no word.
      await page.getByLabel(t.searchLabel).fill(third);
      await expect.poll(() => wordHeadings(page)).toEqual([headings[0]]);
      expect(new URL(page.url()).search).toBe('');
      await page.getByLabel(t.searchLabel).fill('');

      // Delete, then Undo.
      await page.getByRole('button', { name: t.delete(headings[1]!) }).click();
      await expect.poll(() => wordHeadings(page)).toEqual([headings[0], headings[2]]);
      await expect.poll(() => dueBadge(page).textContent()).toContain(TEXTS.zh.nav.dueCount(2));
      await page.getByRole('button', { name: t.undo }).click();
      await expect.poll(() => wordHeadings(page)).toEqual(headings);

      // Export CSV: a header and one row per word, with absolute article links.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t.exportCsv }).click()]);
      const csv = readFileSync((await download.path())!, 'utf8');
      const rows = parseCsv(csv.replace(/^\uFEFF/, ''));
      expect(rows[0]).toEqual(['word', 'lemma', 'gloss', 'sentence', 'article_link', 'saved_at', 'due_at']);
      expect(rows.slice(1).map((row) => row[0])).toEqual(headings);
      for (const row of rows.slice(1)) {
        expect(row[4]).toMatch(new RegExp(`^${harness.server.origin}/zh/articles/(${first}|${second})$`));
        expect(row[5]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      }
      expect(rows.slice(1).filter((row) => row[3] !== '').length, 'saved words keep their sentence').toBeGreaterThanOrEqual(2);
    });
  });

  it('a second tab shows a word deleted in the first', async () => {
    await withPage(async (page, context) => {
      const [first] = await articlesWithVocabulary(page);
      await page.goto(`/zh/articles/${first}`);
      const word = await saveFromVocabulary(page);
      await page.goto('/zh/words');
      const other = await context.newPage();
      await other.goto('/zh/words');
      await expect.poll(() => wordHeadings(other)).toEqual([word]);
      await page.getByRole('button', { name: t.delete(word) }).click();
      await expect.poll(() => wordHeadings(other)).toEqual([]);
      await expect.poll(() => other.getByText(t.emptyTitle).isVisible()).toBe(true);
    });
  });

  it('a corrupt record is set aside with a message while the other words and the site work; a newer database is named and left alone', async () => {
    await withPage(async (page) => {
      const [first] = await articlesWithVocabulary(page);
      await page.goto(`/zh/articles/${first}`);
      const word = await saveFromVocabulary(page);
      await writeRaw(page, { id: 'broken', word: 42 });
      await page.goto('/zh/words');
      await expect
        .poll(() =>
          page
            .getByRole('alert')
            .filter({ hasText: t.setAside(1) })
            .count(),
        )
        .toBe(1);
      expect(await wordHeadings(page)).toEqual([word]);
      await page.getByRole('link', { name: TEXTS.zh.nav.articles, exact: true }).click();
      await expect.poll(() => page.locator('.card-grid a').count()).toBeGreaterThan(0);
    });

    await withPage(async (page) => {
      await page.goto('/zh/articles');
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const request = indexedDB.open('newsreader', 99);
            request.onsuccess = () => {
              request.result.close();
              resolve();
            };
          }),
      );
      await page.goto('/zh/words');
      await expect.poll(() => page.getByRole('alert').filter({ hasText: t.problems.newerVersion }).count()).toBe(1);
      await page.getByRole('link', { name: TEXTS.zh.nav.articles, exact: true }).click();
      await expect.poll(() => page.locator('.card-grid a').count()).toBeGreaterThan(0);
      const version = await page.evaluate(() => indexedDB.databases().then((list) => list.find((db) => db.name === 'newsreader')?.version));
      expect(version).toBe(99);
    });
  });

  it('axe finds no violations on /zh/words, empty and with words, and it works by keyboard alone', async () => {
    await withPage(async (page) => {
      await page.goto('/zh/words');
      await page.getByText(t.emptyTitle).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      const [first] = await articlesWithVocabulary(page);
      await page.goto(`/zh/articles/${first}`);
      const word = await saveFromVocabulary(page);
      await page.goto('/zh/words');
      await page.locator('.saved-word').first().waitFor();
      expect(await axeViolations(page)).toEqual([]);

      // Keyboard: from the search field, Tab reaches Delete; Enter deletes, focus lands on Undo; Enter undoes.
      await page.getByLabel(t.searchLabel).focus();
      let reached = false;
      for (let step = 0; step < 10 && !reached; step += 1) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate((name) => document.activeElement?.getAttribute('aria-label') === name, t.delete(word));
      }
      expect(reached, 'Tab should reach the Delete button').toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(t.undo);
      await page.keyboard.press('Enter');
      await expect.poll(() => wordHeadings(page)).toEqual([word]);
    });
  });

  it('saves by keyboard alone: Save in the entry of a word opened with Enter, and Save in the vocabulary list', async () => {
    await withPage(async (page) => {
      const [first] = await articlesWithVocabulary(page);
      await page.goto(`/zh/articles/${first}`);

      // A vocabulary word of the text: Enter opens its entry with focus; Tab reaches Save; Enter saves.
      const word = page.locator(`${HOST} .nr-article-body .nr-vocab-word`).first();
      await word.focus();
      await page.keyboard.press('Enter');
      const entry = page.locator('.word-entry[data-status="shown"]');
      await entry.waitFor();
      const save = entry.locator('.word-save');
      expect(await save.textContent()).toBe(t.save);
      let onEntrySave = false;
      for (let step = 0; step < 5 && !onEntrySave; step += 1) {
        await page.keyboard.press('Tab');
        onEntrySave = await save.evaluate((button) => button === document.activeElement);
      }
      expect(onEntrySave, 'Tab should reach Save in the entry').toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => save.textContent()).toBe(t.saved);
      await page.keyboard.press('Escape');

      // Save in the vocabulary list, reached by Tab inside the article body.
      const listSave = page.locator(`${HOST} .nr-save-word[data-saved="false"]`).first();
      const listWord = (await listSave.getAttribute('data-word')) ?? '';
      const target = page.locator(`${HOST} .nr-save-word[data-word="${listWord}"]`);
      let onSave = false;
      for (let step = 0; step < 300 && !onSave; step += 1) {
        await page.keyboard.press('Tab');
        onSave = await target.evaluate((button) => (button.getRootNode() as ShadowRoot).activeElement === button);
      }
      expect(onSave, 'Tab should reach Save in the vocabulary list').toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => target.getAttribute('data-saved')).toBe('true');

      await page.goto('/zh/words');
      await expect.poll(() => wordHeadings(page)).toHaveLength(2);
      expect((await wordHeadings(page))[0]).toBe(listWord);
    });
  });
});
