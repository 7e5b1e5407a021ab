/**
 * Read-aloud in real Chromium against the real server, with the browser's speech synthesis
 * replaced by a fake installed before the page loads (page.addInitScript): it lists one British
 * and one American voice after a moment (as Chromium loads its voices), records every utterance
 * with its voice and rate, and ends the current one only when the test calls
 * window.__speech.finish(). Other contexts delete speech synthesis, or offer no English voice.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { READ_ALOUD_TEXTS } from '../../src/domain/read-aloud-texts';
import { ARTICLE_HELP_TEXTS } from '../../src/domain/article-help-texts';
import { focusIsVisible, listArticles, tabTo } from './support/app';
import { axeViolations } from './support/axe';
import { installSpeech, type SpeechMode, type Spoken } from './support/fake-speech-synthesis';
import { newPage, SAVED_REJECTION, useHarness } from './support/harness';
import { REPO_ROOT } from '../support/server-process';

const SCREENSHOT_DIR = join(REPO_ROOT, 'screenshots');
const HOST = '[data-testid="article-body-host"]';
const BODY = `${HOST} .nr-article-body`;
const zh = READ_ALOUD_TEXTS.zh;

const harness = useHarness();
mkdirSync(SCREENSHOT_DIR, { recursive: true });

async function onArticle(
  mode: SpeechMode,
  use: (page: Page) => Promise<void>,
  language = 'zh',
  viewport?: { width: number; height: number },
) {
  const [article] = await listArticles(harness, language, 1);
  const { context, page } = await newPage(harness, { ...SAVED_REJECTION, ...(viewport ? { viewport } : {}) });
  try {
    await context.addInitScript(installSpeech, mode);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`/${language}/articles/${article!.article_id}`);
    await page.locator(`${BODY} .nr-w`).first().waitFor();
    // The server-rendered body shows before the app has taken it over (sentences, taps).
    await page.locator(`${HOST}[data-interactive]`).waitFor();
    await use(page);
  } finally {
    await context.close();
  }
}

const player = (page: Page) => page.getByRole('region', { name: zh.title });
const status = (page: Page) => page.getByTestId('read-aloud-status');
const spoken = (page: Page) => page.evaluate(() => (window as unknown as { __speech: { spoken: Spoken[] } }).__speech.spoken);
const lastSpoken = async (page: Page) => (await spoken(page)).at(-1);
const speechState = (page: Page) => page.evaluate(() => (window as unknown as { __speech: { state(): string } }).__speech.state());
const finish = (page: Page) => page.evaluate(() => (window as unknown as { __speech: { finish(): void } }).__speech.finish());
const readingIndex = (page: Page) => page.locator(HOST).getAttribute('data-reading-sentence');
/** The text the highlight covers, white space collapsed as the player speaks it. */
const highlighted = (page: Page) =>
  page.evaluate(() => {
    const highlight = CSS.highlights.get('read-aloud');
    if (highlight === undefined) return null;
    return [...(highlight as unknown as Set<Range>)].map((range) => range.toString().replace(/\s+/g, ' ').trim()).join(' ');
  });
const total = (page: Page) =>
  page.evaluate(
    (selector) => Number(/(\d+)\D*$/.exec(document.querySelector(selector)?.textContent ?? '')?.[1]),
    '[data-testid="read-aloud-status"]',
  );

/** The highlighted sentence is the one being spoken, and the player names it. */
async function expectReading(page: Page, index: number) {
  await expect.poll(() => readingIndex(page)).toBe(String(index));
  await expect.poll(async () => (await lastSpoken(page))?.text).toBe(await highlighted(page));
  expect(await status(page).textContent()).toMatch(new RegExp(`^第 ${index + 1} 句`));
}

describe('reading an article aloud', () => {
  it('zh: highlights the sentences in order, pauses and resumes, re-speaks at a new speed and voice, jumps to a clicked sentence, stops', async () => {
    await onArticle('voices', async (page) => {
      const region = player(page);
      await region.getByRole('button', { name: zh.play }).click();
      await expectReading(page, 0);
      await region.screenshot({ path: join(SCREENSHOT_DIR, 'zh-read-aloud-player.png') });
      expect(await lastSpoken(page)).toMatchObject({ voice: 'Daniel', rate: 1 });
      const first = await highlighted(page);
      await finish(page);
      await expectReading(page, 1);
      expect(await highlighted(page)).not.toBe(first);
      await finish(page);
      await expectReading(page, 2);
      const sentences = (await spoken(page)).map(({ text }) => text);
      expect(new Set(sentences).size).toBe(3);

      await page.screenshot({ path: join(SCREENSHOT_DIR, 'zh-read-aloud-desktop.png') });
      await region.getByRole('button', { name: zh.pause }).click();
      await expect.poll(() => speechState(page)).toBe('paused');
      expect(await status(page).textContent()).toBe(zh.paused(3, await total(page)));
      expect(await readingIndex(page)).toBe('2');
      await region.getByRole('button', { name: zh.resume }).click();
      await expect.poll(() => speechState(page)).toBe('speaking');
      expect(await spoken(page)).toHaveLength(3);

      await region.getByRole('radio', { name: zh.rate(1.25) }).check();
      await expect.poll(() => lastSpoken(page)).toEqual({ text: sentences[2], rate: 1.25, voice: 'Daniel' });
      await region.getByRole('combobox', { name: zh.voice }).selectOption({ label: `${zh.accent.us} · Samantha` });
      await expect.poll(() => lastSpoken(page)).toEqual({ text: sentences[2], rate: 1.25, voice: 'Samantha' });
      expect(await region.getByRole('combobox', { name: zh.voice }).locator('option').allTextContents()).toEqual([
        `${zh.accent.gb} · Daniel`,
        `${zh.accent.us} · Samantha`,
      ]);

      // A click on a word of a later paragraph reads from its sentence, and opens no entry.
      const word = page.locator(`${BODY} p`).nth(3).locator('.nr-w').first();
      const wordText = (await word.textContent())!;
      await word.click();
      await expect.poll(async () => (await lastSpoken(page))?.text).toContain(wordText);
      expect(Number(await readingIndex(page))).toBeGreaterThan(2);
      expect(await highlighted(page)).toBe((await lastSpoken(page))!.text);
      expect(await page.locator('.word-entry[role="dialog"]').count()).toBe(0);

      // The last sentence is scrolled into view, below the player.
      const count = await total(page);
      for (let index = Number(await readingIndex(page)); index < count - 1; index++) await finish(page);
      await expect.poll(() => readingIndex(page)).toBe(String(count - 1));
      await expect
        .poll(() =>
          page.evaluate(() => {
            const range = [...(CSS.highlights.get('read-aloud') as unknown as Set<Range>)][0]!;
            const rect = range.getBoundingClientRect();
            // Below the player, which stays at the top of the window while it reads.
            const player = document.querySelector('.read-aloud')!.getBoundingClientRect();
            return player.top >= -1 && player.top <= 1 && rect.top >= player.bottom && rect.bottom <= window.innerHeight;
          }),
        )
        .toBe(true);
      await finish(page);
      await expect.poll(() => status(page).textContent()).toBe(zh.ended);
      expect(await page.evaluate(() => CSS.highlights.has('read-aloud'))).toBe(false);

      await region.getByRole('button', { name: zh.play }).click();
      await expectReading(page, 0);
      await region.getByRole('button', { name: zh.stop }).click();
      await expect.poll(() => speechState(page)).toBe('silent');
      expect(await readingIndex(page)).toBeNull();
      expect(await page.evaluate(() => CSS.highlights.has('read-aloud'))).toBe(false);
      expect(await region.getByRole('button', { name: zh.play }).evaluate((button) => button === document.activeElement)).toBe(true);
    });
  });

  it('zh by keyboard: every action of the player works from the keyboard with visible focus', async () => {
    await onArticle('voices', async (page) => {
      await tabTo(page, (el) => el.text === zh.play && el.tag === 'button');
      await page.keyboard.press('Enter');
      await expectReading(page, 0);
      await page.keyboard.press('Space');
      await expect.poll(() => speechState(page)).toBe('paused');
      await page.keyboard.press('Enter');
      await expect.poll(() => speechState(page)).toBe('speaking');
      await tabTo(page, (el) => el.text === zh.next);
      await page.keyboard.press('Enter');
      await expectReading(page, 1);
      await page.keyboard.press('Shift+Tab');
      expect((await focusIsVisible(page)).element).toContain(zh.previous);
      await page.keyboard.press('Enter');
      await expectReading(page, 0);
      // Previous is unavailable on the first sentence, and keeps the focus it has.
      expect((await focusIsVisible(page)).element).toContain(zh.previous);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-disabled'))).toBe('true');
      await tabTo(page, (el) => el.tag === 'select');
      await page.keyboard.press('ArrowDown');
      await expect.poll(async () => (await lastSpoken(page))?.voice).toBe('Samantha');
      await page.keyboard.press('Tab');
      expect((await focusIsVisible(page)).visible).toBe(true);
      await page.keyboard.press('ArrowRight');
      await expect.poll(async () => (await lastSpoken(page))?.rate).toBe(1.25);
      expect(await readingIndex(page)).toBe('0');
      // Back to Stop.
      for (let stop = 0; stop < 10 && !(await focusIsVisible(page)).element.includes(zh.stop); stop++)
        await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await expect.poll(() => speechState(page)).toBe('silent');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(zh.play);
    });
  });

  it('zh: the dictionary entry has a button to hear the word', async () => {
    await onArticle('voices', async (page) => {
      const form = page.getByRole('search', { name: ARTICLE_HELP_TEXTS.zh.fieldLabel });
      await form.getByRole('searchbox').fill('harbour');
      await form.getByRole('button', { name: ARTICLE_HELP_TEXTS.zh.submit }).click();
      const entry = page.locator('.word-entry[role="dialog"][data-status="shown"]');
      await entry.getByRole('button', { name: zh.hearWord('harbour') }).click();
      await expect.poll(() => lastSpoken(page)).toEqual({ text: 'harbour', rate: 1, voice: 'Daniel' });
    });
  });

  it('zh: paused, a click on a word opens its entry; its listen button pauses the reading, and Resume reads the sentence again', async () => {
    await onArticle('voices', async (page) => {
      const region = player(page);
      await region.getByRole('button', { name: zh.play }).click();
      await expectReading(page, 0);
      await finish(page);
      await expectReading(page, 1);
      await region.getByRole('button', { name: zh.pause }).click();
      const word = page.locator(`${BODY} p`).nth(2).locator('.nr-w').first();
      await word.click();
      const entry = page.locator('.word-entry[role="dialog"]:not([data-status="lookingUp"])');
      await entry.waitFor();
      expect(await readingIndex(page)).toBe('1');
      await page.keyboard.press('Escape');

      await region.getByRole('button', { name: zh.resume }).click();
      await expect.poll(() => speechState(page)).toBe('speaking');
      const form = page.getByRole('search', { name: ARTICLE_HELP_TEXTS.zh.fieldLabel });
      await form.getByRole('searchbox').fill('harbour');
      await form.getByRole('button', { name: ARTICLE_HELP_TEXTS.zh.submit }).click();
      await page
        .locator('.word-entry[role="dialog"][data-status="shown"]')
        .getByRole('button', { name: zh.hearWord('harbour') })
        .click();
      await expect.poll(async () => (await lastSpoken(page))?.text).toBe('harbour');
      await expect.poll(() => status(page).textContent()).toBe(zh.paused(2, await total(page)));
      await page.keyboard.press('Escape');
      await region.getByRole('button', { name: zh.resume }).click();
      await expectReading(page, 1);
    });
  });

  it('zh: axe-core finds no violations with the player open, while reading, on a desktop and a phone', async () => {
    for (const viewport of [undefined, { width: 360, height: 740 }]) {
      await onArticle(
        'voices',
        async (page) => {
          await player(page).getByRole('button', { name: zh.play }).click();
          await expectReading(page, 0);
          for (let index = 0; index < 4; index++) await finish(page);
          await expectReading(page, 4);
          expect(await axeViolations(page)).toEqual([]);
          expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
          if (viewport) await page.screenshot({ path: join(SCREENSHOT_DIR, 'zh-read-aloud-phone.png') });
        },
        'zh',
        viewport,
      );
    }
  });

  it('without speech synthesis, or without an English voice, the player says so in the interface language, its controls disabled', async () => {
    const disabledControls = async (region: Locator) => {
      expect(await region.getByRole('button').first().isDisabled()).toBe(true);
      expect(await region.getByRole('combobox').isDisabled()).toBe(true);
    };
    await onArticle('none', async (page) => {
      await player(page).getByText(zh.noSpeech).waitFor({ state: 'visible' });
      expect(await player(page).getByText(zh.clickHint).isVisible()).toBe(false);
      await disabledControls(player(page));
      expect(await axeViolations(page)).toEqual([]);
    });
    await onArticle(
      'noEnglish',
      async (page) => {
        const es = READ_ALOUD_TEXTS.es;
        const region = page.getByRole('region', { name: es.title });
        await region.getByText(es.noEnglishVoice).waitFor({ state: 'visible' });
        expect(await region.getByText(es.noSpeech).isVisible()).toBe(false);
        await disabledControls(region);
      },
      'es',
    );
  });
});
