/**
 * The journeys by keyboard alone, with a visible focus indicator at every stop on the way:
 * skip link, cards, View All, the filters and search, an article, the back link, the language
 * selector, the cookie banner and its footer link, and the error screen's Try Again.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CategoryId } from '../../common/catalog';
import { CATEGORY_LABELS } from '../../common/labels';
import {
  cardTitles,
  consentTexts,
  expectedTitles,
  focusIsVisible,
  footerTexts,
  JOURNEY_LANGUAGES,
  LANGUAGE_NAMES,
  listArticles,
  previewTitle,
  tabTo,
  texts,
} from './support/app';
import { newPage, SAVED_REJECTION, useHarness } from './support/harness';

const harness = useHarness();

async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => (document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '').trim());
}

describe.each(JOURNEY_LANGUAGES)('keyboard journeys in %s', (language) => {
  const t = texts(language);

  it('skip link, a home card, the back link and View All, all by keyboard', async () => {
    const articles = await listArticles(harness, language, 4);
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      await page.goto(`/${language}`);
      await page.locator('[data-testid="article-card"]').first().waitFor();

      // The first stop is the skip link; it takes focus to the main content.
      await page.keyboard.press('Tab');
      expect(await focusedText(page)).toBe(t.skipToContent);
      expect((await focusIsVisible(page)).visible).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');

      // From the main content, Tab reaches the first card; Enter opens it.
      await tabTo(page, (el) => el.text === previewTitle(articles[0]!));
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/${language}/articles/${articles[0]!.article_id}`);
      await page.locator('.word-lookup-form').waitFor();

      // The back link, by keyboard.
      await tabTo(page, (el) => el.text.includes(t.detail.back));
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/${language}/articles`);
      await page.locator('[data-testid="article-card"]').first().waitFor();

      // Home through the header, then View All.
      await tabTo(page, (el) => el.text === t.nav.home && el.tag === 'a');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `/${language}`);
      await page.locator('[data-testid="article-card"]').first().waitFor();
      await tabTo(page, (el) => el.text === t.home.viewAll);
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/${language}/articles`);
      await page.locator('[data-testid="article-card"]').first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('filters and search by keyboard', async () => {
    const articles = await listArticles(harness, language);
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      await page.goto(`/${language}/articles`);
      await page.locator('[data-testid="article-card"]').first().waitFor();

      // Search: type into the box reached by Tab.
      await tabTo(page, (el) => el.tag === 'input');
      const word =
        previewTitle(articles[2]!)
          .split(/\s+/)
          .find((w) => w.length >= 6) ?? previewTitle(articles[2]!);
      await page.keyboard.type(word);
      await expect.poll(() => cardTitles(page)).toEqual(expectedTitles(articles, { search: word }));
      for (let i = 0; i < word.length; i++) await page.keyboard.press('Backspace');
      await expect.poll(() => cardTitles(page)).toEqual(articles.map(previewTitle));

      // Category: the select reached by Tab, changed with the arrow keys.
      await tabTo(page, (el) => el.tag === 'select');
      await page.keyboard.press('ArrowDown');
      const chosen = await page.evaluate(() => (document.activeElement as HTMLSelectElement).value);
      expect(chosen).not.toBe('all');
      expect(
        await page.evaluate(() => {
          const select = document.activeElement as HTMLSelectElement;
          return select.options[select.selectedIndex]?.text;
        }),
      ).toBe(CATEGORY_LABELS[language][chosen as CategoryId]);
      await expect
        .poll(async () => {
          if (await page.getByText(t.list.emptyTitle).isVisible()) return [];
          return cardTitles(page);
        })
        .toEqual(expectedTitles(articles, { category: chosen }));

      // The next two selects are reachable too and keep focus visible.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
      expect((await focusIsVisible(page)).visible).toBe(true);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
      expect((await focusIsVisible(page)).visible).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('the language selector by keyboard: open, move, choose, and Escape closes', async () => {
    const target: keyof typeof LANGUAGE_NAMES = language === 'zh' ? 'es' : 'zh';
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      await page.goto(`/${language}/articles`);
      await page.locator('[data-testid="article-card"]').first().waitFor();
      await tabTo(page, (el) => el.text.startsWith(t.languageSelector.toggleLabel));
      await page.keyboard.press('Enter');
      await page.locator('.language-list').waitFor();
      expect((await focusIsVisible(page)).visible).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('.language-list').isVisible()).toBe(false);
      expect(await focusedText(page)).toContain(t.languageSelector.toggleLabel);

      await page.keyboard.press('Enter');
      await page.locator('.language-list').waitFor();
      // A disclosure of links: Tab moves from the toggle through them.
      for (let i = 0; i < 3 && !(await focusedText(page)).includes(LANGUAGE_NAMES[target]); i++) {
        await page.keyboard.press('Tab');
        expect((await focusIsVisible(page)).visible).toBe(true);
      }
      expect(await focusedText(page)).toContain(LANGUAGE_NAMES[target]);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `/${target}/articles`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(texts(target).list.title);
      // Focus stays on the toggle, visibly.
      expect(await focusedText(page)).toContain(texts(target).languageSelector.toggleLabel);
      expect((await focusIsVisible(page)).visible).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('the cookie banner by keyboard: customize, save, and reopen from the footer', async () => {
    const c = consentTexts(language);
    const f = footerTexts(language);
    const { context, page } = await newPage(harness);
    try {
      await page.goto(`/${language}`);
      await page.getByRole('region', { name: c.title }).waitFor();
      await tabTo(page, (el) => el.text === c.customize, 120);
      await page.keyboard.press('Enter');
      await page.getByRole('region', { name: c.customizeTitle }).waitFor();
      // Focus the analytics checkbox by Tab and turn it off with Space.
      const analytics = page.getByRole('checkbox', { name: c.analyticsLabel });
      for (let i = 0; i < 10 && !(await analytics.evaluate((el) => el === document.activeElement)); i++) {
        await page.keyboard.press('Tab');
        expect((await focusIsVisible(page)).visible).toBe(true);
      }
      await page.keyboard.press('Space');
      expect(await analytics.isChecked()).toBe(false);
      await tabTo(page, (el) => el.text === c.savePreferences, 10);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('region', { name: c.customizeTitle }).count()).toBe(0);
      expect(await page.evaluate(() => window.localStorage.getItem('cookie-consent'))).toBe(
        JSON.stringify({ essential: true, analytics: false }),
      );

      // Reopen from the footer by keyboard; Escape closes it again and focus returns.
      await tabTo(page, (el) => el.text === f.cookieSettings, 120);
      await page.keyboard.press('Enter');
      await page.getByRole('region', { name: c.title }).waitFor();
      expect((await focusIsVisible(page)).visible).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('region', { name: c.title }).count()).toBe(0);
      expect(await focusedText(page)).toBe(f.cookieSettings);
    } finally {
      await context.close();
    }
  });

  it('the error screen by keyboard: Try Again is reachable and works', async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      await page.goto(`/${language}/articles/no-such-article`);
      await page.getByRole('alert').waitFor();
      await tabTo(page, (el) => el.text === t.detail.tryAgain);
      const reloaded = page.waitForEvent('load');
      await page.keyboard.press('Enter');
      await reloaded;
      await page.getByRole('alert').waitFor();
    } finally {
      await context.close();
    }
  });
});
