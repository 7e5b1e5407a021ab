/**
 * Practice in real Chromium against the real server and a sample article: a whole practice in zh
 * and in es by pointer, one by keyboard only, a wrong answer on a saved word making it due (its
 * card graded Again in the page's IndexedDB), axe-core on a question, a verdict and the summary,
 * and a 360 px phone without sideways scroll. The answers come from the API the page itself reads.
 * The page is server-rendered with its set: the first question is in the HTML, and the browser
 * hydrates it without a warning and without asking for the set again.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Exercise, ExerciseSet } from '../../common/exercise-contract';
import { PRACTICE_LINK_TEXTS } from '../../src/domain/practice-link-texts';
import { practiceTextsFor } from '../../src/domain/practice-texts';
import { newCard, type SavedWord } from '../../src/domain/saved-words';
import { axeViolations } from './support/axe';
import { installSpeech, type SpeechMode, type Spoken } from './support/fake-speech-synthesis';
import { newPage, SAVED_REJECTION, useHarness } from './support/harness';
import { seedWords, storedWords } from './support/seed-words';

const ARTICLE = 'sample-bbc-fans-save-football-club';
const harness = useHarness();

async function exercises(language: 'zh' | 'es'): Promise<ExerciseSet> {
  const response = await fetch(`${harness.server.origin}/api/articles/${ARTICLE}/exercises?language=${language}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ExerciseSet;
}

/** The gap fill's word as the learner saved it from this article (Spanish gloss), at `savedAt`. */
function savedFrom(item: { lemma: string; answer: string; sentence: string }, savedAt: Date): SavedWord {
  return {
    id: item.lemma,
    word: item.answer,
    lemma: item.lemma,
    gloss: 'x',
    glossLanguage: 'es',
    ipa: null,
    definition: null,
    sentence: item.sentence,
    articleId: ARTICLE,
    articleTitle: 'Fans save their club',
    savedAt: savedAt.toISOString(),
    card: newCard(savedAt),
  };
}

async function open(language: 'zh' | 'es', options: { viewport?: { width: number; height: number }; words?: SavedWord[] } = {}) {
  const { context, page } = await newPage(harness, { ...SAVED_REJECTION, ...(options.viewport ? { viewport: options.viewport } : {}) });
  await context.addInitScript(installSpeech, 'voices' as SpeechMode);
  if (options.words) {
    await page.goto(`/${language}/articles`);
    await seedWords(page, options.words);
  }
  await page.goto(`/${language}/articles/${ARTICLE}/practice`);
  await hydrated(page);
  return { page, close: () => context.close() };
}

/** The server's page answers nothing before the app has taken it over (React keeps its props on the elements it hydrated). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const element = document.querySelector('.practice h1');
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps'));
  });
}

/** The text of an HTML fragment's elements, as a reader sees it. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

/** Answers the item on screen by pointer: rightly, or with a wrong option for a gap fill. */
async function answerByPointer(page: Page, item: Exercise, language: 'zh' | 'es', wrong = false) {
  const texts = practiceTextsFor(language);
  switch (item.kind) {
    case 'gap_fill': {
      const choice = wrong ? item.options.find((option) => option !== item.answer)! : item.answer;
      await page.getByRole('group', { name: texts.gapFillPrompt }).getByRole('button', { name: choice, exact: true }).click();
      break;
    }
    case 'listening':
      await page.getByRole('button', { name: texts.play }).click();
      await page.getByLabel(texts.typedLabel).fill(`${item.answer.toUpperCase()}.`);
      await page.getByRole('button', { name: texts.check }).click();
      break;
    case 'word_order':
      for (const tile of item.sentence.split(/\s+/)) {
        await page.getByRole('group', { name: texts.tilesLabel }).getByRole('button', { name: tile, exact: true }).first().click();
      }
      await page.getByRole('button', { name: texts.check }).click();
      break;
    case 'match':
      for (const pair of item.pairs) await page.getByLabel(pair.lemma, { exact: true }).selectOption({ label: pair.gloss });
      await page.getByRole('button', { name: texts.check }).click();
      break;
  }
}

const focused = (page: Page) =>
  page.evaluate(() => ({ text: document.activeElement?.textContent?.trim() ?? '', tag: document.activeElement?.tagName ?? '' }));

/** Tab until the focused element passes `wanted` (at most 60 presses). */
async function tabTo(page: Page, wanted: (element: { text: string; tag: string }) => boolean) {
  for (let presses = 0; presses < 60; presses += 1) {
    if (wanted(await focused(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`no focusable element found; focus is on ${JSON.stringify(await focused(page))}`);
}

async function answerByKeyboard(page: Page, item: Exercise) {
  const texts = practiceTextsFor('zh');
  switch (item.kind) {
    case 'gap_fill':
      await tabTo(page, (element) => element.tag === 'BUTTON' && element.text === item.answer);
      await page.keyboard.press('Enter');
      break;
    case 'listening':
      await tabTo(page, (element) => element.tag === 'INPUT');
      await page.keyboard.type(item.answer);
      await page.keyboard.press('Enter');
      break;
    case 'word_order':
      for (const tile of item.sentence.split(/\s+/)) {
        await tabTo(page, (element) => element.tag === 'BUTTON' && element.text === tile);
        await page.keyboard.press('Enter');
      }
      await tabTo(page, (element) => element.tag === 'BUTTON' && element.text === texts.check);
      await page.keyboard.press('Enter');
      break;
    case 'match':
      for (const [index] of item.pairs.entries()) {
        await tabTo(page, (element) => element.tag === 'SELECT');
        // The placeholder first, then the glosses in the order shown.
        const steps = item.gloss_order.indexOf(index) + 1;
        for (let step = 0; step < steps; step += 1) await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Tab');
      }
      await tabTo(page, (element) => element.tag === 'BUTTON' && element.text === texts.check);
      await page.keyboard.press('Enter');
      break;
  }
}

async function practiseAll(page: Page, set: ExerciseSet, language: 'zh' | 'es', answer: (item: Exercise, index: number) => Promise<void>) {
  const texts = practiceTextsFor(language);
  for (const [index, item] of set.exercises.entries()) {
    await expect.poll(() => page.getByText(texts.progress(index + 1, set.exercises.length), { exact: true }).count()).toBe(1);
    await answer(item, index);
    await page.getByRole('heading', { level: 2 }).waitFor();
    await page.getByRole('button', { name: texts.next }).click();
  }
  await page.getByRole('heading', { level: 2, name: texts.summaryTitle }).waitFor();
}

describe('practice, server-rendered', () => {
  it('the HTML holds the first question with its options, noindex; an unknown article is a 404; other languages as other pages', async () => {
    for (const language of ['zh', 'es'] as const) {
      const set = await exercises(language);
      const first = set.exercises[0]!;
      expect(first.kind).toBe('gap_fill');
      if (first.kind !== 'gap_fill') continue;
      const response = await fetch(`${harness.server.origin}/${language}/articles/${ARTICLE}/practice`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<meta[^>]*name="robots" content="noindex"/);
      const root = html.slice(html.indexOf('<div id="root">'));
      const text = textOf(root);
      const [before, after] = first.text.split('___') as [string, string];
      expect(text).toContain(before.trim());
      expect(text).toContain(after.trim());
      expect(text).toContain(practiceTextsFor(language).progress(1, set.exercises.length));
      for (const option of first.options)
        expect(root).toMatch(new RegExp(`<button[^>]*class="nr-practice-option"[^>]*>${option}</button>`));
      expect(text).not.toContain(practiceTextsFor(language).loading);
    }
    const missing = await fetch(`${harness.server.origin}/zh/articles/no-such-article-28/practice`);
    expect(missing.status).toBe(404);
    const missingHtml = await missing.text();
    expect(missingHtml).toMatch(/<meta[^>]*name="robots" content="noindex"/);
    expect(textOf(missingHtml)).toContain(practiceTextsFor('zh').missingTitle);
    // A language without page texts gets the English page, as every page does; an upper-case tag is moved.
    const french = await fetch(`${harness.server.origin}/fr/articles/${ARTICLE}/practice`);
    expect(french.status).toBe(200);
    const frenchHtml = await french.text();
    expect(frenchHtml).toContain('<html lang="en"');
    expect(textOf(frenchHtml)).toContain(practiceTextsFor('en').gapFillPrompt);
    const moved = await fetch(`${harness.server.origin}/ES/articles/${ARTICLE}/practice`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/es/articles/${ARTICLE}/practice`);
  });

  it('hydrates without a warning and without asking for the set again; saved words then mark it; an unknown article says so', async () => {
    const set = await exercises('es');
    const first = set.exercises[0]!;
    if (first.kind !== 'gap_fill') throw new Error('the sample set starts with a gap fill');
    const texts = practiceTextsFor('es');
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    const asked: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/exercises')) asked.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    try {
      // The first item's word is saved, so after hydration its verdict says so (read from IndexedDB, not from the server).
      await page.goto('/es/articles');
      await seedWords(page, [savedFrom(first, new Date())]);
      await page.goto(`/es/articles/${ARTICLE}/practice`);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      await page.getByRole('group', { name: texts.gapFillPrompt }).getByRole('button', { name: first.answer, exact: true }).click();
      await page.getByRole('heading', { level: 2, name: texts.right }).waitFor();
      await page.getByText(texts.saved, { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: texts.save(first.answer) }).count()).toBe(0);
      await page.getByRole('button', { name: texts.next }).click();
      await page.getByText(texts.progress(2, set.exercises.length), { exact: true }).waitFor();
      // An unknown article's page starts from the server's 404 too: it says so, asking nothing.
      await page.goto('/es/articles/no-such-article-28/practice');
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      await page.getByText(texts.missingTitle).waitFor();
      await page.getByRole('link', { name: texts.toArticles }).waitFor();
      expect(asked).toEqual([]);
      // Chromium logs the page's own 404 answer.
      expect(problems.filter((problem) => !problem.includes('the server responded with a status of 404'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('practice', () => {
  it('zh by pointer: every item of the set, the verdicts, the sentence read aloud, the summary; axe finds nothing', async () => {
    const set = await exercises('zh');
    expect(new Set(set.exercises.map((item) => item.kind))).toEqual(new Set(['gap_fill', 'listening', 'word_order', 'match']));
    const texts = practiceTextsFor('zh');
    const { page, close } = await open('zh');
    try {
      // The article links to its practice from its end.
      await page.goto(`/zh/articles/${ARTICLE}`);
      await page.getByRole('link', { name: PRACTICE_LINK_TEXTS.zh }).click();
      await page.getByRole('heading', { level: 1, name: texts.heading }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await practiseAll(page, set, 'zh', async (item, index) => {
        await answerByPointer(page, item, 'zh');
        await page.getByRole('heading', { level: 2, name: texts.right }).waitFor();
        if (index === 0) expect(await axeViolations(page)).toEqual([]);
      });
      const listened = set.exercises.filter((item) => item.kind === 'listening').map((item) => item.sentence);
      const spoken = await page.evaluate(() =>
        (window as unknown as { __speech: { spoken: Spoken[] } }).__speech.spoken.map((s) => s.text),
      );
      expect(spoken).toEqual(listened);
      await page.getByText(texts.score(set.exercises.length, set.exercises.length)).waitFor();
      await page.getByText(texts.noneMissed).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('es by pointer: a wrong answer on a saved word makes it due; a missed word not saved can be saved from the summary', async () => {
    const set = await exercises('es');
    const texts = practiceTextsFor('es');
    const gaps = set.exercises.filter((item) => item.kind === 'gap_fill');
    const [first, second] = gaps as [Extract<Exercise, { kind: 'gap_fill' }>, Extract<Exercise, { kind: 'gap_fill' }>];
    const now = Date.now();
    const farDue = new Date(now + 60 * 86_400_000).toISOString();
    const savedAt = new Date(now - 30 * 86_400_000);
    const base = savedFrom(first, savedAt);
    const saved: SavedWord = {
      ...base,
      card: {
        ...base.card,
        state: 2,
        stability: 60,
        difficulty: 5,
        reps: 3,
        due: farDue,
        lastReview: new Date(now - 86_400_000).toISOString(),
      },
    };
    const { page, close } = await open('es', { words: [saved] });
    try {
      await practiseAll(page, set, 'es', async (item) => {
        const wrong = item === first || item === second;
        await answerByPointer(page, item, 'es', wrong);
        await page.getByRole('heading', { level: 2, name: wrong ? texts.wrong : texts.right }).waitFor();
        if (item === first) await page.getByText(texts.reviewBrought).waitFor();
        if (item === first) expect(await axeViolations(page)).toEqual([]);
      });
      await page.getByText(texts.score(set.exercises.length - 2, set.exercises.length)).waitFor();
      const stored = await storedWords(page);
      const graded = stored.find((word) => word.id === first.lemma)!;
      expect(Date.parse(graded.card.due)).toBeLessThan(now + 60 * 60_000);
      expect(graded.card.lapses).toBe(1);
      // The second word was missed and is not saved: Save from the summary.
      await page.getByRole('button', { name: texts.save(second.answer) }).click();
      await page.getByText(texts.saved).first().waitFor();
      expect((await storedWords(page)).map((word) => word.id)).toContain(second.lemma);
    } finally {
      await close();
    }
  });

  it('zh by keyboard only: the whole practice with Tab, Enter, typing and arrow keys', async () => {
    const set = await exercises('zh');
    const texts = practiceTextsFor('zh');
    const { page, close } = await open('zh');
    try {
      await page.getByRole('heading', { level: 1, name: texts.heading }).waitFor();
      for (const [index, item] of set.exercises.entries()) {
        await expect.poll(() => page.getByText(texts.progress(index + 1, set.exercises.length), { exact: true }).count()).toBe(1);
        await answerByKeyboard(page, item);
        // The verdict takes focus; Next is the next stop.
        await page.getByRole('heading', { level: 2, name: texts.right }).waitFor();
        await tabTo(page, (element) => element.tag === 'BUTTON' && element.text === texts.next);
        await page.keyboard.press('Enter');
      }
      await page.getByText(texts.score(set.exercises.length, set.exercises.length)).waitFor();
    } finally {
      await close();
    }
  });

  it('fits a 360 px phone without sideways scroll', async () => {
    const set = await exercises('zh');
    const { page, close } = await open('zh', { viewport: { width: 360, height: 740 } });
    try {
      await page.getByRole('heading', { level: 1, name: practiceTextsFor('zh').heading }).waitFor();
      for (const [index, item] of set.exercises.entries()) {
        await expect
          .poll(() => page.getByText(practiceTextsFor('zh').progress(index + 1, set.exercises.length), { exact: true }).count())
          .toBe(1);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await answerByPointer(page, item, 'zh');
        await page.getByRole('button', { name: practiceTextsFor('zh').next }).click();
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    } finally {
      await close();
    }
  });
});
