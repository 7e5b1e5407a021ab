/**
 * Looking up words on an imported article, in real Chromium against the real server: the
 * project's fixture feeds are imported over HTTP with the bundled dictionary into a fresh
 * database, then a learner clicks, tabs to or types words and reads their entries in Chinese,
 * Spanish and English, on a desktop and as a bottom sheet on a phone. Nothing is mocked.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { partOfSpeechName } from '../../common/parts-of-speech';
import { ARTICLE_HELP_TEXTS } from '../../src/domain/article-help-texts';
import { READING_HELP_TEXTS } from '../../src/domain/word-lookup-texts';
import { deepFocus, focusIsVisible, shownText, type JourneyLanguage } from './support/app';
import { axeViolations } from './support/axe';
import { fixtureArticles } from './support/fixture-articles';
import { newPage, SAVED_REJECTION, useHarness } from './support/harness';
import { REPO_ROOT } from '../support/server-process';

const SCREENSHOT_DIR = join(REPO_ROOT, 'screenshots');
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const HAN = /\p{Script=Han}/u;
/** The article text inside the body's shadow root (playwright's CSS locators pierce open shadow roots). */
const BODY = '[data-testid="article-body-host"] .nr-article-body';
const articles = fixtureArticles();

const harness = useHarness({ seed: articles.seed, env: { LOAD_CORPUS: 'false' } });

beforeAll(() => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
});

/** Opens the article for a returning learner (no cookie banner), runs `use`, and closes the page. */
async function onArticle(language: JourneyLanguage, use: (page: Page) => Promise<void>, viewport = DESKTOP, id = articles.importedIds[0]!) {
  const { context, page } = await newPage(harness, { ...SAVED_REJECTION, viewport });
  try {
    await page.goto(`/${language}/articles/${id}`);
    await page.locator(`${BODY} .nr-w`).first().waitFor();
    // The server-rendered body shows before the app listens to taps on it.
    await page.locator('[data-testid="article-body-host"][data-interactive]').waitFor();
    await page.evaluate(() => document.fonts.ready);
    await use(page);
  } finally {
    await context.close();
  }
}

const bodyWord = (page: Page, word: string) =>
  page
    .locator(`${BODY} .nr-w`)
    .filter({ hasText: new RegExp(`^${word}$`) })
    .first();
const entryOf = (page: Page) => page.locator('.word-entry[role="dialog"]');
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Waits until the entry shows an answer (not "Looking up …") and returns it. */
async function shownEntry(page: Page, lemma: string): Promise<Locator> {
  const entry = entryOf(page);
  await entry.and(page.locator('[data-status="shown"]')).waitFor();
  await expect.poll(() => shownText(entry.getByRole('heading', { level: 2 }))).toBe(lemma);
  return entry;
}

async function lookUpInField(page: Page, language: JourneyLanguage, word: string): Promise<void> {
  const t = ARTICLE_HELP_TEXTS[language];
  const form = page.getByRole('search', { name: t.fieldLabel });
  await form.getByRole('searchbox').fill(word);
  await form.getByRole('button', { name: t.submit }).click();
}

/** A vocabulary word the text uses in an inflected form ("wages" for "wage"), read off the page's vocabulary list. */
async function inflectedVocabularyWord(page: Page): Promise<{ form: string; lemma: string } | undefined> {
  return page.evaluate(() => {
    const root = document.querySelector('[data-testid="article-body-host"]')!.shadowRoot!;
    const buttons = new Set([...root.querySelectorAll('.nr-article-body .nr-vocab-word')].map((b) => b.textContent ?? ''));
    for (const item of root.querySelectorAll('.nr-vocabulary-item')) {
      const lemma = item.querySelector('.nr-vocabulary-word')?.textContent ?? '';
      const form = item.querySelector('.nr-vocabulary-in-context')?.textContent ?? '';
      if (form && buttons.has(form) && form.toLowerCase() !== lemma.toLowerCase()) return { form, lemma };
    }
    return undefined;
  });
}

describe('looking up words on an imported article', () => {
  const zh = READING_HELP_TEXTS.zh;

  it('zh: clicking a word shows its Chinese meaning; a vocabulary word in another form says which word it is a form of', async () => {
    await onArticle('zh', async (page) => {
      await bodyWord(page, 'council').click();
      const entry = await shownEntry(page, 'council');
      await expect.poll(() => shownText(entry.locator('.word-sense-gloss').first())).toMatch(HAN);
      expect(await entry.locator('.word-sense-pos').first().textContent()).toBe(partOfSpeechName('noun', 'zh'));
      expect(await shownText(entry.locator('.word-entry-ipa'))).toMatch(/^\/.+\/$/);
      expect(await shownText(entry.locator('.word-sense-definition').first())).toMatch(/[a-z]{3,}/);
      // On a desktop the entry sits beside the word, wholly inside the window.
      const box = (await entry.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.width);
      await page.screenshot({ path: join(SCREENSHOT_DIR, 'zh-word-entry-desktop.png') });

      const inflected = await inflectedVocabularyWord(page);
      expect(inflected, 'the fixture article uses a vocabulary word in an inflected form').toBeDefined();
      await page.locator(`${BODY} .nr-vocab-word`, { hasText: inflected!.form }).first().click();
      const formEntry = await shownEntry(page, inflected!.lemma);
      expect(await formEntry.locator('.word-entry-form').textContent()).toBe(zh.formOf(inflected!.form, inflected!.lemma));
      expect(await shownText(formEntry.locator('.word-sense-gloss').first())).toMatch(HAN);
      expect(await formEntry.locator('.word-sense-levels li').count()).toBeGreaterThan(0);
      await page.screenshot({ path: join(SCREENSHOT_DIR, 'zh-word-entry-form-desktop.png') });

      // A click outside closes it.
      await page.locator('h1').first().click();
      await expect.poll(() => entryOf(page).count()).toBe(0);
    });
  });

  it('zh by keyboard: Tab to a vocabulary word, Enter opens the entry with focus, Escape puts focus back; the look-up field works by keyboard', async () => {
    await onArticle('zh', async (page) => {
      let focused = await deepFocus(page);
      for (let stop = 0; stop < 80 && !focused.className.includes('nr-vocab-word'); stop++) {
        await page.keyboard.press('Tab');
        focused = await deepFocus(page);
      }
      expect(focused.className, 'Tab should reach a vocabulary word in the article').toContain('nr-vocab-word');
      expect(focused.inArticleBody).toBe(true);
      expect((await focusIsVisible(page)).visible).toBe(true);
      const word = focused.text;

      await page.keyboard.press('Enter');
      const entry = entryOf(page);
      await entry.and(page.locator('[data-status="shown"]')).waitFor();
      expect(await page.evaluate(() => document.activeElement?.classList.contains('word-entry'))).toBe(true);
      expect(await shownText(entry.locator('.word-sense-gloss').first())).toMatch(HAN);
      await page.keyboard.press('Escape');
      await expect.poll(() => entry.count()).toBe(0);
      expect(await deepFocus(page)).toMatchObject({ text: word, inArticleBody: true });

      // Back up to the look-up field, type a British plural, Enter.
      for (let stop = 0; stop < 40 && !(await page.evaluate(() => document.activeElement?.id === 'word-lookup-input')); stop++) {
        await page.keyboard.press('Shift+Tab');
      }
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('word-lookup-input');
      await page.keyboard.type('harbours');
      await page.keyboard.press('Enter');
      const harbour = await shownEntry(page, 'harbour');
      expect(await harbour.locator('.word-entry-form').textContent()).toBe(zh.formOf('harbours', 'harbour'));
      expect(await page.evaluate(() => document.activeElement?.classList.contains('word-entry'))).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => entry.count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('word-lookup-input');
    });
  });

  it('zh at 360 px: the entry is a bottom sheet across the whole width, and the page does not scroll sideways', async () => {
    await onArticle(
      'zh',
      async (page) => {
        await bodyWord(page, 'district').scrollIntoViewIfNeeded();
        await bodyWord(page, 'district').click();
        const entry = await shownEntry(page, 'district');
        expect(await entry.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
        const box = (await entry.boundingBox())!;
        expect(box.x).toBeLessThanOrEqual(0.5);
        expect(box.width).toBeGreaterThanOrEqual(PHONE.width - 1);
        // At the bottom, just above the reading toolbar (issue 34: they never cover each other).
        const toolbar = (await page.locator('.read-aloud').boundingBox())!;
        expect(toolbar.y + toolbar.height).toBeGreaterThanOrEqual(PHONE.height - 1);
        expect(box.y + box.height).toBeGreaterThanOrEqual(toolbar.y - 1);
        expect(box.y + box.height).toBeLessThanOrEqual(toolbar.y + 1);
        // The tapped word stays in sight above the sheet.
        const word = (await bodyWord(page, 'district').boundingBox())!;
        expect(word.y).toBeGreaterThanOrEqual(0);
        expect(word.y + word.height).toBeLessThanOrEqual(box.y);
        expect(await scrollsSideways(page)).toBe(false);
        await page.screenshot({ path: join(SCREENSHOT_DIR, 'zh-word-entry-phone.png') });

        // On a phone the field is behind the reading toolbar's "Look up".
        await page.keyboard.press('Escape');
        await page.locator('.tools-lookup summary').click();
        await lookUpInField(page, 'zh', 'harbours');
        await shownEntry(page, 'harbour');
        await page.screenshot({ path: join(SCREENSHOT_DIR, 'zh-word-entry-phone-field.png') });
        expect(await scrollsSideways(page)).toBe(false);
      },
      PHONE,
    );
  });

  it('es shows the Spanish meaning; en shows the English definition and no translation line', async () => {
    await onArticle('es', async (es) => {
      await lookUpInField(es, 'es', 'harbour');
      const entry = await shownEntry(es, 'harbour');
      expect(await shownText(entry.locator('.word-sense-gloss').first())).toContain('puerto');
      expect(await entry.locator('.word-sense-pos').first().textContent()).toBe(partOfSpeechName('noun', 'es'));
      await es.screenshot({ path: join(SCREENSHOT_DIR, 'es-word-entry-desktop.png') });
    });
    await onArticle('en', async (en) => {
      await lookUpInField(en, 'en', 'harbour');
      const entry = await shownEntry(en, 'harbour');
      expect(await shownText(entry.locator('.word-sense-definition').first())).toMatch(/port/);
      expect(await entry.locator('.word-sense-gloss, .word-sense-no-gloss').count()).toBe(0);
      expect(await entry.locator('.word-sense-pos').first().textContent()).toBe(partOfSpeechName('noun', 'en'));
    });
  });

  it('zh: a failed look-up says so with Try again, which then shows the entry; the article stays', async () => {
    await onArticle('zh', async (page) => {
      await page.route('**/api/dictionary/**', (route) => route.abort());
      await bodyWord(page, 'council').click();
      const entry = entryOf(page);
      await entry.and(page.locator('[data-status="failed"]')).waitFor();
      expect(await entry.getByRole('alert').textContent()).toContain(zh.failed('council'));
      await page.unroute('**/api/dictionary/**');
      await entry.getByRole('button', { name: zh.tryAgain }).click();
      await shownEntry(page, 'council');
      expect(await shownText(entry.locator('.word-sense-gloss').first())).toMatch(HAN);
      expect(await page.locator('h1').first().isVisible()).toBe(true);
      expect(await page.locator(`${BODY} .nr-w`).count()).toBeGreaterThan(50);
    });
  });

  it('zh: axe-core finds no violations with the entry open, on a desktop and as a bottom sheet', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await onArticle(
        'zh',
        async (page) => {
          await bodyWord(page, 'council').click();
          await shownEntry(page, 'council');
          expect(await axeViolations(page), `${viewport.width} px`).toEqual([]);
        },
        viewport,
      );
    }
  });

  it('zh: the vocabulary list gives a Chinese translation for most words, and says so where there is none', async () => {
    for (const id of articles.importedIds) {
      await onArticle(
        'zh',
        async (page) => {
          const items = page.locator('[data-testid="article-body-host"] .nr-vocabulary-item');
          const count = await items.count();
          expect(count, id).toBeGreaterThanOrEqual(3);
          const translated = items.locator('.nr-vocabulary-translation:not(.nr-vocabulary-missing)');
          for (const text of await translated.allTextContents()) expect(text, id).toMatch(HAN);
          for (const note of await items.locator('.nr-vocabulary-missing').allTextContents()) expect(note.trim(), id).not.toBe('');
          // Every word has one or the other, never nothing.
          expect((await translated.count()) + (await items.locator('.nr-vocabulary-missing').count()), id).toBe(count);
          expect((await translated.count()) / count, id).toBeGreaterThanOrEqual(0.8);
        },
        DESKTOP,
        id,
      );
    }
  });
});
