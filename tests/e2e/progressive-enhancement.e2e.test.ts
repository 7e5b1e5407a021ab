/**
 * The app enhances what the server rendered (issue 27, point 2). Before the app's script has run
 * (held back by route interception), a click on the language selector and on a language is not
 * lost: the disclosure opens and the link loads the page. Once the app runs, the same controls act
 * in place: no page load (a marker set on window survives), the address and the cards as before.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cardTitles, LANGUAGE_NAMES, listArticles, previewTitle, serverTitles, texts } from './support/app';
import { newPage, SAVED_REJECTION, useHarness } from './support/harness';

const harness = useHarness();

/** Set on window: still there after an action means the action did not load a new page. */
async function mark(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'still here'));
}
async function samePage(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { marker?: string }).marker === 'still here');
}
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Object.keys(document.querySelector('.language-selector') ?? {}).some((key) => key.startsWith('__reactProps')),
  );
}

describe('before the app starts', () => {
  it('a click on the language selector and then on a language is not lost', async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    const held: Route[] = [];
    try {
      // The app's scripts wait until the test lets them go, as on a slow phone.
      await page.route('**/*.js', (route) => void held.push(route));
      await page.goto('/zh/articles', { waitUntil: 'commit' });
      await page.locator('.language-toggle').click();
      await page.locator('.language-list a', { hasText: LANGUAGE_NAMES.es }).click();
      await page.waitForURL((url) => url.pathname === '/es/articles', { waitUntil: 'commit' });
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(texts('es').list.title);
    } finally {
      for (const route of held) await route.continue().catch(() => {});
      await context.close();
    }
  });

  it('a selector opened before the app starts stays open, and the app then changes the language in place', async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    const held: Route[] = [];
    try {
      let holding = true;
      await page.route('**/*.js', (route) => (holding ? void held.push(route) : route.continue()));
      await page.goto('/es', { waitUntil: 'commit' });
      await page.locator('.language-toggle').click();
      await mark(page);
      holding = false;
      for (const route of held.splice(0)) await route.continue();
      await hydrated(page);
      expect(await page.locator('.language-list').isVisible()).toBe(true);
      await page.locator('.language-list a', { hasText: LANGUAGE_NAMES.zh }).click();
      await page.waitForURL((url) => url.pathname === '/zh');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(texts('zh').home.heroTitle);
      expect(await samePage(page)).toBe(true);
      await expect.poll(() => page.locator('.language-list').isVisible()).toBe(false);
    } finally {
      for (const route of held) await route.continue().catch(() => {});
      await context.close();
    }
  });
});

describe('once the app runs, the same controls act in place', () => {
  it('search, a filter, a chip, "Load more" and the language change the list without loading a page', async () => {
    const t = texts('en');
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      await page.goto('/en/articles');
      await hydrated(page);
      await mark(page);

      await page.getByRole('searchbox').fill('bank');
      await page.getByRole('searchbox').press('Enter');
      const searched = await serverTitles(harness, 'en', { search: 'bank' });
      await expect.poll(() => cardTitles(page)).toEqual(searched);
      expect(new URL(page.url()).searchParams.get('q')).toBe('bank');

      await page.locator('#filter-difficulty').selectOption('advanced');
      const filtered = await serverTitles(harness, 'en', { search: 'bank', difficulty: 'advanced' });
      await expect.poll(() => cardTitles(page)).toEqual(filtered);
      await page.getByRole('button', { name: t.list.searchLabel, exact: true }).click();
      expect(await samePage(page)).toBe(true);

      // The chips are the phone's; the list keeps its state when the window narrows.
      await page.setViewportSize({ width: 360, height: 740 });
      await page.getByRole('link', { name: t.list.removeFilter(t.shared.difficulties.advanced) }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('difficulty')).toBe(null);
      await expect.poll(() => cardTitles(page)).toEqual(searched);
      expect(await samePage(page)).toBe(true);

      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('searchbox').fill('');
      const first = await serverTitles(harness, 'en', {});
      await expect.poll(() => cardTitles(page)).toEqual(first);
      const more = page.getByRole('link', { name: t.list.loadMore, exact: true });
      expect(await more.getAttribute('href')).toBe('?page=2');
      await more.click();
      const all = (await listArticles(harness, 'en', 40)).map(previewTitle);
      await expect.poll(() => cardTitles(page)).toEqual(all);
      expect(new URL(page.url()).search).toBe('');
      expect(await samePage(page)).toBe(true);

      await page.locator('.language-toggle').click();
      await page.locator('.language-list a', { hasText: LANGUAGE_NAMES.es }).click();
      await page.waitForURL((url) => url.pathname === '/es/articles');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(texts('es').list.title);
      expect(await samePage(page)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("a list opened at ?page=2 starts with the server's 40 cards and loads the next page in place", async () => {
    const t = texts('zh');
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    const requests: string[] = [];
    page.on('request', (request) => request.url().includes('/api/articles') && requests.push(request.url()));
    try {
      await page.goto('/zh/articles?page=2');
      await hydrated(page);
      const all = (await listArticles(harness, 'zh', 40)).map(previewTitle);
      expect(await cardTitles(page)).toEqual(all);
      // Started from the page's own answer: nothing asked again.
      expect(requests).toEqual([]);
      if (all.length === 40) {
        await mark(page);
        await page.getByRole('link', { name: t.list.loadMore, exact: true }).click();
        await expect.poll(() => requests.some((url) => new URL(url).searchParams.get('offset') === '40')).toBe(true);
        expect(await samePage(page)).toBe(true);
      } else {
        expect(await page.getByText(t.list.endOfList).count()).toBe(1);
      }
    } finally {
      await context.close();
    }
  });
});
