/**
 * The article pages' app (decision 59): an article page loads an app without the home and list routes' code, and the
 * reader who goes from it to the list or home still gets them, fetched then; home and list keep that code in their
 * first load. The list machine's id ('articleList', kept by the minifier) tells where its code is.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cardTitles, listArticles, NAV_LABELS, previewTitle, texts } from './support/app';
import { newPage, SAVED_REJECTION, useHarness } from './support/harness';

const harness = useHarness();

const LIST_CODE = /\bid:\s*[`'"]articleList[`'"]/;

/** The scripts the page fetches, each with whether it holds the list's code (read as they arrive). */
function watchScripts(page: Page): Map<string, Promise<boolean>> {
  const scripts = new Map<string, Promise<boolean>>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.endsWith('.js') || scripts.has(pathname)) return;
    scripts.set(
      pathname,
      response.text().then(
        (text) => LIST_CODE.test(text),
        () => false,
      ),
    );
  });
  return scripts;
}

async function withListCode(scripts: Map<string, Promise<boolean>>): Promise<string[]> {
  const entries = await Promise.all([...scripts].map(async ([path, holds]) => ((await holds) ? [path] : [])));
  return entries.flat();
}

/** The app has hydrated the header (React's props are on the selector's element). */
async function headerHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Object.keys(document.querySelector('.language-selector') ?? {}).some((key) => key.startsWith('__reactProps')),
  );
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await headerHydrated(page);
}

describe("the article pages' app", () => {
  it('an article page fetches none of the list code, and still opens the list and home when the reader goes there', async () => {
    const [first] = await listArticles(harness, 'en', 1);
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const scripts = watchScripts(page);
    try {
      await page.goto(`/en/articles/${first!.article_id}`);
      await hydrated(page);
      // Its first tap's code too: the early look-up is preloaded as the app starts.
      await page.locator('.article-body-host').waitFor();
      expect(scripts.size).toBeGreaterThan(2);
      expect(await withListCode(scripts)).toEqual([]);

      await page.getByRole('navigation').getByRole('link', { name: NAV_LABELS.en.articles, exact: true }).click();
      await expect.poll(async () => (await cardTitles(page)).length, { timeout: 15_000 }).toBe(20);
      expect((await withListCode(scripts)).length).toBe(1);
      await page.getByRole('navigation').getByRole('link', { name: NAV_LABELS.en.home, exact: true }).click();
      await expect.poll(async () => (await cardTitles(page)).length, { timeout: 15_000 }).toBe(4);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('goes to the list by a full load when the list code cannot be fetched, saying it loads articles meanwhile', async () => {
    const [first] = await listArticles(harness, 'en', 1);
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    // The first script with the list's code (the lazy chunk of the article pages' app) is held, then fails as it would
    // offline or after a redeploy removed it; every other script, the list page's app after the full load too, is served.
    let fail: (() => Promise<void>) | undefined;
    await page.route('**/*.js', async (route) => {
      const response = await route.fetch();
      if (fail === undefined && LIST_CODE.test(await response.text())) {
        fail = () => route.abort('internetdisconnected');
        return;
      }
      await route.fulfill({ response });
    });
    try {
      await page.goto(`/en/articles/${first!.article_id}`);
      await hydrated(page);
      await page.getByRole('navigation').getByRole('link', { name: NAV_LABELS.en.articles, exact: true }).click();
      await expect.poll(() => fail !== undefined, { timeout: 15_000 }).toBe(true);
      await page.getByText('Loading articles…', { exact: true }).waitFor({ timeout: 15_000 });
      const loaded = page.waitForEvent('load', { timeout: 15_000 });
      await fail!();
      await loaded;
      expect(new URL(page.url()).pathname).toBe('/en/articles');
      await expect.poll(async () => (await cardTitles(page)).length, { timeout: 15_000 }).toBe(20);
    } finally {
      // The list page's app may still be on its way (it starts after the server's page is painted): its held
      // fetch would fail as the context closes.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });

  it("follows the article's Back link in this app before its route has hydrated: offline, the next article's call is retried", async () => {
    const t = texts('en');
    const [first, next] = await listArticles(harness, 'en', 2);
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    // The article route's code held: the route stays dehydrated, as before the page settles on a slow phone.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = 0;
    await page.route('**/assets/article-detail-route-*.js', async (route) => {
      holding += 1;
      await held;
      await route.continue();
    });
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const calls = { started: 0 };
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/articles/${next!.article_id}`) calls.started += 1;
    });
    try {
      // Not to the network's quiet (the held file keeps it busy).
      await page.goto(`/en/articles/${first!.article_id}`, { waitUntil: 'load' });
      await headerHydrated(page);
      await page.getByRole('link', { name: t.detail.back }).click();
      await expect.poll(async () => (await cardTitles(page)).length, { timeout: 15_000 }).toBe(20);
      expect(holding).toBeGreaterThan(0);
      // No new load: index.html's app would need its own files for the article route, which this page never fetched.
      expect(documents).toEqual([`/en/articles/${first!.article_id}`]);
      release();
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
      await harness.server.stop();
      try {
        await page.getByRole('link', { name: previewTitle(next!), exact: true }).click();
        const alert = page.getByRole('alert');
        await alert.waitFor({ timeout: 20_000 });
        expect(await alert.textContent()).toContain(t.detail.loadError);
        // The route's code is in the page: the article's call is tried once and retried three times.
        expect(calls.started).toBe(4);
      } finally {
        await harness.server.start();
      }
      await page.getByRole('button', { name: t.detail.tryAgain, exact: true }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { timeout: 15_000 }).toBe(next!.title);
    } finally {
      release();
      await context.close();
    }
  });

  it('home has the list code in its first load (no extra file): its cards work as the app starts', async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    const scripts = watchScripts(page);
    try {
      await page.goto('/en');
      await hydrated(page);
      const holding = await withListCode(scripts);
      expect(holding).toHaveLength(1);
      expect(holding[0]).toMatch(/\/app-[\w-]+\.js$/);
    } finally {
      await context.close();
    }
  });
});
