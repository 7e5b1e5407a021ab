/**
 * The article page before and after the app takes it over (issue 33): a word tapped while the
 * app's code is still on its way opens its entry once the app is there, and hydration keeps the
 * body the server sent (its shadow root's nodes are the very ones the browser parsed). The app's
 * chunk is held back by the test, so "before hydration" is a state the test controls, not a race.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fixtureArticles } from './support/fixture-articles';
import { consentTexts } from './support/app';
import { newPage, SAVED_REJECTION, useHarness } from './support/harness';

const BODY_HOST = '[data-testid="article-body-host"]';
const BODY = `${BODY_HOST} .nr-article-body`;
const articles = fixtureArticles();

const harness = useHarness({ seed: articles.seed, env: { LOAD_CORPUS: 'false' } });

/** Holds the files the pattern names until the returned function lets them through. */
async function holdFiles(page: Page, files: RegExp): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(files, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** Holds the app's chunk (the page's small entry still runs). */
const holdApp = (page: Page) => holdFiles(page, /\/assets\/app-[^/]*\.js$/);
/** Holds the article route's own code (its look-up, read-aloud, the learner's words). */
const holdArticleRoute = (page: Page) => holdFiles(page, /\/assets\/article-detail-route-[^/]*\.js$/);

/** The page's console errors and warnings and its uncaught errors, as they come. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

const entryOf = (page: Page) => page.locator('.word-entry[role="dialog"]');

describe('the article page before the app has hydrated it', () => {
  it.each(['zh', 'es'] as const)('%s: a word tapped before hydration opens its entry once the app is there', async (language) => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      const release = await holdApp(page);
      await page.goto(`/${language}/articles/${articles.importedIds[0]!}`, { waitUntil: 'commit' });
      const word = page.locator(`${BODY} .nr-w`).nth(3);
      await word.waitFor();
      // The app is not running: the body does not answer taps yet.
      expect(await page.locator(`${BODY_HOST}[data-interactive]`).count()).toBe(0);
      await word.click();
      await expect.poll(() => word.getAttribute('data-pending-tap')).toBe('');
      expect(await entryOf(page).count()).toBe(0);

      release();
      const entry = entryOf(page);
      await entry.and(page.locator('[data-status="shown"]')).waitFor();
      expect((await entry.getByRole('heading', { level: 2 }).textContent())?.trim()).toBeTruthy();
      // The tap was replayed once, and the mark is gone.
      expect(await word.getAttribute('data-pending-tap')).toBeNull();
    } finally {
      await context.close();
    }
  });

  it("a word tapped before the app has started asks for the look-up's code at once, and for the route's only once its entry is open", async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    try {
      const release = await holdApp(page);
      await page.goto(`/zh/articles/${articles.importedIds[0]!}`, { waitUntil: 'commit' });
      const word = page.locator(`${BODY} .nr-w`).nth(3);
      await word.waitFor();
      const lookupCode = () => requested.filter((path) => /\/assets\/early-lookup-[^/]*\.js$/.test(path));
      const routeChunk = () => requested.filter((path) => /\/assets\/article-detail-route-[^/]*\.js$/.test(path));
      // Held app: nothing has asked for the look-up or the route (the gate and the idle prefetch come with the app).
      await page.waitForLoadState('load');
      expect(lookupCode()).toEqual([]);
      await word.click();
      // The page's entry asks for the look-up's file (one, decision 62) while the app is still held back; not for the route's.
      await expect.poll(() => lookupCode().length).toBe(1);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(routeChunk()).toEqual([]);
      expect(await page.locator(`${BODY_HOST}[data-interactive]`).count()).toBe(0);

      release();
      await entryOf(page).and(page.locator('[data-status="shown"]')).waitFor();
      // The route comes after the entry, and takes it over.
      await page.locator(`${BODY_HOST}[data-interactive]`).waitFor();
      expect(routeChunk().length).toBeGreaterThan(0);
      await entryOf(page).and(page.locator('[data-status="shown"]')).waitFor();
      expect(await page.locator('.early-lookup').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('a word typed in the look-up field and sent before hydration is kept (no reload) and looked up once the app is there', async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      const release = await holdApp(page);
      const address = `/es/articles/${articles.importedIds[0]!}`;
      await page.goto(address, { waitUntil: 'commit' });
      const field = page.locator('.word-lookup-form input');
      await field.waitFor();
      await page.waitForLoadState('load');
      await field.fill('harbour');
      await field.press('Enter');
      await expect.poll(() => page.locator('.word-lookup-form').getAttribute('data-pending-submit')).toBe('');
      // The browser did not send the form as a page request: same address, the word still in the field.
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(address);
      expect(await field.inputValue()).toBe('harbour');

      release();
      const entry = entryOf(page);
      await entry.and(page.locator('[data-status="shown"]')).waitFor();
      expect((await entry.getByRole('heading', { level: 2 }).textContent())?.trim()).toMatch(/\bharbour$/);
      expect(await page.locator('.word-lookup-form').getAttribute('data-pending-submit')).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('a tap outside the words before hydration opens nothing afterwards', async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      const release = await holdApp(page);
      await page.goto(`/en/articles/${articles.importedIds[0]!}`, { waitUntil: 'commit' });
      await page.locator(`${BODY} .nr-w`).first().waitFor();
      await page.locator('h1').first().click();
      release();
      await page.locator(`${BODY_HOST}[data-interactive]`).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await entryOf(page).count()).toBe(0);
      expect(await page.locator(`${BODY} [data-pending-tap]`).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("hydration keeps the server's body: the shadow root's nodes are the ones the browser parsed", async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      const release = await holdApp(page);
      await page.goto(`/zh/articles/${articles.importedIds[0]!}`, { waitUntil: 'commit' });
      await page.locator(`${BODY} .nr-w`).first().waitFor();
      const parsed = await page.evaluate((host) => {
        const root = document.querySelector(host)!.shadowRoot!;
        const nodes = [root.querySelector('.article-body')!, ...root.querySelectorAll('p, .nr-w')];
        (window as unknown as { serverNodes: Element[] }).serverNodes = nodes;
        return nodes.length;
      }, BODY_HOST);
      expect(parsed).toBeGreaterThan(10);

      release();
      await page.locator(`${BODY_HOST}[data-interactive]`).waitFor();
      await page.waitForLoadState('networkidle');
      const after = await page.evaluate((host) => {
        const root = document.querySelector(host)!.shadowRoot!;
        const now = [root.querySelector('.article-body')!, ...root.querySelectorAll('p, .nr-w')];
        const before = (window as unknown as { serverNodes: Element[] }).serverNodes;
        return {
          count: now.length,
          same: now.every((node, index) => node === before[index]),
          connected: before.every((node) => node.isConnected),
        };
      }, BODY_HOST);
      expect(after).toEqual({ count: parsed, same: true, connected: true });
    } finally {
      await context.close();
    }
  });

  it("a tap while the route's code is on its way opens the entry in a root of its own, which hands over to the route", async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    const problems = problemsOf(page);
    try {
      // The app starts; the article route's own code (its look-up, read-aloud, the learner's words) is held back.
      const release = await holdArticleRoute(page);
      await page.goto(`/zh/articles/${articles.importedIds[0]!}`, { waitUntil: 'load' });
      const words = page.locator(`${BODY} .nr-w`);
      const early = page.locator('.early-lookup .word-entry[role="dialog"]');
      const first = words.nth(3);
      await first.click();
      // The entry, with the word's meaning, is the early root's: the route has not hydrated.
      await early.and(page.locator('[data-status="shown"]')).waitFor();
      const heading = (await early.getByRole('heading', { level: 2 }).textContent())?.trim();
      expect(heading).toBeTruthy();
      expect(await early.locator('.word-sense').count()).toBeGreaterThan(0);
      expect(await early.evaluate((dialog) => dialog === document.activeElement)).toBe(true);
      expect(await page.locator(`${BODY_HOST}[data-interactive]`).count()).toBe(0);
      expect(await entryOf(page).count()).toBe(1);
      // Escape closes it; another word opens in the same root.
      await page.keyboard.press('Escape');
      await expect.poll(() => entryOf(page).count()).toBe(0);
      await words.nth(5).click();
      await early.and(page.locator('[data-status="shown"]')).waitFor();
      const reopened = (await early.getByRole('heading', { level: 2 }).textContent())?.trim();

      // The route hydrates: one entry on the screen, now the route's, for the same word, with Save.
      release();
      await page.locator(`${BODY_HOST}[data-interactive]`).waitFor();
      const entry = entryOf(page);
      await entry.and(page.locator('[data-status="shown"]')).locator('.word-save').first().waitFor();
      expect(await page.locator('.early-lookup').count()).toBe(0);
      expect(await entry.count()).toBe(1);
      expect((await entry.getByRole('heading', { level: 2 }).textContent())?.trim()).toBe(reopened);
      expect(await entry.evaluate((dialog) => dialog === document.activeElement)).toBe(true);
      await entry.locator('.word-entry-close').click();
      await expect.poll(() => entry.count()).toBe(0);

      // A later tap is the route's.
      await words.nth(8).click();
      await entry.and(page.locator('[data-status="shown"]')).waitFor();
      expect(await entry.count()).toBe(1);
      expect(await page.locator('.early-lookup').count()).toBe(0);
      await page.keyboard.press('Escape');
      await expect.poll(() => entry.count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a tap before the browser has been idle opens its entry without fetching the look-up's code after the tap", async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    // A page that is never idle (a phone still busy with the app's start): a chain of short tasks, each posting the next.
    await page.addInitScript(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const until = performance.now() + 2;
        while (performance.now() < until);
        channel.port2.postMessage(0);
      };
      channel.port2.postMessage(0);
    });
    const lookupCode = /\/assets\/early-lookup-[^/]*\.js$/;
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    try {
      const release = await holdArticleRoute(page);
      await page.goto(`/zh/articles/${articles.importedIds[0]!}`, { waitUntil: 'load' });
      // The look-up's file (its code and the entry's, one chunk in the article pages' app) is preloaded as the app starts, idle or not.
      await expect.poll(() => page.locator('link[rel="modulepreload"][href*="early-lookup-"]').count(), { timeout: 10_000 }).toBe(1);
      // From now on the look-up's code is not sent: the entry opens from what was preloaded, or not at all.
      await page.route(lookupCode, (route) => route.abort());
      const before = requested.filter((path) => lookupCode.test(path)).length;
      await page.locator(`${BODY} .nr-w`).nth(3).click();
      await page.locator('.early-lookup .word-entry[role="dialog"][data-status="shown"]').waitFor();
      expect(requested.filter((path) => lookupCode.test(path)).length).toBe(before);
      release();
    } finally {
      await context.close();
    }
  });

  it("a first visit's cookie banner arriving before the article's own code leaves the server's page in place", async () => {
    // The consent runtime comes when the page settles; the route's code is held until the banner is up. A context
    // value changed above the waiting route made React drop the route's server HTML and render it again (a jump).
    const { context, page } = await newPage(harness);
    const problems = problemsOf(page);
    try {
      const release = await holdArticleRoute(page);
      await page.goto(`/en/articles/${articles.importedIds[0]!}`, { waitUntil: 'commit' });
      await page.getByRole('region', { name: consentTexts('en').title }).waitFor();
      expect(await page.locator(`${BODY_HOST}[data-interactive]`).count()).toBe(0);
      await page.evaluate((host) => {
        const kept = window as unknown as { serverNodes: Element[] };
        kept.serverNodes = [document.querySelector('main h1')!, document.querySelector(host)!];
      }, BODY_HOST);

      release();
      await page.locator(`${BODY_HOST}[data-interactive]`).waitFor();
      const kept = await page.evaluate((host) => {
        const [title, body] = (window as unknown as { serverNodes: Element[] }).serverNodes;
        return { title: title === document.querySelector('main h1'), body: body === document.querySelector(host) };
      }, BODY_HOST);
      expect(kept).toEqual({ title: true, body: true });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  describe("the article's own code (look-up, read-aloud, the learner's words) waits for the reader", () => {
    /**
     * Opens an article with the page's timers and idle callbacks stopped (the page never settles by
     * itself, nor preloads the route's files when idle, boot.ts) and waits until the app has run.
     */
    async function openWithTimersHeld(page: Page): Promise<string[]> {
      const requested: string[] = [];
      // Scripts run, not the idle prefetch of the route's files (boot.ts), which only warms the HTTP cache.
      page.on('request', (request) => {
        if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname);
      });
      const start = new Date('2026-01-01T00:00:00Z');
      await page.clock.install({ time: start });
      await page.clock.pauseAt(new Date(start.getTime() + 5000));
      const app = page.waitForResponse(/\/assets\/app-[^/]*\.js$/);
      await page.goto(`/zh/articles/${articles.importedIds[0]!}`);
      await app;
      await page.waitForLoadState('networkidle');
      return requested;
    }
    const routeChunk = (requested: string[]) => requested.filter((path) => /\/assets\/article-detail-route-[^/]*\.js$/.test(path));

    it('is not run with the first load (nor fetched before the browser is idle); it comes when the page settles', async () => {
      const { context, page } = await newPage(harness, SAVED_REJECTION);
      try {
        const requested = await openWithTimersHeld(page);
        expect(routeChunk(requested)).toEqual([]);
        expect(await page.locator(`${BODY_HOST}[data-interactive]`).count()).toBe(0);
        await page.clock.runFor(1500);
        await page.locator(`${BODY_HOST}[data-interactive]`).waitFor();
        expect(routeChunk(requested)).toHaveLength(1);
      } finally {
        await context.close();
      }
    });

    it('comes after a first tap on a word has opened its entry, which the route then takes over', async () => {
      const { context, page } = await newPage(harness, SAVED_REJECTION);
      try {
        const requested = await openWithTimersHeld(page);
        expect(routeChunk(requested)).toEqual([]);
        await page.locator(`${BODY} .nr-w`).nth(3).click();
        await page.locator(`${BODY_HOST}[data-interactive]`).waitFor();
        await entryOf(page).and(page.locator('[data-status="shown"]')).waitFor();
        expect(routeChunk(requested)).toHaveLength(1);
        expect(await entryOf(page).count()).toBe(1);
        expect(await page.locator('.early-lookup').count()).toBe(0);
      } finally {
        await context.close();
      }
    });

    it("comes at the reader's first press on anything but a word", async () => {
      const { context, page } = await newPage(harness, SAVED_REJECTION);
      try {
        const requested = await openWithTimersHeld(page);
        await page.locator('h1').first().click();
        await page.locator(`${BODY_HOST}[data-interactive]`).waitFor();
        expect(routeChunk(requested)).toHaveLength(1);
      } finally {
        await context.close();
      }
    });
  });
});
