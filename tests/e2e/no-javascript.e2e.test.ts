/**
 * Server rendering with JavaScript off (a crawler, a link preview, a phone still downloading the
 * scripts): home shows its four cards, the list its first page, an article its body (in its
 * declarative shadow root), every link is a real address, the language selector works as links,
 * the list's search and filters are a form the server answers and "Load more" a link to the next
 * page, and the cookie banner is not there (it appears once scripts run; nothing is tracked before).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ArticleResponse } from '../../common/contract';
import { cardTitles, JOURNEY_LANGUAGES, listArticles, previewTitle, serverTitles, texts } from './support/app';
import { useHarness } from './support/harness';

const harness = useHarness();

let context: BrowserContext;
let page: Page;
let requests: string[];

beforeEach(async () => {
  context = await harness.browser.newContext({ baseURL: harness.server.origin, javaScriptEnabled: false });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  requests = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
});

afterEach(async () => {
  await context.close();
});

/** The longest paragraph's text of the article body as the API gives it (a paragraph of the story), tags removed. */
async function storyParagraph(id: string, language: string): Promise<string> {
  const response = await fetch(`${harness.server.origin}/api/articles/${id}?language=${language}`);
  const { article } = (await response.json()) as ArticleResponse;
  const paragraphs = [...(article.html_content ?? '').matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/g)].map((match) => match[1] ?? '');
  const paragraph = paragraphs.sort((a, b) => b.length - a.length)[0] ?? '';
  return paragraph
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .trim();
}

describe.each(JOURNEY_LANGUAGES)('%s without JavaScript', (language) => {
  it('home shows the four latest cards, and they link to their articles', async () => {
    const latest = await listArticles(harness, language, 4);
    await page.goto(`/${language}`);
    expect(await cardTitles(page)).toEqual(latest.map(previewTitle));
    await page.getByRole('link', { name: previewTitle(latest[0]!) }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/${language}/articles/${latest[0]!.article_id}`);
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toContain(latest[0]!.title);
  });

  it('the list shows its first page, also for a search in the address', async () => {
    await page.goto(`/${language}/articles`);
    expect(await cardTitles(page)).toEqual(await serverTitles(harness, language, {}));
    await page.goto(`/${language}/articles?q=bank&difficulty=advanced`);
    const searched = await serverTitles(harness, language, { search: 'bank', difficulty: 'advanced' });
    expect(await cardTitles(page)).toEqual(searched);
    // A search that finds nothing says so (it is an answer, not a page still loading).
    await page.goto(`/${language}/articles?q=zzqxv`);
    expect(await page.getByText(texts(language).list.emptyTitle).count()).toBe(1);
    expect(await page.getByText(texts(language).list.loading).count()).toBe(0);
  });

  it("an article shows its body's text in its shadow root", async () => {
    const [first] = await listArticles(harness, language, 1);
    await page.goto(`/${language}/articles/${first!.article_id}`);
    const text = await storyParagraph(first!.article_id, language);
    expect(text.length).toBeGreaterThan(20);
    const host = page.getByTestId('article-body-host');
    // The body is in a shadow root (declarative): the page's own DOM does not hold it.
    expect(await host.evaluate((element) => element.shadowRoot !== null && element.innerHTML === '')).toBe(true);
    await expect.poll(() => host.locator('.article-body').innerText()).toContain(text.slice(0, 60));
  });

  it('the language selector is a disclosure of links that keep the page and its query', async () => {
    await page.goto(`/${language}/articles?q=bank`);
    const other = language === 'es' ? 'zh' : 'es';
    const links = page.locator('.language-list a');
    expect(await links.first().isVisible()).toBe(false);
    await page.locator('.language-toggle').click();
    expect(await links.first().isVisible()).toBe(true);
    expect(await links.evaluateAll((elements) => elements.map((element) => element.getAttribute('href')))).toEqual([
      '/zh/articles?q=bank',
      '/es/articles?q=bank',
    ]);
    await page.locator(`.language-list a[hreflang="${other}"]`).click();
    await expect.poll(() => page.url()).toBe(`${harness.server.origin}/${other}/articles?q=bank`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(texts(other).list.title);
  });

  it('the search and the filters are a form the server answers; an active filter is a chip that removes it', async () => {
    const t = texts(language);
    await page.goto(`/${language}/articles`);
    await page.getByRole('searchbox').fill('bank');
    await page.getByRole('searchbox').press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('bank');
    expect(await cardTitles(page)).toEqual(await serverTitles(harness, language, { search: 'bank' }));

    // The selects are behind "Filters" on a phone and in view on a wide screen; the Search button sends them with the term.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.locator('.filters-toggle summary').click();
    await page.locator('#filter-difficulty').selectOption('advanced');
    await page.getByRole('button', { name: t.list.searchLabel, exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('difficulty')).toBe('advanced');
    expect(await cardTitles(page)).toEqual(await serverTitles(harness, language, { search: 'bank', difficulty: 'advanced' }));
    expect(await page.getByRole('searchbox').inputValue()).toBe('bank');

    const chip = page.getByRole('link', { name: t.list.removeFilter(t.shared.difficulties.advanced) });
    await chip.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('difficulty')).toBe(null);
    expect(new URL(page.url()).searchParams.get('q')).toBe('bank');
    expect(await cardTitles(page)).toEqual(await serverTitles(harness, language, { search: 'bank' }));
  });

  it('"Load more" is a link to the list with one page more, which the server renders', async () => {
    const t = texts(language);
    await page.goto(`/${language}/articles`);
    const first = await cardTitles(page);
    expect(first).toHaveLength(20);
    const more = page.getByRole('link', { name: t.list.loadMore, exact: true });
    expect(await more.getAttribute('href')).toBe('?page=2');
    await more.click();
    await expect.poll(() => new URL(page.url()).search).toBe('?page=2');
    const all = await listArticles(harness, language, 40);
    expect(all.length).toBeGreaterThan(20);
    expect(await cardTitles(page)).toEqual(all.map(previewTitle));
  });

  it('a missing article says so, with the way back to the list', async () => {
    const answer = await page.goto(`/${language}/articles/no-such-article-here`);
    expect(answer?.status()).toBe(404);
    expect(await page.getByRole('alert').textContent()).toContain(texts(language).detail.loadError);
    expect(await page.getByRole('link', { name: texts(language).detail.back }).getAttribute('href')).toBe(`/${language}/articles`);
  });

  it('shows no cookie banner, and nothing but the page and its own files is requested', async () => {
    await page.goto(`/${language}`);
    expect(await page.locator('.cookie-banner').count()).toBe(0);
    expect(requests.every((path) => !path.startsWith('/api/'))).toBe(true);
    expect(requests.every((url) => !url.includes('gtag') && !url.includes('hm.js'))).toBe(true);
  });
});
