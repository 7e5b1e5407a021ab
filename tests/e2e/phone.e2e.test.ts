/**
 * Phone first (issue 34), in real Chromium at 360×740 and 390×844 in zh, es and en: the header is one
 * row; the article's title and the first line of its story are on the first screen, above the
 * reading toolbar; the list's first card starts in the first half of the screen and home's first
 * card is on the first screen; axe-core finds nothing; no sideways scroll at 320 px with every
 * disclosure open; the toolbar's controls work by touch and by keyboard, and a word's bottom sheet
 * and the toolbar never cover each other. Screenshots of each page at both sizes go to screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { READ_ALOUD_TEXTS } from '../../src/domain/read-aloud-texts';
import { ARTICLE_HELP_TEXTS } from '../../src/domain/article-help-texts';
import { READING_HELP_TEXTS } from '../../src/domain/word-lookup-texts';
import { JOURNEY_LANGUAGES, listArticles, texts, type JourneyLanguage } from './support/app';
import { axeViolations } from './support/axe';
import { installSpeech, type SpeechMode } from './support/fake-speech-synthesis';
import { newPage, SAVED_REJECTION, useHarness } from './support/harness';
import { REPO_ROOT } from '../support/server-process';

const SCREENSHOT_DIR = join(REPO_ROOT, 'screenshots');
const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;
const HOST = '[data-testid="article-body-host"]';
/** Touch targets are at least 44 × 44 CSS px (a rounding pixel allowed). */
const TARGET = 43.5;

const harness = useHarness();
let articleId: string;

beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  articleId = (await listArticles(harness, 'en', 1))[0]!.article_id;
});

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
  width: number;
  height: number;
}

async function box(page: Page, selector: string): Promise<Box> {
  const found = await page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const { top, bottom, left, right, width, height } = element.getBoundingClientRect();
      return { top, bottom, left, right, width, height };
    });
  return found;
}

/** The header is one row: logo, language and menu side by side, at most 56 px high. */
async function expectOneRowHeader(page: Page): Promise<void> {
  const header = await box(page, '.site-header');
  expect(header.height).toBeLessThanOrEqual(56);
  const parts = await Promise.all(['.logo', '.language-toggle', '.site-menu-toggle'].map((selector) => box(page, selector)));
  for (const part of parts) {
    expect(part.top).toBeGreaterThanOrEqual(header.top);
    expect(part.bottom).toBeLessThanOrEqual(header.bottom);
    expect(part.height).toBeGreaterThanOrEqual(TARGET);
    expect(part.width).toBeGreaterThanOrEqual(TARGET);
  }
  // The desktop row of links is folded away.
  expect(await page.locator('.site-nav ul').isVisible()).toBe(false);
}

/** The first line of the story's first paragraph (in the body's shadow root), as the screen shows it. */
async function firstStoryLine(page: Page): Promise<Box> {
  return page.locator(HOST).evaluate((host) => {
    const root = host.shadowRoot!;
    const paragraph = [...root.querySelectorAll('p')].find((p) => (p.textContent ?? '').trim().length > 20)!;
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    const { top, bottom, left, right, width, height } = range.getClientRects()[0]!;
    return { top, bottom, left, right, width, height };
  });
}

async function noSidewaysScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

/** The reading toolbar scrolls on its own (it is fixed, with overflow): its row must fit it, or "More" is cut off. */
async function toolbarFits(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const bar = document.querySelector('section.read-aloud');
    return bar !== null && bar.scrollWidth <= bar.clientWidth;
  });
}

describe.each(JOURNEY_LANGUAGES)('phone first in %s', (language: JourneyLanguage) => {
  const t = texts(language);

  it.each(PHONES)(
    'at $width×$height: the story, the first cards and a one-row header on the first screen; axe finds nothing',
    async (viewport) => {
      const { context, page } = await newPage(harness, { ...SAVED_REJECTION, viewport });
      const name = `${language}-phone-${viewport.width}x${viewport.height}`;
      try {
        await page.goto(`/${language}/articles/${articleId}`);
        await page.locator(`${HOST}[data-interactive]`).waitFor();
        await page.evaluate(() => document.fonts.ready);
        await expectOneRowHeader(page);
        const toolbar = await box(page, '.read-aloud');
        expect(toolbar.bottom).toBeLessThanOrEqual(viewport.height + 0.5);
        expect(toolbar.height).toBeLessThanOrEqual(72);
        const title = await box(page, `${HOST} h1`);
        expect(title.top).toBeGreaterThanOrEqual(0);
        expect(title.bottom).toBeLessThanOrEqual(toolbar.top);
        const line = await firstStoryLine(page);
        expect(line.top).toBeGreaterThan(title.bottom - 1);
        expect(line.bottom).toBeLessThanOrEqual(toolbar.top);
        // The back link is an arrow beside the title, not a row of its own.
        const back = await box(page, '.back-link a');
        expect(back.top).toBeLessThan(title.bottom);
        expect(back.width).toBeGreaterThanOrEqual(TARGET);
        expect(back.height).toBeGreaterThanOrEqual(TARGET);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-detail.png`) });

        await page.goto(`/${language}/articles`);
        await page.locator('[data-testid="article-card"]').first().waitFor();
        await expectOneRowHeader(page);
        expect((await box(page, '[data-testid="article-card"]')).top).toBeLessThanOrEqual(viewport.height / 2);
        expect(await page.getByRole('searchbox').isVisible()).toBe(true);
        expect(await page.locator('#filter-category').isVisible()).toBe(false);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-list.png`) });

        await page.goto(`/${language}`);
        await page.locator('[data-testid="article-card"]').first().waitFor();
        await expectOneRowHeader(page);
        expect((await box(page, '[data-testid="article-card"]')).top).toBeLessThan(viewport.height);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-home.png`) });

        // The menu: a disclosure of the navigation's plain links, under the one row.
        await page.getByRole('navigation', { name: t.nav.label }).locator('summary').click();
        const articles = page.getByRole('link', { name: t.nav.articles, exact: true });
        expect(await articles.isVisible()).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-home-menu.png`) });
        await articles.click();
        await page.waitForURL((url) => url.pathname === `/${language}/articles`);
        // A link chosen in the app closes the menu.
        await expect.poll(() => page.locator('.site-menu[open]').count()).toBe(0);
      } finally {
        await context.close();
      }
    },
  );

  it('at 320 px nothing scrolls sideways, with the menu, the language list, the filters and the tools open', async () => {
    const { context, page } = await newPage(harness, { ...SAVED_REJECTION, viewport: { width: 320, height: 640 } });
    try {
      await page.goto(`/${language}`);
      await page.locator('[data-testid="article-card"]').first().waitFor();
      expect(await noSidewaysScroll(page)).toBe(true);
      await page.locator('.site-menu summary').click();
      expect(await noSidewaysScroll(page)).toBe(true);
      await page.locator('.language-toggle').click();
      expect(await noSidewaysScroll(page)).toBe(true);

      await page.goto(`/${language}/articles?category=health&difficulty=beginner`);
      await page.locator('.filters-toggle summary').click();
      await page.locator('#filter-category').waitFor();
      expect(await noSidewaysScroll(page)).toBe(true);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${language}-phone-320-list-filters.png`), fullPage: true });

      await page.goto(`/${language}/articles/${articleId}`);
      await page.locator(`${HOST}[data-interactive]`).waitFor();
      expect(await noSidewaysScroll(page)).toBe(true);
      expect(await toolbarFits(page)).toBe(true);
      await page.locator('.tools-more summary').click();
      expect(await noSidewaysScroll(page)).toBe(true);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${language}-phone-320-detail-more.png`) });
      await page.locator('.tools-lookup summary').click();
      expect(await noSidewaysScroll(page)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('every control of the reading toolbar works by touch and by keyboard; the word sheet sits above the toolbar', async () => {
    const speech = READ_ALOUD_TEXTS[language];
    const help = ARTICLE_HELP_TEXTS[language];
    const { context, page } = await newPage(harness, { ...SAVED_REJECTION, viewport: PHONES[0], hasTouch: true });
    try {
      await context.addInitScript(installSpeech, 'voices' as SpeechMode);
      await page.goto(`/${language}/articles/${articleId}`);
      await page.locator(`${HOST}[data-interactive]`).waitFor();
      const toolbar = page.getByRole('region', { name: speech.title });
      const spoken = () =>
        page.evaluate(() => (window as unknown as { __speech: { spoken: { rate: number; voice: string }[] } }).__speech.spoken);

      // Touch: play, pause, "More" with the speed and the voice, "Look up" with the field.
      await toolbar.getByRole('button', { name: speech.play }).tap();
      await expect.poll(async () => (await spoken()).length).toBe(1);
      await toolbar.getByRole('button', { name: speech.pause }).tap();
      await toolbar.getByRole('button', { name: speech.resume }).waitFor();
      await toolbar.locator('.tools-more summary').tap();
      const fast = toolbar.getByRole('radio', { name: speech.rate(1.25) });
      await fast.tap();
      expect(await fast.isChecked()).toBe(true);
      const voice = toolbar.getByRole('combobox', { name: speech.voice });
      expect(await voice.isVisible()).toBe(true);
      await toolbar.getByRole('button', { name: speech.next }).tap();
      await expect.poll(async () => (await spoken()).at(-1)?.rate).toBe(1.25);
      for (const control of await toolbar.locator('.read-aloud-controls > :is(button, details) , .read-aloud-controls summary').all()) {
        const { width, height } = (await control.boundingBox())!;
        expect(Math.min(width, height)).toBeGreaterThanOrEqual(TARGET);
      }
      await toolbar.locator('.tools-lookup summary').tap();
      // Opening one panel closes the other.
      await expect.poll(() => voice.isVisible()).toBe(false);
      const form = page.getByRole('search', { name: help.fieldLabel });
      await form.getByRole('searchbox').tap();
      await form.getByRole('searchbox').fill('harbour');
      await form.getByRole('button', { name: help.submit }).tap();
      const entry = page.locator('.word-entry[role="dialog"][data-status="shown"]');
      await entry.waitFor();
      const sheet = await box(page, '.word-entry');
      const bar = await box(page, '.read-aloud');
      expect(sheet.bottom).toBeLessThanOrEqual(bar.top + 0.5);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${language}-phone-word-sheet.png`) });
      await entry.getByRole('button', { name: READING_HELP_TEXTS[language].close }).tap();

      // Keyboard: the same controls reached with Tab, used with Enter and Space.
      await page.keyboard.press('Escape');
      const main = toolbar.locator('.read-aloud-main');
      await main.focus();
      const before = await main.textContent();
      expect([speech.pause, speech.resume]).toContain(before);
      const other = before === speech.pause ? speech.resume : speech.pause;
      await page.keyboard.press('Enter');
      await expect.poll(() => main.textContent()).toBe(other);
      await page.keyboard.press('Space');
      await expect.poll(() => main.textContent()).toBe(before);
      const more = toolbar.locator('.tools-more summary');
      await more.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => voice.isVisible()).toBe(true);
      await fast.focus();
      await page.keyboard.press('ArrowLeft');
      expect(await toolbar.getByRole('radio', { name: speech.rate(1) }).isChecked()).toBe(true);
      await more.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => voice.isVisible()).toBe(false);
      const lookUp = toolbar.locator('.tools-lookup summary');
      await lookUp.focus();
      await page.keyboard.press('Enter');
      // Each state the field needs, asserted apart, so that a failure says which one was missing.
      await expect
        .poll(() => toolbar.locator('.tools-lookup').evaluate((details) => (details as HTMLDetailsElement).open), {
          message: 'Enter on "Look up" opens it',
        })
        .toBe(true);
      await expect.poll(() => page.locator('.word-entry').count(), { message: 'no word entry is left to hide the field' }).toBe(0);
      await form.getByRole('searchbox').focus();
      await page.keyboard.type('river');
      await page.keyboard.press('Enter');
      await page.locator('.word-entry[role="dialog"]:not([data-status="lookingUp"])').waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('.word-entry[role="dialog"]').count()).toBe(0);

      // "More" opened and closed again before its toggle event runs (a busy phone, quick keys) still closes "Look up".
      const lookUpClosed = await page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const [lookUpPanel, morePanel] = ['.tools-lookup', '.tools-more'].map((name) =>
              document.querySelector<HTMLDetailsElement>(name)!,
            );
            lookUpPanel!.open = true;
            requestAnimationFrame(() => {
              morePanel!.open = true;
              morePanel!.open = false;
              setTimeout(() => resolve(!lookUpPanel!.open), 50);
            });
          }),
      );
      expect(lookUpClosed).toBe(true);
    } finally {
      await context.close();
    }
  });
});
