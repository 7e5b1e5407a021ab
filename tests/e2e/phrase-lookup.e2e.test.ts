/**
 * Phrases while reading, in real Chromium against the real server: the fixture feeds are
 * imported with the bundled dictionary, and a learner taps a word of a phrase the server found in
 * the body (whatever phrase the text holds) and reads the phrase's entry first, in /zh and /es;
 * then looks a phrase up by keyboard. Nothing is mocked.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTICLE_HELP_TEXTS } from '../../src/domain/article-help-texts';
import { READING_HELP_TEXTS } from '../../src/domain/word-lookup-texts';
import { deepFocus, shownText } from './support/app';
import { axeViolations } from './support/axe';
import { fixtureArticles } from './support/fixture-articles';
import { newPage, SAVED_REJECTION, useHarness } from './support/harness';

const HAN = /\p{Script=Han}/u;
const BODY = '[data-testid="article-body-host"] .nr-article-body';
const articles = fixtureArticles();
const harness = useHarness({ seed: articles.seed, env: { LOAD_CORPUS: 'false' } });

async function onArticle(language: 'zh' | 'es', id: string, use: (page: Page) => Promise<void>) {
  const { context, page } = await newPage(harness, { ...SAVED_REJECTION, viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(`/${language}/articles/${id}`);
    await page.locator(`${BODY} .nr-w`).first().waitFor();
    await page.locator('[data-testid="article-body-host"][data-interactive]').waitFor();
    await use(page);
  } finally {
    await context.close();
  }
}

/** The first imported article whose body has a marked phrase, and that phrase's first word. */
async function articleWithPhrase(language: 'zh' | 'es'): Promise<{ id: string; phrase: string; word: string }> {
  for (const id of articles.importedIds) {
    let found: { phrase: string; word: string } | undefined;
    await onArticle(language, id, async (page) => {
      const first = page.locator(`${BODY} .nr-phrase`).first();
      if ((await first.count()) === 0) return;
      found = { phrase: (await first.getAttribute('data-phrase')) ?? '', word: (await first.textContent()) ?? '' };
    });
    if (found) return { id, ...found };
  }
  throw new Error('no imported article has a phrase in its body');
}

describe('phrases in the article body', () => {
  it.each(['zh', 'es'] as const)('%s: a tap on a word of a phrase shows the phrase first, then the word', async (language) => {
    const t = READING_HELP_TEXTS[language];
    const { id, phrase, word } = await articleWithPhrase(language);
    await onArticle(language, id, async (page) => {
      const tapped = page.locator(`${BODY} .nr-phrase[data-phrase="${phrase}"]`).filter({ hasText: word }).first();
      await tapped.click();
      const entry = page.locator('.word-entry[role="dialog"]');
      await entry.and(page.locator('[data-status="shown"]')).waitFor();
      const section = entry.locator('.word-entry-phrase');
      await expect.poll(() => shownText(section.getByRole('heading', { level: 3 }))).toBe(t.phraseHeading(phrase));
      const gloss = (await section.locator('.word-sense-gloss').first().textContent()) ?? '';
      if (language === 'zh') expect(gloss).toMatch(HAN);
      else expect(gloss.trim().length).toBeGreaterThan(0);
      // The phrase comes before the word's own senses.
      const order = await entry.evaluate((root) => {
        const phraseSection = root.querySelector('.word-entry-phrase');
        const wordSenses = [...root.querySelectorAll('.word-senses')].find((list) => !phraseSection?.contains(list));
        return (
          phraseSection !== null &&
          wordSenses !== undefined &&
          Boolean(phraseSection.compareDocumentPosition(wordSenses) & Node.DOCUMENT_POSITION_FOLLOWING)
        );
      });
      expect(order).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it('es: a phrase typed in the look-up field, by keyboard alone, opens its entry', async () => {
    const t = ARTICLE_HELP_TEXTS.es;
    await onArticle('es', articles.importedIds[0]!, async (page) => {
      const field = page.getByRole('search', { name: t.fieldLabel }).getByRole('searchbox');
      await field.focus();
      await page.keyboard.type('looked after');
      await page.keyboard.press('Enter');
      const entry = page.locator('.word-entry[role="dialog"]');
      await entry.and(page.locator('[data-status="shown"]')).waitFor();
      await expect.poll(() => shownText(entry.getByRole('heading', { level: 2 }))).toBe('look after');
      expect((await entry.locator('.word-sense-gloss').first().textContent()) ?? '').toMatch(/cuidar/);
      expect((await deepFocus(page)).className).toContain('word-entry');
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect.poll(() => entry.count()).toBe(0);
    });
  });
});
