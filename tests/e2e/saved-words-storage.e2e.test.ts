/**
 * The words page when storage is not simple, in real Chromium: another tab's change shows, a
 * damaged record or a newer database is named while the rest of the site works, and the page
 * passes axe-core and works by keyboard alone.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SAVED_WORDS_TEXTS } from '../../src/domain/saved-words-texts';
import { TEXTS } from '../../src/domain/all-texts';
import { axeViolations } from './support/axe';
import { fixtureArticles } from './support/fixture-articles';
import { useHarness } from './support/harness';
import { articlesWithVocabulary, saveFromVocabulary, withPage, wordHeadings, writeRaw } from './support/saving-words';
import { storedWords } from './support/seed-words';

const t = SAVED_WORDS_TEXTS.zh;
const articles = fixtureArticles();
const harness = useHarness({ seed: articles.seed, env: { LOAD_CORPUS: 'false' } });

/** Chooses a file for "Import CSV" as the learner would, through the button and the file chooser. */
async function importFile(page: Page, name: string, contents: string): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: t.importCsv }).click()]);
  await chooser.setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(contents, 'utf8') });
}

describe('saved words: other tabs, damaged and newer databases, accessibility', () => {
  it('imports an exported CSV into another browser without duplicates, and refuses a file that is not ours with the line', async () => {
    let csv = '';
    let saved: string[] = [];
    await withPage(harness, async (page) => {
      const [first, second] = await articlesWithVocabulary(page, articles.importedIds);
      await page.goto(`/zh/articles/${first}`);
      await saveFromVocabulary(page);
      await page.goto(`/zh/articles/${second}`);
      await saveFromVocabulary(page);
      await page.goto('/zh/words');
      await expect.poll(() => wordHeadings(page)).toHaveLength(2);
      saved = await wordHeadings(page);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t.exportCsv }).click()]);
      csv = readFileSync((await download.path())!, 'utf8');

      // The Anki file: its header lines first (no byte-order mark), then one note per word, front and back.
      const [anki] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t.exportAnki }).click()]);
      const lines = readFileSync((await anki.path())!, 'utf8')
        .trimEnd()
        .split('\n');
      expect(lines.slice(0, 3)).toEqual(['#separator:tab', '#html:true', '#columns:Front\tBack']);
      expect(lines.slice(3)).toHaveLength(2);
      for (const [index, note] of lines.slice(3).entries()) {
        const [front, back, ...rest] = note.split('\t');
        expect(rest).toEqual([]);
        expect(front).toContain(`<b>`);
        expect(front!.toLowerCase()).toContain(saved[index]!.toLowerCase());
        expect(back).not.toBe('');
      }
    });

    // Another browser (a fresh context has its own IndexedDB): import, then import the same file again.
    await withPage(harness, async (page) => {
      await page.goto('/zh/words');
      await page.getByText(t.emptyTitle).waitFor();
      await importFile(page, 'words.csv', csv);
      await expect
        .poll(() =>
          page
            .getByRole('status')
            .filter({ hasText: t.imported(2) })
            .count(),
        )
        .toBe(1);
      await expect.poll(() => wordHeadings(page)).toEqual(saved);
      await importFile(page, 'words.csv', csv);
      await expect
        .poll(() =>
          page
            .getByRole('status')
            .filter({ hasText: t.imported(0) })
            .count(),
        )
        .toBe(1);
      expect(await wordHeadings(page)).toEqual(saved);

      // A spreadsheet of something else: refused, naming its first line, and nothing changes.
      await importFile(page, 'other.csv', 'name,price\nbread,2\n');
      await expect
        .poll(() =>
          page
            .getByRole('status')
            .filter({ hasText: t.importRefused(1, t.importReasons.header) })
            .count(),
        )
        .toBe(1);
      expect(await wordHeadings(page)).toEqual(saved);
    });
  });

  it('a word saved from the list just before the page is left is kept: the next page writes it', async () => {
    await withPage(harness, async (page) => {
      const [first, second] = await articlesWithVocabulary(page, articles.importedIds);
      await page.goto(`/zh/articles/${first}`);
      // The list's Save looks the word up before it writes; that look-up is held (never answered), so the
      // write cannot finish before the page is left. The next page's look-ups go through.
      let holding = true;
      let held = 0;
      await page.route('**/api/dictionary/**', async (route) => {
        if (!holding) return route.continue();
        held += 1;
      });
      const word = await saveFromVocabulary(page);
      await expect.poll(() => held).toBeGreaterThan(0);
      holding = false;
      await page.goto(`/zh/articles/${second}`);
      await expect.poll(async () => (await storedWords(page)).map((saved) => saved.word.toLowerCase())).toContain(word.toLowerCase());
      await page.goto('/zh/words');
      await expect.poll(() => wordHeadings(page)).toEqual([word]);
    });
  });

  it('a second tab shows a word deleted in the first', async () => {
    await withPage(harness, async (page, context) => {
      const [first] = await articlesWithVocabulary(page, articles.importedIds);
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
    await withPage(harness, async (page) => {
      const [first] = await articlesWithVocabulary(page, articles.importedIds);
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

    await withPage(harness, async (page) => {
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
    await withPage(harness, async (page) => {
      await page.goto('/zh/words');
      await page.getByText(t.emptyTitle).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      const [first] = await articlesWithVocabulary(page, articles.importedIds);
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
      // Undo is a toast at the foot of the window: the page did not jump to reach it, and axe is content.
      expect(await page.evaluate(() => getComputedStyle(document.activeElement!.parentElement!).position)).toBe('fixed');
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Enter');
      await expect.poll(() => wordHeadings(page)).toEqual([word]);
    });
  });
});
