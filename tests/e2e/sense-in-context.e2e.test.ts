/**
 * The sense that fits the sentence, in real Chromium against the real server: two stored articles
 * of different categories use "bank", one for the bank that lends (business), one for the side of
 * a river (health). A learner reaches the word by keyboard alone and reads, in /zh and in /es, a
 * different meaning in each article. Nothing is mocked: the tap sends the sentence and the
 * article's category, and the bundled dictionary ranks the senses.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import type { ArticleInput } from '../../server/store/types';
import { deepFocus, shownText } from './support/app';
import { axeViolations } from './support/axe';
import { newPage, SAVED_REJECTION, useHarness } from './support/harness';

const MONEY = 'e2e-sense-bank-money';
const RIVER = 'e2e-sense-bank-river';

function article(id: string, category: 'business' | 'health', title: string, paragraphs: string[], example: string): ArticleInput {
  return {
    id,
    url: `https://newsreader.example/samples/${id}`,
    source: 'bbc',
    title,
    publishedAt: '2026-11-20T08:00:00Z',
    // The summary names no bank: the first "bank" Tab reaches is the body's, in its sentence.
    summary: title,
    summaryTranslations: {},
    paragraphs,
    wordCount: paragraphs.join(' ').split(/\s+/).length,
    readingTimeMinutes: 1,
    difficulty: 'intermediate',
    categories: [category],
    // The card's own gloss is left empty: what the entry shows comes from the dictionary.
    vocabulary: [{ word: 'bank', partOfSpeech: 'noun', definition: '', example, translations: {} }],
    culturalNotes: [],
    contentHash: `${id}-1`,
  };
}

function seed(databasePath: string): void {
  const store = openSqliteStore(databasePath);
  try {
    const money = 'The bank kept its main lending rate at four per cent on Thursday.';
    const river = 'Anglers waited on the muddy bank of the river until the water went down.';
    expect(
      store.upsert(article(MONEY, 'business', 'Lending rate stays at four per cent', [money, 'Markets had expected no change.'], money)),
    ).toBe('imported');
    expect(store.upsert(article(RIVER, 'health', 'Anglers return to the river after the floods', [river, 'Nobody was hurt.'], river))).toBe(
      'imported',
    );
  } finally {
    store.close();
  }
}

const harness = useHarness({ seed, env: { LOAD_CORPUS: 'false' } });

/** Opens the article, Tabs to its vocabulary word "bank", presses Enter and returns the first gloss and definition shown. */
async function meaningByKeyboard(
  language: 'zh' | 'es',
  id: string,
): Promise<{ gloss: string; definition: string; page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(harness, { ...SAVED_REJECTION, viewport: { width: 1280, height: 800 } });
  await page.goto(`/${language}/articles/${id}`);
  await page.locator('[data-testid="article-body-host"][data-interactive]').waitFor();
  let focused = await deepFocus(page);
  for (let stop = 0; stop < 60 && !(focused.className.includes('nr-vocab-word') && focused.text.toLowerCase() === 'bank'); stop++) {
    await page.keyboard.press('Tab');
    focused = await deepFocus(page);
  }
  expect(focused.className, 'Tab should reach the vocabulary word "bank"').toContain('nr-vocab-word');
  await page.keyboard.press('Enter');
  const entry = page.locator('.word-entry[role="dialog"]');
  await entry.and(page.locator('[data-status="shown"]')).waitFor();
  const noun = entry.locator('.word-sense').first();
  return {
    gloss: await shownText(noun.locator('.word-sense-gloss')),
    definition: await shownText(noun.locator('.word-sense-definition')),
    page,
    close: () => context.close(),
  };
}

describe('the sense of "bank" follows the article', () => {
  it.each([
    ['zh', /^银行/, /^岸/],
    ['es', /^banco/, /^(?:orilla|margen|ribera)/],
  ] as const)('%s: the lending bank in the business story, the river bank in the other, by keyboard', async (language, money, river) => {
    const inMoney = await meaningByKeyboard(language, MONEY);
    try {
      expect(inMoney.gloss.replace(/^[^:：]*[:：]\s*/, '')).toMatch(money);
      expect(inMoney.definition).toMatch(/financial institution/);
      expect(await axeViolations(inMoney.page)).toEqual([]);
    } finally {
      await inMoney.close();
    }
    const inRiver = await meaningByKeyboard(language, RIVER);
    try {
      expect(inRiver.gloss.replace(/^[^:：]*[:：]\s*/, '')).toMatch(river);
      expect(inRiver.definition).toMatch(/sloping land/);
      expect(inRiver.definition).not.toBe(inMoney.definition);
      expect(await axeViolations(inRiver.page)).toEqual([]);
    } finally {
      await inRiver.close();
    }
  });
});
