/**
 * The cookie banner in zh, es and en: it appears about a second after load when no choice is
 * saved; Accept All, Reject All and Customize each save a choice that survives a reload; the
 * footer's Cookie settings reopens it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { consentTexts, footerTexts, JOURNEY_LANGUAGES } from './support/app';
import { newPage, useHarness } from './support/harness';

const harness = useHarness();

async function storedConsent(page: Page): Promise<unknown> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('cookie-consent');
    return raw === null ? null : JSON.parse(raw);
  });
}

describe.each(JOURNEY_LANGUAGES)('cookie banner in %s', (language) => {
  const c = consentTexts(language);
  const banner = (page: Page) => page.getByRole('region', { name: c.title });
  const customizeRegion = (page: Page) => page.getByRole('region', { name: c.customizeTitle });

  it('appears about a second after load, not before', async () => {
    const { context, page } = await newPage(harness);
    try {
      await page.goto(`/${language}`, { waitUntil: 'domcontentloaded' });
      const loadedAt = Date.now();
      await page.locator('main h1').waitFor();
      // Well inside the one-second delay: still no banner.
      if (Date.now() - loadedAt < 500) expect(await banner(page).count()).toBe(0);
      await banner(page).waitFor({ timeout: 5000 });
      const elapsed = Date.now() - loadedAt;
      expect(elapsed).toBeGreaterThanOrEqual(800);
      expect(elapsed).toBeLessThan(4000);
      for (const name of [c.acceptAll, c.rejectAll, c.customize]) {
        expect(await banner(page).getByRole('button', { name, exact: true }).isVisible()).toBe(true);
      }
      expect(await storedConsent(page)).toBeNull();
    } finally {
      await context.close();
    }
  });

  it.each([
    { choice: 'Accept All', button: () => c.acceptAll, path: '/articles', analytics: true },
    { choice: 'Reject All', button: () => c.rejectAll, path: '', analytics: false },
  ])('$choice is saved and survives a reload with no banner', async ({ button, path, analytics }) => {
    const { context, page } = await newPage(harness);
    try {
      await page.goto(`/${language}${path}`);
      await banner(page).getByRole('button', { name: button(), exact: true }).click();
      await expect.poll(() => banner(page).count()).toBe(0);
      expect(await storedConsent(page)).toEqual({ essential: true, analytics });
      await page.reload();
      await page.locator('main h1').waitFor();
      await page.waitForTimeout(1800);
      expect(await banner(page).count()).toBe(0);
      expect(await storedConsent(page)).toEqual({ essential: true, analytics });
    } finally {
      await context.close();
    }
  });

  it('Customize shows Essential (on, disabled) and Analytics (on by default); Back returns; Save keeps the choice', async () => {
    const { context, page } = await newPage(harness);
    try {
      await page.goto(`/${language}`);
      await banner(page).getByRole('button', { name: c.customize, exact: true }).click();
      const details = customizeRegion(page);
      await details.waitFor();
      const essential = details.getByRole('checkbox', { name: c.essentialLabel });
      const analytics = details.getByRole('checkbox', { name: c.analyticsLabel });
      expect(await essential.isChecked()).toBe(true);
      expect(await essential.isDisabled()).toBe(true);
      expect(await analytics.isChecked()).toBe(true);
      expect(await analytics.isEnabled()).toBe(true);

      await details.getByRole('button', { name: c.back, exact: true }).click();
      await banner(page).getByRole('button', { name: c.acceptAll, exact: true }).waitFor();
      expect(await storedConsent(page)).toBeNull();

      await banner(page).getByRole('button', { name: c.customize, exact: true }).click();
      await customizeRegion(page).getByRole('checkbox', { name: c.analyticsLabel }).uncheck();
      await customizeRegion(page).getByRole('button', { name: c.savePreferences, exact: true }).click();
      await expect.poll(() => page.getByRole('region', { name: c.customizeTitle }).count()).toBe(0);
      expect(await storedConsent(page)).toEqual({ essential: true, analytics: false });
      await page.reload();
      await page.locator('main h1').waitFor();
      await page.waitForTimeout(1800);
      expect(await banner(page).count()).toBe(0);
      expect(await storedConsent(page)).toEqual({ essential: true, analytics: false });
    } finally {
      await context.close();
    }
  });

  it('the footer reopens the banner, which shows and changes the saved choice', async () => {
    const { context, page } = await newPage(harness, { consent: { analytics: false } });
    try {
      await page.goto(`/${language}/articles`);
      await page.locator('main h1').waitFor();
      await page.waitForTimeout(1500);
      expect(await banner(page).count()).toBe(0);
      const footer = page.getByRole('contentinfo', { name: footerTexts(language).footerLabel });
      await footer.getByRole('button', { name: footerTexts(language).cookieSettings }).click();
      await banner(page).waitFor();
      await banner(page).getByRole('button', { name: c.customize, exact: true }).click();
      // The saved choice (analytics off) is what the details start from.
      expect(await customizeRegion(page).getByRole('checkbox', { name: c.analyticsLabel }).isChecked()).toBe(false);
      await customizeRegion(page).getByRole('button', { name: c.back, exact: true }).click();
      await banner(page).getByRole('button', { name: c.acceptAll, exact: true }).click();
      await expect.poll(() => banner(page).count()).toBe(0);
      expect(await storedConsent(page)).toEqual({ essential: true, analytics: true });

      // Reopened and closed without a choice: the saved one stays.
      await footer.getByRole('button', { name: footerTexts(language).cookieSettings }).click();
      await banner(page).waitFor();
      await banner(page).getByRole('button', { name: c.close, exact: true }).click();
      await expect.poll(() => banner(page).count()).toBe(0);
      expect(await storedConsent(page)).toEqual({ essential: true, analytics: true });
    } finally {
      await context.close();
    }
  });
});
