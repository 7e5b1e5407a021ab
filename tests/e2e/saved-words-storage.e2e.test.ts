/**
 * The words page when storage is not simple, in real Chromium: another tab's change shows, a
 * damaged record or a newer database is named while the rest of the site works, and the page
 * passes axe-core and works by keyboard alone.
 */
import { describe, expect, it } from 'vitest';
import { SAVED_WORDS_TEXTS } from '../../src/domain/saved-words-texts';
import { TEXTS } from '../../src/domain/texts';
import { axeViolations } from './support/axe';
import { fixtureArticles } from './support/fixture-articles';
import { useHarness } from './support/harness';
import { articlesWithVocabulary, saveFromVocabulary, withPage, wordHeadings, writeRaw } from './support/saving-words';

const t = SAVED_WORDS_TEXTS.zh;
const articles = fixtureArticles();
const harness = useHarness({ seed: articles.seed, env: { LOAD_CORPUS: 'false' } });

describe('saved words: other tabs, damaged and newer databases, accessibility', () => {
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
      await page.keyboard.press('Enter');
      await expect.poll(() => wordHeadings(page)).toEqual([word]);
    });
  });
});
