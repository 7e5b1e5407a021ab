/**
 * Reviewing saved words in real Chromium against the real server: three words are written into
 * the page's IndexedDB (the shared schema, raw API), the learner reviews them at /zh/review by
 * mouse and keyboard, and each stored card's next date must be the one ts-fsrs computes, here in
 * the test process, for that grade from the seeded card at the moment it was graded. Also the
 * done and empty screens, and axe-core on every screen.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createEmptyCard, Rating, type Card } from 'ts-fsrs';
import type { SavedWord } from '../../src/domain/saved-words';
import { formatDue, REVIEW_TEXTS } from '../../src/domain/review-texts';
import { axeViolations } from './support/axe';
import { fromReferenceCard } from '../support/fsrs-cards';
import { gradeAndCheck, scheduler } from './support/fsrs-check';
import { newPage, SAVED_REJECTION, useHarness } from './support/harness';
import { seedWords, storedWords } from './support/seed-words';
import { REPO_ROOT } from '../support/server-process';

const SCREENSHOT_DIR = join(REPO_ROOT, 'screenshots');
const zh = REVIEW_TEXTS.zh;
const HOUR = 3600_000;
const DAY = 24 * HOUR;

const harness = useHarness();

function saved(lemma: string, gloss: string, sentence: string, card: Card): SavedWord {
  return {
    id: lemma,
    word: lemma,
    lemma,
    gloss,
    glossLanguage: 'zh',
    ipa: 'ˈtest',
    definition: `an English definition of ${lemma}`,
    sentence,
    articleId: 'city-bikes',
    articleTitle: 'City bikes are back',
    savedAt: new Date(Date.now() - 30 * DAY).toISOString(),
    card: fromReferenceCard(card),
  };
}

/** Three due words: a review card (the longest overdue), a new card and a learning card. */
function seededWords(now: number): SavedWord[] {
  const reviewCard = scheduler.next(createEmptyCard(new Date(now - 20 * DAY)), new Date(now - 20 * DAY), Rating.Easy).card;
  const learningCard = scheduler.next(createEmptyCard(new Date(now - HOUR)), new Date(now - HOUR), Rating.Good).card;
  expect(reviewCard.due.getTime()).toBeLessThan(now - DAY);
  expect(learningCard.due.getTime()).toBeLessThan(now);
  return [
    saved('harbour', '港口', 'Ships waited in the harbour overnight.', reviewCard),
    saved('ferry', '渡轮', 'The ferry left at dawn.', createEmptyCard(new Date(now - DAY))),
    saved('tide', '潮汐', 'The tide came in early.', learningCard),
  ];
}

async function openReview(
  words: readonly SavedWord[],
  viewport?: { width: number; height: number },
): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(harness, { ...SAVED_REJECTION, ...(viewport ? { viewport } : {}) });
  await page.goto('/zh/articles');
  await seedWords(page, words);
  await page.goto('/zh/review');
  return { page, close: () => context.close() };
}

const revealButton = (page: Page) => page.getByRole('button', { name: zh.reveal });
const gradeButton = (page: Page, grade: keyof typeof zh.grades) => page.getByRole('button', { name: new RegExp(`^${zh.grades[grade]}`) });
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe('reviewing saved words', () => {
  it('zh: reviews three words with Again, Good and Easy by mouse and keyboard; FSRS sets each next date; Again comes back', async () => {
    const words = seededWords(Date.now());
    const [harbour, ferry, tide] = words as [SavedWord, SavedWord, SavedWord];
    const { page, close } = await openReview(words);
    try {
      // Card 1, the longest overdue: the word in its sentence, Show answer focused.
      await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('harbour');
      await expect.poll(() => page.locator('.review-sentence mark').textContent()).toBe('harbour');
      expect(await page.getByText(zh.progress(1, 3), { exact: true }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'City bikes are back' }).getAttribute('href')).toBe('/zh/articles/city-bikes');
      expect(await focusedText(page)).toBe(zh.reveal);
      expect(await axeViolations(page), 'front').toEqual([]);

      // By mouse: show the answer, then Again.
      await revealButton(page).click();
      await page.getByText('港口').waitFor();
      expect(await page.getByText('/ˈtest/').count()).toBe(1);
      expect(await focusedText(page)).toContain(zh.grades.good);
      expect(await axeViolations(page), 'back').toEqual([]);
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOT_DIR, 'review-back-zh.png') });
      const harbourAfterAgain = await gradeAndCheck(page, harbour, Rating.Again, () => gradeButton(page, 'again').click());
      // Relearning is 10 minutes: within the session, so it comes back as a fourth card.
      expect(Date.parse(harbourAfterAgain.card.due) - Date.parse(harbourAfterAgain.card.lastReview!)).toBe(10 * 60_000);

      // Card 2, a new word, by keyboard only: focus is back on Show answer; Space shows, 3 is Good.
      await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('ferry');
      expect(await page.getByText(zh.progress(2, 4), { exact: true }).count()).toBe(1);
      await expect.poll(() => focusedText(page)).toBe(zh.reveal);
      await page.keyboard.press('Space');
      await page.getByText('渡轮').waitFor();
      // The grade buttons say when the word comes back, as ts-fsrs schedules a new card.
      expect(await gradeButton(page, 'again').textContent()).toContain('1分钟');
      expect(await gradeButton(page, 'good').textContent()).toContain('10分钟');
      await gradeAndCheck(page, ferry, Rating.Good, () => page.keyboard.press('3'));

      // Card 3, the learning word: Enter shows, 4 is Easy.
      await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('tide');
      await expect.poll(() => focusedText(page)).toBe(zh.reveal);
      await page.keyboard.press('Enter');
      await page.getByText('潮汐').waitFor();
      await gradeAndCheck(page, tide, Rating.Easy, () => page.keyboard.press('4'));

      // Card 4: harbour again, graded Good from its relearning card.
      await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('harbour');
      expect(await page.getByText(zh.progress(4, 4), { exact: true }).count()).toBe(1);
      await page.keyboard.press('Space');
      await page.getByText('港口').waitFor();
      await gradeAndCheck(page, harbourAfterAgain, Rating.Good, () => page.keyboard.press('3'));

      // Done: three words, and the earliest next date among them, in the page language.
      const done = page.getByRole('heading', { level: 2, name: zh.doneTitle });
      await done.waitFor();
      expect(await focusedText(page)).toBe(zh.doneTitle);
      expect(await page.getByText(zh.reviewed(3)).count()).toBe(1);
      const earliest = (await storedWords(page)).map((word) => word.card.due).sort((a, b) => Date.parse(a) - Date.parse(b))[0]!;
      expect(await page.getByText(zh.nextDue(formatDue(earliest, 'zh', 'UTC'))).count()).toBe(1);
      expect(await axeViolations(page), 'done').toEqual([]);
      await page.screenshot({ path: join(SCREENSHOT_DIR, 'review-done-zh.png') });
    } finally {
      await close();
    }
  });

  it('zh: says when the next word is due when nothing is due, and that there are no words yet without any', async () => {
    const later = saved('quay', '码头', 'The quay was busy.', { ...createEmptyCard(new Date()), due: new Date(Date.now() + 3 * DAY) });
    const { page, close } = await openReview([later]);
    try {
      await page.getByRole('heading', { level: 2, name: zh.emptyTitle }).waitFor();
      expect(await page.getByText(zh.nextDue(formatDue(later.card.due, 'zh', 'UTC'))).count()).toBe(1);
      expect(await axeViolations(page), 'empty with a later word').toEqual([]);

      await seedWords(page, []);
      await page.reload();
      await page.getByRole('heading', { level: 2, name: zh.noWordsTitle }).waitFor();
      expect(await page.getByRole('link', { name: zh.toArticles }).getAttribute('href')).toBe('/zh/articles');
      expect(await axeViolations(page), 'empty without words').toEqual([]);
    } finally {
      await close();
    }
  });

  it('zh on a phone: the answer and its four grades fit the screen, two by two, without sideways scrolling', async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const { page, close } = await openReview(seededWords(Date.now()), { width: 360, height: 740 });
    try {
      await revealButton(page).waitFor();
      await page.screenshot({ path: join(SCREENSHOT_DIR, 'review-front-zh-phone.png') });
      await page.keyboard.press('Space');
      await page.getByText('港口').waitFor();
      await page.screenshot({ path: join(SCREENSHOT_DIR, 'review-back-zh-phone.png') });
      const boxes = await Promise.all((['again', 'hard', 'good', 'easy'] as const).map((grade) => gradeButton(page, grade).boundingBox()));
      const [again, hard, good, easy] = boxes.map((box) => box!);
      expect(again!.y).toBe(hard!.y);
      expect(good!.y).toBeGreaterThan(again!.y);
      expect(easy!.y).toBe(good!.y);
      for (const box of boxes) expect(box!.x + box!.width).toBeLessThanOrEqual(360);
      expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
      expect(await axeViolations(page), 'back on a phone').toEqual([]);
    } finally {
      await close();
    }
  });
});
