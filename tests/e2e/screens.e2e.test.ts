/**
 * Every screen in every language at phone (360×740) and desktop (1280×800) width:
 * a screenshot for people to look at (screenshots/, git-ignored), no horizontal scrolling at
 * 360 px, and no axe-core violations with the cookie banner open and closed and the language
 * selector open and closed.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { consentTexts, JOURNEY_LANGUAGES, listArticles, type JourneyLanguage } from './support/app';
import { axeViolations } from './support/axe';
import { newPage, useHarness } from './support/harness';
import { REPO_ROOT } from '../support/server-process';

const SCREENSHOT_DIR = join(REPO_ROOT, 'screenshots');
const VIEWPORTS = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;

type Screen = 'home' | 'list' | 'detail' | 'detail-error';

const harness = useHarness();
let detailId: string;

beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  detailId = (await listArticles(harness, 'en', 1))[0]!.article_id;
});

function pathOf(screen: Screen, language: JourneyLanguage): string {
  switch (screen) {
    case 'home':
      return `/${language}`;
    case 'list':
      return `/${language}/articles`;
    case 'detail':
      return `/${language}/articles/${detailId}`;
    case 'detail-error':
      return `/${language}/articles/no-such-article`;
  }
}

async function waitForScreen(page: Page, screen: Screen): Promise<void> {
  if (screen === 'home' || screen === 'list') await page.locator('[data-testid="article-card"]').first().waitFor();
  if (screen === 'detail') await page.locator('[data-testid="article-body-host"], .article-header').first().waitFor();
  if (screen === 'detail-error') await page.getByRole('alert').waitFor();
  await page.evaluate(() => document.fonts.ready);
}

/** One line per violation and state, so a failure lists them all. */
function report(byState: Record<string, string[]>): string {
  return Object.entries(byState)
    .flatMap(([state, violations]) => violations.map((v) => `${state}: ${v}`))
    .join('\n');
}

async function openBanner(page: Page, language: JourneyLanguage): Promise<void> {
  await page.getByRole('region', { name: consentTexts(language).title }).waitFor({ timeout: 5000 });
}

async function openSelector(page: Page): Promise<void> {
  await page.locator('.language-toggle').click();
  await page.locator('.language-list').waitFor();
}

describe.each(JOURNEY_LANGUAGES)('screens in %s', (language) => {
  const screens: Screen[] = ['home', 'list', 'detail', 'detail-error'];

  it.each(screens)('%s: screenshots at phone and desktop width, no horizontal scroll at 360 px, selector open too', async (screen) => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      // A returning visitor: a choice was saved earlier, so no banner.
      const { context, page } = await newPage(harness, { viewport, consent: { analytics: false } });
      try {
        await page.goto(pathOf(screen, language));
        await waitForScreen(page, screen);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${language}-${screen}-${name}.png`), fullPage: true });
        if (name === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await openSelector(page);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${language}-${screen}-${name}-language-menu.png`) });
        if (name === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      } finally {
        await context.close();
      }
    }
  });

  it.each(screens)('%s: with the cookie banner open, screenshots and no horizontal scroll at 360 px', async (screen) => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const { context, page } = await newPage(harness, { viewport });
      try {
        await page.goto(pathOf(screen, language));
        await waitForScreen(page, screen);
        await openBanner(page, language);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${language}-${screen}-${name}-banner.png`) });
        if (name === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        const c = consentTexts(language);
        await page.getByRole('button', { name: c.customize, exact: true }).click();
        await page.getByRole('region', { name: c.customizeTitle }).waitFor();
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${language}-${screen}-${name}-banner-customize.png`) });
        if (name === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      } finally {
        await context.close();
      }
    }
  });

  it.each(screens)('%s: axe-core finds no violations with the banner closed, selector closed and open', async (screen) => {
    const { context, page } = await newPage(harness, { consent: { analytics: false } });
    try {
      await page.goto(pathOf(screen, language));
      await waitForScreen(page, screen);
      const closed = await axeViolations(page);
      await openSelector(page);
      const selectorOpen = await axeViolations(page);
      expect(report({ 'selector closed': closed, 'selector open': selectorOpen })).toBe('');
    } finally {
      await context.close();
    }
  });

  it.each(screens)('%s: axe-core finds no violations with the banner open (summary and customize)', async (screen) => {
    const { context, page } = await newPage(harness);
    try {
      await page.goto(pathOf(screen, language));
      await waitForScreen(page, screen);
      await openBanner(page, language);
      const bannerOpen = await axeViolations(page);
      const c = consentTexts(language);
      await page.getByRole('button', { name: c.customize, exact: true }).click();
      await page.getByRole('region', { name: c.customizeTitle }).waitFor();
      const customizeOpen = await axeViolations(page);
      expect(report({ 'banner open': bannerOpen, 'customize open': customizeOpen })).toBe('');
    } finally {
      await context.close();
    }
  });
});
