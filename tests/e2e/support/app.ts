/**
 * What the browser tests expect the pages to show and how they read them: the texts, the
 * header, the server's own answers to compare a page with, and keyboard focus. The server and browser a
 * test file runs against come from harness.ts.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ArticleListItem, ArticlePage } from '../../../common/contract';
import { TEXTS } from '../../../src/domain/all-texts';
import { CONSENT_TEXTS } from '../../../src/domain/consent-texts';
import type { Harness } from './harness';

export const JOURNEY_LANGUAGES = ['zh', 'es', 'en'] as const;
export type JourneyLanguage = (typeof JOURNEY_LANGUAGES)[number];

/** Header labels as the product spec fixes them. */
export const NAV_LABELS: Record<JourneyLanguage, { home: string; articles: string; about: string }> = {
  en: { home: 'Home', articles: 'Articles', about: 'About' },
  zh: { home: '首页', articles: '文章列表', about: '关于我们' },
  es: { home: 'Inicio', articles: 'Artículos', about: 'Acerca de' },
};

/** The selector's option names. */
export const LANGUAGE_NAMES = { zh: '中文', es: 'Español' } as const;

export function texts(language: JourneyLanguage) {
  return TEXTS[language];
}

/** The banner has texts in en and zh only; es falls back to en (spec), unless the app added es. */
export function consentTexts(language: JourneyLanguage) {
  return CONSENT_TEXTS[language];
}

export function footerTexts(language: JourneyLanguage) {
  return TEXTS[language].footer;
}

/** The header's links and the page's html lang are those of `language`. */
export async function expectHeader(page: Page, language: JourneyLanguage): Promise<void> {
  const nav = page.getByRole('navigation', { name: texts(language).nav.label });
  await expect
    .poll(() => nav.getByRole('link', { name: NAV_LABELS[language].home, exact: true }).getAttribute('href'))
    .toBe(`/${language}`);
  expect(await nav.getByRole('link', { name: NAV_LABELS[language].articles, exact: true }).getAttribute('href')).toBe(
    `/${language}/articles`,
  );
  expect(await nav.getByRole('link', { name: NAV_LABELS[language].about, exact: true }).getAttribute('href')).toBe(`/${language}#about`);
  await expect.poll(() => page.locator('html').getAttribute('lang')).toMatch(new RegExp(`^${language}`));
}

/** Chooses another language in the header's selector. */
export async function chooseLanguage(page: Page, target: keyof typeof LANGUAGE_NAMES): Promise<void> {
  await page.locator('.language-toggle').click();
  await page.locator('.language-list a', { hasText: LANGUAGE_NAMES[target] }).click();
}

/**
 * A test's own read of the API, as the app's client makes it (src/api retries): a 503 `overloaded` with
 * Retry-After, which a server starting its passes on a busy machine may answer, is asked again after it.
 */
async function fetchWithRetryAfter(url: string, attempts = 4): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(url);
    const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
    if (response.status !== 503 || attempt >= attempts || !Number.isFinite(retryAfter)) return response;
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
  }
}

/** The articles the API hands the list page (limit 20), to compute what each filter must show. */
export async function listArticles(harness: Harness, language: string, limit = 20): Promise<ArticleListItem[]> {
  const response = await fetchWithRetryAfter(`${harness.server.origin}/api/articles/latest?language=${language}&limit=${limit}`);
  if (!response.ok) throw new Error(`GET /api/articles/latest answered ${response.status}`);
  return ((await response.json()) as ArticlePage).articles;
}

/**
 * The titles the list page shows once the server has answered a filter: its first page of 20 from
 * search (with a term) or latest (without), over the whole collection, in the server's order.
 */
export async function serverTitles(
  harness: Harness,
  language: string,
  filter: { category?: string; source?: string; difficulty?: string; search?: string },
): Promise<string[]> {
  const query = new URLSearchParams({ language, limit: '20' });
  for (const name of ['category', 'source', 'difficulty'] as const) if (filter[name]) query.set(name, filter[name]!);
  const term = filter.search?.trim() ?? '';
  if (term !== '') query.set('q', term);
  const response = await fetchWithRetryAfter(`${harness.server.origin}/api/articles/${term === '' ? 'latest' : 'search'}?${query}`);
  if (!response.ok) throw new Error(`GET ${response.url} answered ${response.status}`);
  return ((await response.json()) as ArticlePage).articles.map(previewTitle);
}

/** The card titles on the page, in order. */
export async function cardTitles(page: Page): Promise<string[]> {
  return (await page.locator('[data-testid="article-card"] .card-title').allTextContents()).map((t) => t.trim());
}

export function previewTitle(item: ArticleListItem): string {
  return item.preview.title ?? item.title;
}

/** Mirrors the spec's filter rules, to compute what the page must show. */
export function expectedTitles(
  items: readonly ArticleListItem[],
  filter: { category?: string; source?: string; difficulty?: string; search?: string },
): string[] {
  const term = filter.search?.trim().toLowerCase() ?? '';
  return items
    .filter((item) => !filter.category || item.categories.includes(filter.category))
    .filter((item) => !filter.source || (item.preview.source ?? item.source) === filter.source)
    .filter((item) => !filter.difficulty || item.preview.difficulty_level === filter.difficulty)
    .filter(
      (item) => term === '' || previewTitle(item).toLowerCase().includes(term) || (item.preview.summary ?? '').toLowerCase().includes(term),
    )
    .map(previewTitle);
}

/**
 * Whether the element with focus shows a visible focus indicator: an outline or box-shadow on it,
 * or on a close ancestor that draws the ring for it (a card drawn with :focus-within).
 */
export async function focusIsVisible(page: Page): Promise<{ visible: boolean; element: string }> {
  return page.evaluate(() => {
    let element: Element | null = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    if (!element || element === document.body) return { visible: false, element: 'body' };
    const shows = (candidate: Element) => {
      const style = getComputedStyle(candidate);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
      return outline || shadow;
    };
    let visible = shows(element);
    let ancestor = element.parentElement;
    for (let depth = 0; !visible && ancestor && depth < 3; depth++, ancestor = ancestor.parentElement) {
      visible = ancestor.matches(':focus-within') && shows(ancestor);
    }
    const className = typeof element.className === 'string' && element.className ? `.${element.className.split(' ').join('.')}` : '';
    const description = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${className} "${(
      element.getAttribute('aria-label') ??
      element.textContent ??
      ''
    )
      .trim()
      .slice(0, 40)}"`;
    return { visible, element: description };
  });
}

/** Presses Tab until `matches` accepts the focused element; every stop on the way must show focus. */
export async function tabTo(
  page: Page,
  matches: (element: { text: string; tag: string; role: string | null; href: string | null }) => boolean,
  maxStops = 80,
): Promise<string[]> {
  const visited: string[] = [];
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press('Tab');
    const focus = await focusIsVisible(page);
    visited.push(focus.element);
    // Past the last control focus leaves the page (a real browser moves to its own toolbar); the next Tab starts at the top.
    if (focus.element === 'body') continue;
    if (!focus.visible) throw new Error(`Focus is not visible on ${focus.element} (stops so far: ${visited.join(' → ')})`);
    const info = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return {
        text: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(),
        tag: el?.tagName.toLowerCase() ?? '',
        role: el?.getAttribute('role') ?? null,
        href: el?.getAttribute('href') ?? null,
      };
    });
    if (matches(info)) return visited;
  }
  throw new Error(`Tab never reached the wanted element in ${maxStops} stops: ${visited.join(' → ')}`);
}

/** The element that really has focus, inside the article's shadow root if it is there. */
export async function deepFocus(page: Page): Promise<{ text: string; className: string; inArticleBody: boolean }> {
  return page.evaluate(() => {
    let element = document.activeElement;
    const inArticleBody = element?.getAttribute('data-testid') === 'article-body-host';
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    return { text: (element?.textContent ?? '').trim(), className: String(element?.className ?? ''), inArticleBody };
  });
}

/** What a sighted learner reads: the text without the labels meant only for screen readers ("中文释义: "). */
export async function shownText(locator: Locator): Promise<string> {
  return locator.evaluate((element) => {
    const copy = element.cloneNode(true) as Element;
    for (const hidden of copy.querySelectorAll('.visually-hidden')) hidden.remove();
    return (copy.textContent ?? '').trim();
  });
}
