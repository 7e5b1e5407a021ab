/**
 * The article pages' app (decision 59): an article page loads an app without the home and list routes' code, and the
 * reader who goes from it to the list or home still gets them, fetched then; home and list keep that code in their
 * first load. The list machine's id ('articleList', kept by the minifier) tells where its code is.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cardTitles, listArticles, NAV_LABELS } from './support/app';
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
async function hydrated(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    Object.keys(document.querySelector('.language-selector') ?? {}).some((key) => key.startsWith('__reactProps')),
  );
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
