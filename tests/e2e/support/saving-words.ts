/**
 * What a learner does to keep words, in real Chromium: open articles that have a vocabulary
 * list, save from the word entry or the list, and read the words page and the header's count.
 */
import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { SAVED_WORDS_TEXTS } from '../../../src/domain/saved-words-texts';
import { TEXTS } from '../../../src/domain/all-texts';
import { newPage, SAVED_REJECTION, type Harness } from './harness';

export const BODY_HOST = '[data-testid="article-body-host"]';
/** The body once the app has taken it over from the server's HTML: taps and Save buttons work (IsolatedHtml). */
export const INTERACTIVE_BODY = `${BODY_HOST}[data-interactive]`;
const t = SAVED_WORDS_TEXTS.zh;

/** A returning learner's page (no cookie banner), closed after `use`. */
export async function withPage(harness: Harness, use: (page: Page, context: BrowserContext) => Promise<void>): Promise<void> {
  const { context, page } = await newPage(harness, SAVED_REJECTION);
  try {
    await use(page, context);
  } finally {
    await context.close();
  }
}

/** Two of the given articles that each have a vocabulary list (with Save buttons). */
export async function articlesWithVocabulary(page: Page, ids: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const id of ids) {
    await page.goto(`/zh/articles/${id}`);
    // The server-rendered body shows before the app has made it interactive (Save buttons, taps).
    await page.locator(INTERACTIVE_BODY).waitFor();
    if ((await page.locator(`${BODY_HOST} .nr-save-word`).count()) >= 2) found.push(id);
    if (found.length === 2) return found;
  }
  throw new Error('the fixture feeds should give two articles with a vocabulary list');
}

/** Saves the first vocabulary word of the list not saved yet; returns its word. */
export async function saveFromVocabulary(page: Page): Promise<string> {
  const button = page.locator(`${BODY_HOST} .nr-save-word[data-saved="false"]`).first();
  const word = (await button.getAttribute('data-word')) ?? '';
  await button.click();
  await expect.poll(() => page.locator(`${BODY_HOST} .nr-save-word[data-word="${word}"]`).getAttribute('data-saved')).toBe('true');
  return word;
}

/** Opens the entry of a word of the text (vocabulary words first) and saves it there; returns the word as tapped. */
export async function saveFromEntry(page: Page): Promise<string> {
  const words = page.locator(`${BODY_HOST} .nr-article-body :is(.nr-vocab-word, .nr-w)`);
  await page.locator(INTERACTIVE_BODY).waitFor();
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

export const wordHeadings = (page: Page) => page.locator('.saved-word h3').allTextContents();

export const dueBadge = (page: Page) =>
  page.getByRole('navigation', { name: TEXTS.zh.nav.label }).getByRole('link', { name: new RegExp(TEXTS.zh.nav.myWords) });

/** Writes a value into the words store with the raw IndexedDB API (the page's own database). */
export async function writeRaw(page: Page, value: unknown): Promise<void> {
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
