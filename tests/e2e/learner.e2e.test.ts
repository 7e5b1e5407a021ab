/**
 * The learner model in real Chromium against the real server (the sample corpus): coverage on
 * the article and the list, a word marked Known from its entry, "I know the rest" raising the
 * coverage, Undo, a reload and a second tab seeing the same, keyboard only, axe with the marks
 * on, and 360 px without sideways scrolling; a first visit with statuses fetching the list's hash table before
 * the cards' inventories arrive (the page names the list).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LEARNER_TEXTS } from '../../src/domain/learner-texts';
import { LEVEL_OFFER } from '../../src/domain/level-offer-texts';
import { axeViolations } from './support/axe';
import { useHarness } from './support/harness';
import { BODY_HOST, INTERACTIVE_BODY, withPage } from './support/saving-words';

const t = LEARNER_TEXTS.zh;
const harness = useHarness();

const articleCoverage = (page: Page) => page.locator('.article-coverage [data-testid="coverage"]');

/** The percent the article header shows ("认识 12.5%" → 12.5). */
async function shownPercent(page: Page): Promise<number> {
  const text = (await articleCoverage(page).locator('[aria-hidden="true"]').nth(1).textContent()) ?? '';
  const match = /([\d.]+)%/.exec(text);
  if (match === null) throw new Error(`no percent in "${text}"`);
  return Number(match[1]);
}

async function firstArticleId(page: Page): Promise<string> {
  await page.goto('/zh/articles');
  const href = await page.locator('[data-testid="article-card"] a.card-link').first().getAttribute('href');
  return decodeURIComponent(href!.split('/').pop()!);
}

async function openArticle(page: Page, id: string): Promise<void> {
  await page.goto(`/zh/articles/${encodeURIComponent(id)}`);
  await page.locator(INTERACTIVE_BODY).waitFor();
  await articleCoverage(page).waitFor();
}

describe('word statuses and coverage in the browser', () => {
  it('zh: coverage on the article, Known from the entry, "I know the rest" raises it, Undo, a reload and a second tab keep it, the list shows it', async () => {
    await withPage(harness, async (page, context) => {
      const id = await firstArticleId(page);
      // A learner without statuses sees no coverage on the list.
      expect(await page.locator('[data-testid="coverage"]').count()).toBe(0);

      await openArticle(page, id);
      const start = await shownPercent(page);
      expect(start).toBeLessThan(95);
      expect(await articleCoverage(page).getAttribute('data-band')).toBe('hard');
      // New words are marked in the body while the switch is on.
      await expect.poll(() => page.locator(`${BODY_HOST} [data-status="new"]`).count()).toBeGreaterThan(10);

      // A word marked Known from its entry.
      const word = page.locator(`${BODY_HOST} .nr-article-body .nr-w`).nth(3);
      await word.click();
      const status = page.locator('.word-entry [data-testid="word-status"]');
      await status.waitFor();
      expect(await status.locator('.word-status-line').textContent()).toBe(t.statusLine(t.statuses.new));
      await status.getByRole('button', { name: t.markKnown }).click();
      await expect.poll(() => status.locator('.word-status-line').textContent()).toBe(t.statusLine(t.statuses.known));
      await page.keyboard.press('Escape');
      await expect.poll(() => shownPercent(page)).toBeGreaterThan(start);
      const afterOne = await shownPercent(page);

      // "I know the rest": every word still new becomes known; the coverage reaches 100%.
      await page.getByRole('button', { name: t.knowRest }).click();
      await expect.poll(() => shownPercent(page)).toBe(100);
      expect(await articleCoverage(page).getAttribute('data-band')).toBe('comfortable');
      await expect.poll(() => page.locator(`${BODY_HOST} [data-status="new"]`).count()).toBe(0);
      const result = page.locator('.know-the-rest-result');
      await expect.poll(() => result.textContent()).toMatch(/已将 \d+ 个词记为/);

      // Undo takes back exactly that step: the word marked by hand stays known.
      await result.getByRole('button', { name: t.undo }).click();
      await expect.poll(() => shownPercent(page)).toBe(afterOne);
      // The Undo button is gone: the status says what happened, and focus is not dropped on the page's body.
      await expect.poll(() => result.textContent()).toBe(t.undone);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('know-the-rest-button');

      await page.getByRole('button', { name: t.knowRest }).click();
      await expect.poll(() => shownPercent(page)).toBe(100);
      // Give the write its moment, then reload: the statuses are in IndexedDB.
      await page.waitForTimeout(300);
      await page.reload();
      await page.locator(INTERACTIVE_BODY).waitFor();
      await expect.poll(() => shownPercent(page)).toBe(100);

      // A second tab sees a change made in the first.
      const second = await context.newPage();
      await openArticle(second, id);
      await expect.poll(() => shownPercent(second)).toBe(100);
      const again = page.locator(`${BODY_HOST} .nr-article-body .nr-w`).nth(3);
      await again.click();
      await page.locator('.word-entry [data-testid="word-status"]').getByRole('button', { name: t.markKnown }).click(); // known → new
      await expect.poll(() => shownPercent(second), { timeout: 10_000 }).toBeLessThan(100);
      await page.keyboard.press('Escape');

      // The list now shows coverage on its cards, the article's among them, and can order by fit.
      await second.goto('/zh/articles');
      await expect
        .poll(() => second.locator('[data-testid="article-card"] [data-testid="coverage"]').count(), { timeout: 10_000 })
        .toBeGreaterThan(0);
      await second.getByLabel(t.fitOrder).selectOption('fit');
      const firstCardHref = await second.locator('[data-testid="article-card"] a.card-link').first().getAttribute('href');
      expect(decodeURIComponent(firstCardHref!.split('/').pop()!)).toBe(id);
      // ... and filter by fit: our article (at least 95% known) is not among the hard ones, and "every article" brings all back.
      const cards = second.locator('[data-testid="article-card"]');
      const cardIds = async () =>
        Promise.all(
          (await cards.locator('a.card-link').all()).map(async (link) =>
            decodeURIComponent((await link.getAttribute('href'))!.split('/').pop()!),
          ),
        );
      const allShown = await cards.count();
      await second.getByLabel(t.fitShown).selectOption('hard');
      await expect.poll(async () => (await cardIds()).includes(id)).toBe(false);
      expect(await cards.count()).toBeLessThan(allShown);
      await second.getByLabel(t.fitShown).selectOption('all');
      await expect.poll(() => cards.count()).toBe(allShown);
      // Later list pages read the learner's statuses by rank from IndexedDB (kept once the first had the
      // frequency list's hash table, decision 46): the same coverage, and neither the 10,000-word list
      // nor its hash table is asked for again.
      const shownCoverage = async () =>
        (await second.locator('[data-testid="article-card"] [data-testid="coverage"]').allTextContents()).sort().join('|');
      const before = await shownCoverage();
      let listAsked = 0;
      // Routed (which also turns the HTTP cache off), so every time the page asks for the list is counted.
      await second.route('**/api/level-words**', async (route) => {
        listAsked += 1;
        await route.continue();
      });
      const reloadedList = async (expected: string) => {
        listAsked = 0;
        await second.reload();
        await expect.poll(shownCoverage, { timeout: 10_000 }).toBe(expected);
        return listAsked;
      };
      await expect.poll(() => reloadedList(before), { timeout: 20_000 }).toBe(0);
      // A status changed on the article (the other tab): this list shows it at once, and the article page
      // makes the statuses by rank again for the list (after it settles), so the next reload asks for nothing.
      let articleAsked = 0;
      await page.route('**/api/level-words?**', async (route) => {
        articleAsked += 1;
        await route.continue();
      });
      await page.locator(`${BODY_HOST} .nr-article-body .nr-w`).nth(3).click();
      await page.locator('.word-entry [data-testid="word-status"]').getByRole('button', { name: t.markKnown }).click(); // new → known
      await expect.poll(() => shownPercent(page)).toBe(100);
      await page.keyboard.press('Escape');
      await expect.poll(shownCoverage, { timeout: 10_000 }).not.toBe(before);
      await expect.poll(() => articleAsked, { timeout: 10_000 }).toBeGreaterThan(0);
      const after = await shownCoverage();
      await expect.poll(() => reloadedList(after), { timeout: 20_000 }).toBe(0);
      // Back to new (known → new), for home's learning zone below: the list shows the first figures again.
      await page.locator(`${BODY_HOST} .nr-article-body .nr-w`).nth(3).click();
      await page.locator('.word-entry [data-testid="word-status"]').getByRole('button', { name: t.markKnown }).click();
      await expect.poll(() => shownPercent(page)).toBeLessThan(100);
      await page.keyboard.press('Escape');
      await expect.poll(shownCoverage, { timeout: 10_000 }).toBe(before);
      // Home offers the learning zone once the learner has statuses (our article is in it: >= 95%, a word new).
      await second.goto('/zh');
      await expect
        .poll(() => second.locator('[data-testid="learning-zone"] [data-testid="article-card"]').count(), { timeout: 10_000 })
        .toBeGreaterThan(0);
      await second.close();

      // Progress shows the day's counts: the article finished, the words marked today, the streak of the default goal.
      await page.goto('/zh/progress');
      await expect.poll(() => page.getByTestId('articles-finished').textContent()).toBe('1');
      expect(await page.getByTestId('streak').textContent()).toBe(t.progress.days(1));
      const today = Number(((await page.getByTestId('today-row').locator('td').first().textContent()) ?? '0').replace(/[^\d]/g, ''));
      expect(today).toBeGreaterThan(10);
      expect(await page.locator('svg.words-chart rect').count()).toBe(30);
      expect(await page.locator(`svg.words-chart rect[data-words="${today}"]`).last().getAttribute('data-day')).toMatch(
        /^\d{4}-\d{2}-\d{2}$/,
      );
      expect(await axeViolations(page)).toEqual([]);
      // A goal of 25 words a day, kept across a reload.
      await page.getByLabel(t.progress.goal).selectOption('words:25');
      await page.waitForTimeout(200);
      await page.reload();
      await expect.poll(() => page.getByLabel(t.progress.goal).inputValue()).toBe('words:25');

      // One backup file, restored into a fresh browser: a broken file first, which applies nothing.
      const knownHere = await page.getByTestId('words-known').textContent();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t.backup.download }).click()]);
      const backup = readFileSync((await download.path())!, 'utf8');
      expect(download.suggestedFilename()).toMatch(/^newsreader-backup-\d{4}-\d{2}-\d{2}\.json$/);
      const fresh = await harness.browser.newContext({ baseURL: harness.server.origin });
      try {
        const other = await fresh.newPage();
        await other.goto('/zh/progress');
        // The figures are there from the first paint ('–'); the store has answered once they are numbers.
        await expect.poll(() => other.getByTestId('words-known').textContent()).toBe('0');
        const broken = JSON.parse(backup) as { statuses: unknown[] };
        broken.statuses.push({ id: 'Bad', status: 'mastered', source: 'hand', setAt: 'soon' });
        await other
          .locator('.backup input[type="file"]')
          .setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) });
        await other.getByTestId('backup-problems').waitFor();
        expect(await other.getByTestId('backup-problems').textContent()).toContain(`第 ${broken.statuses.length} 行`);
        expect(await other.getByTestId('words-known').textContent()).toBe('0');
        await other
          .locator('.backup input[type="file"]')
          .setInputFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(backup) });
        await expect.poll(() => other.getByTestId('words-known').textContent(), { timeout: 10_000 }).toBe(knownHere);
        expect(await other.getByTestId('articles-finished').textContent()).toBe('1');
        expect(await other.getByLabel(t.progress.goal).inputValue()).toBe('words:25');
      } finally {
        await fresh.close();
      }
    });
  });

  it('zh: keyboard only, axe with the marks on and off, 360 px without sideways scrolling', async () => {
    await withPage(harness, async (page) => {
      const id = await firstArticleId(page);
      await page.setViewportSize({ width: 360, height: 740 });
      await openArticle(page, id);
      await expect.poll(() => page.locator(`${BODY_HOST} [data-status="new"]`).count()).toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // The switch takes the marks off, by keyboard.
      const toggle = page.getByRole('button', { name: t.marking });
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
      await expect.poll(() => page.locator(`${BODY_HOST} [data-status]`).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      // Tab reaches "I know the rest"; Enter marks the rest; Tab reaches Undo.
      let reached = false;
      for (let step = 0; step < 400 && !reached; step += 1) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => document.activeElement?.id === 'know-the-rest-button');
      }
      expect(reached).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => shownPercent(page)).toBe(100);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t.undo);
      await page.keyboard.press('Enter');
      await expect.poll(() => shownPercent(page)).toBeLessThan(100);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
});

describe('the placement in the browser', () => {
  it('zh: offered on home to a new learner; choosing a level marks its words known but never a word set by hand; noindex, axe, 360 px', async () => {
    await withPage(harness, async (page) => {
      const id = await firstArticleId(page);
      // A word set by hand first: Ignore, from its entry.
      await openArticle(page, id);
      const word = page.locator(`${BODY_HOST} .nr-article-body .nr-w`).nth(0);
      const tapped = ((await word.textContent()) ?? '').trim();
      await word.click();
      const status = page.locator('.word-entry [data-testid="word-status"]');
      await status.getByRole('button', { name: t.markIgnored }).click();
      await expect.poll(() => status.locator('.word-status-line').textContent()).toBe(t.statusLine(t.statuses.ignored));
      await page.keyboard.press('Escape');
      await page.waitForTimeout(200);

      // A fresh context has no statuses: home offers the placement.
      const fresh = await harness.browser.newContext({ baseURL: harness.server.origin, viewport: { width: 360, height: 740 } });
      const newcomer = await fresh.newPage();
      await newcomer.goto('/zh');
      await newcomer.getByRole('link', { name: LEVEL_OFFER.zh }).click();
      await newcomer.waitForURL('**/zh/level');
      await newcomer.locator('form.level-form').waitFor();
      expect(await newcomer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await fresh.close();

      // The page is server-rendered and never indexed.
      const html = await (await page.request.get('/zh/level')).text();
      expect(html).toContain(t.level.title);
      expect(html).toMatch(/<meta[^>]*name="robots" content="noindex"/);

      await page.goto('/zh/level');
      await page.getByRole('heading', { level: 1, name: t.level.title }).waitFor();
      await page.locator('form.level-form').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByLabel(t.level.band('10,000')).check();
      await page.getByRole('button', { name: t.level.submit }).click();
      const done = page.locator('.level-done [role="status"]');
      await done.waitFor({ timeout: 15_000 });
      const marked = Number(((await done.textContent()) ?? '').replace(/[^\d]/g, '').slice(0, 5));
      expect(marked).toBeGreaterThan(5000);
      expect(await axeViolations(page)).toEqual([]);

      // The article is now mostly known, and the word set by hand is still ignored.
      await openArticle(page, id);
      await expect.poll(() => shownPercent(page)).toBeGreaterThan(80);
      await page.locator(`${BODY_HOST} .nr-article-body .nr-w`).nth(0).click();
      await expect
        .poll(() => page.locator('.word-entry [data-testid="word-status"] .word-status-line').textContent())
        .toBe(t.statusLine(t.statuses.ignored));
      expect(tapped).not.toBe('');
    });
  });
});

describe('a first visit with statuses and no record by rank (decision 50)', () => {
  it("zh: the list page names the cards' list, whose hash table is fetched while the cards' inventories are held back; the cards then show coverage", async () => {
    await withPage(harness, async (page) => {
      // Statuses from the placement; its page has no cards, so no record by rank is kept.
      await page.goto('/zh/level');
      await page.locator('form.level-form').waitFor();
      await page.waitForLoadState('networkidle');
      await page.locator('input[name="level"][value="top2000"]').check();
      await page.locator('form.level-form button[type="submit"]').click();
      await page.locator('.level-done [role="status"]').waitFor({ timeout: 15_000 });

      const named = /"rankedCheck":"([0-9a-z-]+)"/.exec(await (await page.request.get('/zh/articles')).text())?.[1];
      expect(named).toMatch(/^[0-9a-z]+-[0-9a-z]+$/);
      // The inventories wait until the table is asked for (or 6 s, within the client's 10 s time-out): before decision 50
      // the table was asked for only once they had arrived.
      const tables: string[] = [];
      let tableAsked = () => {};
      const asked = new Promise<void>((resolve) => (tableAsked = resolve));
      page.on('request', (request) => {
        if (!request.url().includes('/api/level-words/hashes?')) return;
        tables.push(new URL(request.url()).searchParams.get('v') ?? '');
        tableAsked();
      });
      let heldBack = 0;
      await page.route('**/api/lemmas?**', async (route) => {
        const seen = await Promise.race([
          asked.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 6_000)),
        ]);
        if (seen) heldBack += 1;
        await route.continue();
      });
      await page.goto('/zh/articles');
      const cards = page.locator('[data-testid="article-card"]');
      await expect.poll(() => cards.locator('[data-testid="coverage"]').count(), { timeout: 40_000 }).toBe(await cards.count());
      // Every request for the inventories saw the table asked for first.
      expect(heldBack).toBeGreaterThan(0);
      expect(tables).toEqual([named]);
    });
  });
});

describe('the placement and progress pages by keyboard, at 360 px, and without IndexedDB', () => {
  const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

  /** Presses Tab until the focused element matches, or fails after `limit` presses. */
  async function tabTo(page: Page, matches: () => boolean, limit = 80): Promise<void> {
    for (let step = 0; step < limit; step += 1) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(matches)) return;
    }
    throw new Error('Tab never reached the element');
  }

  it('zh: the level is chosen and the goal set with the keyboard alone; neither page scrolls sideways at 360 px', async () => {
    await withPage(harness, async (page) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto('/zh/level');
      await page.locator('form.level-form').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await sideways(page)).toBe(false);
      // The radio group is one Tab stop; the arrows move the choice; Tab goes on to the button.
      await tabTo(page, () => (document.activeElement as HTMLInputElement | null)?.name === 'level');
      await page.keyboard.press('ArrowDown');
      const chosen = await page.evaluate(() => (document.activeElement as HTMLInputElement).value);
      expect(await page.locator(`input[name="level"][value="${chosen}"]`).isChecked()).toBe(true);
      await tabTo(page, () => document.activeElement?.getAttribute('type') === 'submit');
      await page.keyboard.press('Enter');
      await page.locator('.level-done [role="status"]').waitFor({ timeout: 15_000 });
      expect(await sideways(page)).toBe(false);

      await page.goto('/zh/progress');
      // In place from the first paint, usable once the store has answered.
      await page.locator('#daily-goal:enabled').waitFor();
      expect(await sideways(page)).toBe(false);
      const goalBefore = await page.locator('#daily-goal').inputValue();
      await tabTo(page, () => document.activeElement?.id === 'daily-goal');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => page.locator('#daily-goal').inputValue()).not.toBe(goalBefore);
      // The chart's table opens from the keyboard.
      await tabTo(page, () => document.activeElement?.tagName === 'SUMMARY');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.locator('details.progress-table').evaluate((details) => (details as HTMLDetailsElement).open))
        .toBe(true);
      expect(await page.locator('[data-testid="words-known"]').textContent()).not.toBe('0');
      expect(await sideways(page)).toBe(false);
      // The goal chosen is kept.
      const goalAfter = await page.locator('#daily-goal').inputValue();
      await page.reload();
      await expect.poll(() => page.locator('#daily-goal').inputValue()).toBe(goalAfter);
    });
  });

  it('zh: with IndexedDB refused the site still reads, and the status features say why they are off', async () => {
    const context = await harness.browser.newContext({ baseURL: harness.server.origin });
    try {
      // As in a private window of some browsers: opening a database throws.
      await context.addInitScript(() => {
        IDBFactory.prototype.open = () => {
          throw new DOMException('The user denied permission to access the database.', 'SecurityError');
        };
      });
      const page = await context.newPage();
      const id = await firstArticleId(page);
      expect(await page.locator('[data-testid="article-card"]').count()).toBeGreaterThan(0);
      await page.goto('/zh');
      await expect.poll(() => page.locator('[data-testid="article-card"]').count()).toBeGreaterThan(0);

      await page.goto(`/zh/articles/${encodeURIComponent(id)}`);
      await page.locator(INTERACTIVE_BODY).waitFor();
      await page.getByText(t.off.unavailable).first().waitFor({ timeout: 10_000 });

      await page.goto('/zh/progress');
      await page.getByRole('alert').getByText(t.off.unavailable).waitFor({ timeout: 10_000 });

      await page.goto('/zh/level');
      await page.locator('form.level-form').waitFor();
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: t.level.submit }).click();
      await page.getByRole('alert').getByText(t.off.unavailable).waitFor({ timeout: 10_000 });
    } finally {
      await context.close();
    }
  });
});
