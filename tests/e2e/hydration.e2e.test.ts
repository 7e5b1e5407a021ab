/**
 * Server rendering with JavaScript on: the first load of home, list and an article asks the API
 * nothing the page already carries (the machines start from the embedded answers), client
 * navigation afterwards fetches with its loading states as before, and no route logs a console
 * error or warning (React reports a hydration mismatch as one).
 */
import Database from 'better-sqlite3';
import { get } from 'node:http';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cardTitles, JOURNEY_LANGUAGES, listArticles, previewTitle, texts } from './support/app';
import { newPage, SAVED_REJECTION, useHarness } from './support/harness';

const harness = useHarness();

/** Requests for data the first render needs: the latest or search page, or one article. */
const DATA_REQUEST = /\/api\/articles\/(latest|search|[^/?]+)(\?|$)/;

function watchDataRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const { pathname, search } = new URL(request.url());
    if (DATA_REQUEST.test(pathname)) seen.push(pathname + search);
  });
  return seen;
}

/** Chromium logs every 404 answer; on the routes that name nothing (the page and the API say 404) that is expected. */
const NOT_FOUND_ANSWER = 'Failed to load resource: the server responded with a status of 404';

/** Console errors and warnings, and uncaught errors, as text. */
function watchConsole(page: Page, expectNotFound: () => boolean = () => false): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (expectNotFound() && message.text().startsWith(NOT_FOUND_ANSWER)) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** React has reached the header's selector; nothing is clicked or pressed. */
async function waitForReactProps(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    Object.keys(document.querySelector('.language-selector') ?? {}).some((key) => key.startsWith('__reactProps')),
  );
}

/**
 * Hydration is over once React has attached itself to the server's elements (the selector, a
 * disclosure, opens without it, so its opening no longer tells), and the selector still opens and closes.
 */
async function waitForHydration(page: Page): Promise<void> {
  await waitForReactProps(page);
  await page.locator('.language-toggle').click();
  await page.locator('.language-list').waitFor();
  await page.keyboard.press('Escape');
}

describe('first load from the embedded answers', () => {
  it.each(JOURNEY_LANGUAGES)('%s: home, list and an article show their data without asking the API for it', async (language) => {
    const latest = await listArticles(harness, language, 4);
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    const requests = watchDataRequests(page);
    try {
      await page.goto(`/${language}`);
      await waitForHydration(page);
      expect(await cardTitles(page)).toEqual(latest.map(previewTitle));

      await page.goto(`/${language}/articles?q=bank`);
      await waitForHydration(page);
      expect((await cardTitles(page)).length).toBeGreaterThan(0);

      await page.goto(`/${language}/articles/${latest[0]!.article_id}`);
      await waitForHydration(page);
      await expect.poll(() => page.locator('.article-body p').first().textContent()).toBeTruthy();
      expect(requests).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('client navigation afterwards fetches and shows the loading state first', async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    const requests = watchDataRequests(page);
    try {
      await page.goto('/en');
      await waitForHydration(page);
      expect(requests).toEqual([]);
      // Held until the loading state has been seen.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname === '/api/articles/latest',
        async (route) => {
          await held;
          await route.continue();
        },
      );
      await page.getByRole('link', { name: texts('en').home.viewAll }).click();
      await page.getByText(texts('en').list.loading).waitFor();
      release();
      await expect.poll(async () => (await cardTitles(page)).length).toBe(20);
      expect(requests.some((url) => url.startsWith('/api/articles/latest?'))).toBe(true);

      // And back home: the first page's answers are not used again, home asks for its cards.
      const before = requests.length;
      await page.goBack();
      await expect.poll(async () => (await cardTitles(page)).length).toBe(4);
      expect(requests.slice(before).some((url) => url.includes('limit=4'))).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('no console error or warning on any route', () => {
  const routes = (language: string, articleId: string) => [
    `/${language}`,
    `/${language}#about`,
    `/${language}/articles`,
    `/${language}/articles?q=bank&category=business`,
    `/${language}/articles/${articleId}`,
    `/${language}/articles/no-such-article`,
    `/${language}/no/such/page`,
    `/${language}/words`,
    `/${language}/review`,
    `/${language}/level`,
    `/${language}/progress`,
  ];

  it.each(JOURNEY_LANGUAGES)('%s', async (language) => {
    const [first] = await listArticles(harness, language, 1);
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    let route = '';
    const problems = watchConsole(page, () => route.includes('/no-such-article') || route.includes('/no/such/page'));
    try {
      for (route of routes(language, first!.article_id)) {
        await page.goto(route);
        await waitForHydration(page);
        expect(problems, route).toEqual([]);
        // The server's head tags gave way to the app's without a duplicate (the not-found screen renders no head of its own).
        expect(await page.locator('title').count(), route).toBeLessThanOrEqual(1);
        const missing = route.includes('/no/such/page') || route.includes('/no-such-article');
        if (!missing) expect(await page.title(), route).not.toBe('');
        // The not-found page's title (an unknown path or article) says so, as the server's did, and it is not to be indexed.
        else {
          expect(await page.title(), route).toBe(`${texts(language).notFound.title} | NewsReader English`);
          expect(await page.locator('meta[name="robots"]').getAttribute('content'), route).toBe('noindex');
        }
      }
      // The first visit with no saved choice: the banner comes once scripts run, without a mismatch.
      const fresh = await newPage(harness);
      const freshProblems = watchConsole(fresh.page);
      await fresh.page.goto(`/${language}`);
      await fresh.page
        .getByRole('button', { name: /accept/i })
        .or(fresh.page.locator('.cookie-banner button').first())
        .first()
        .waitFor();
      expect(freshProblems).toEqual([]);
      await fresh.context.close();
    } finally {
      await context.close();
    }
  });
});

describe('article pages rendered ahead', () => {
  it('the stored view is byte for byte a fresh render, and the page hydrates from it without a mismatch', async () => {
    const [first] = await listArticles(harness, 'es', 1);
    const path = `/es/articles/${first!.article_id}`;
    // Each read under a Host of its own: the server's page cache (by address and host) keeps none of them.
    const read = (host: string) =>
      new Promise<string>((resolve, reject) => {
        get({ host: '127.0.0.1', port: harness.server.port, path, headers: { host } }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve(body));
        }).on('error', reject);
      });
    // A first view renders the page or serves the view the background pass stored; either way one is stored now.
    const initial = await read('first.test');
    const stored = () => {
      const db = new Database(harness.server.databasePath, { readonly: true });
      try {
        return db
          .prepare(
            "SELECT count(*) FROM article_html AS h JOIN articles AS a ON a.seq = h.article_seq WHERE a.id = ? AND h.language = 'view:page:es'",
          )
          .pluck()
          .get(first!.article_id) as number;
      } finally {
        db.close();
      }
    };
    await expect.poll(stored, { timeout: 15_000 }).toBeGreaterThan(0);
    const fromView = await read('second.test');
    // Without the views, the same address is rendered by React again (once the background pass is done, so it stores none).
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${harness.server.origin}/api/health`)).json()) as { content_passes?: { state: string } }).content_passes
            ?.state,
        {
          timeout: 60_000,
        },
      )
      .toBe('done');
    const db = new Database(harness.server.databasePath);
    db.prepare("DELETE FROM article_html WHERE language LIKE 'view:%'").run();
    db.close();
    const rendered = await read('third.test');
    expect(fromView).toBe(rendered);
    expect(initial).toBe(rendered);

    await expect.poll(stored, { timeout: 15_000 }).toBeGreaterThan(0);
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    const problems = watchConsole(page);
    try {
      await page.goto(`/es/articles/${first!.article_id}`);
      await waitForHydration(page);
      await expect.poll(() => page.locator('.article-body p').first().textContent()).toBeTruthy();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a page hydrated in another year than it was rendered', () => {
  it('keeps the year the server rendered and logs no hydration error', async () => {
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    const problems = watchConsole(page);
    try {
      const serverYear = new Date().getFullYear();
      // The browser's clock says the first seconds of next year; the server rendered the page this year.
      await page.clock.setFixedTime(new Date(Date.UTC(serverYear + 1, 0, 1, 0, 0, 5)));
      await page.goto('/en');
      await waitForHydration(page);
      await expect.poll(() => page.locator('.site-footer').textContent()).toContain(String(serverYear));
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('nothing moves when the app takes over the page', () => {
  /**
   * The layout shifts Chromium reports for the page, from its first paint on, each with where its
   * elements were and went (a failure on a loaded machine says what moved).
   */
  async function layoutShifts(page: Page): Promise<Array<{ value: number; at: number; nodes: string[] }>> {
    return page.evaluate(
      () =>
        new Promise((resolve) => {
          type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
          const box = ({ x, y, width, height }: DOMRectReadOnly) => `${x},${y} ${width}x${height}`;
          new PerformanceObserver((list) =>
            resolve(
              list
                .getEntries()
                .map((entry) => entry as PerformanceEntry & { value: number; sources?: Source[] })
                .map((shift) => ({
                  value: shift.value,
                  at: Math.round(shift.startTime),
                  nodes: (shift.sources ?? []).map(
                    (source) =>
                      `${(source.node as Element | undefined)?.className ?? '?'}: ${box(source.previousRect)} -> ${box(source.currentRect)}`,
                  ),
                })),
            ),
          ).observe({ type: 'layout-shift', buffered: true });
          // No entry at all is reported by no callback.
          setTimeout(() => resolve([]), 500);
        }),
    );
  }

  it.each(JOURNEY_LANGUAGES)('%s: home, list and an article on a phone-sized screen', async (language) => {
    const [first] = await listArticles(harness, language, 1);
    // A first visit: the cookie banner opens over the page a second later, which moves nothing either.
    const { context, page } = await newPage(harness, { viewport: { width: 412, height: 823 } });
    try {
      for (const route of [`/${language}`, `/${language}/articles`, `/${language}/articles/${first!.article_id}`]) {
        await page.goto(route);
        // Untouched until the shifts are read: the test's own click and key press stay out of what is measured.
        await waitForReactProps(page);
        await page.locator('.cookie-banner').waitFor();
        expect(await layoutShifts(page), route).toEqual([]);
        await waitForHydration(page);
      }
    } finally {
      await context.close();
    }
  });
});

describe("the learner's own pages on a phone: their structure at once", () => {
  it.each(['words', 'review', 'progress'] as const)(
    '%s: the largest paint is text the server sent, never the cookie banner, and nothing moves',
    async (name) => {
      // A first visit, untouched (an input would end the largest-paint record): the store answers after the
      // app starts and the cookie banner opens a second after the load.
      const { context, page } = await newPage(harness, { viewport: { width: 412, height: 823 } });
      const problems = watchConsole(page);
      try {
        const response = await page.goto(`/zh/${name}`);
        const serverHtml = (await response?.text()) ?? '';
        await page.locator('.cookie-banner').waitFor();
        // The store has answered.
        const answered = { words: '.empty-state', review: '.review h2', progress: '.progress-figures dd:not(:text-is("–"))' }[name];
        await page.locator(answered).first().waitFor();
        const painted = await page.evaluate(
          () =>
            new Promise<{ largest: string; inBanner: boolean; shifts: number[] }>((resolve) => {
              const shifts: number[] = [];
              new PerformanceObserver((list) => {
                for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
              }).observe({ type: 'layout-shift', buffered: true });
              new PerformanceObserver((list) => {
                const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
                const element = last?.element ?? null;
                setTimeout(
                  () => resolve({ largest: element?.textContent ?? '', inBanner: element?.closest('.cookie-banner') != null, shifts }),
                  100,
                );
              }).observe({ type: 'largest-contentful-paint', buffered: true });
            }),
        );
        expect(painted.inBanner).toBe(false);
        expect(painted.largest.length).toBeGreaterThan(0);
        expect(serverHtml).toContain(painted.largest);
        expect(painted.shifts).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

describe('the app waits for the first paint', () => {
  it('the page entry is fetched at low priority, and the app only after the server-rendered page was painted', async () => {
    const [first] = await listArticles(harness, 'zh', 1);
    const { context, page } = await newPage(harness, SAVED_REJECTION);
    try {
      for (const route of ['/zh', `/zh/articles/${first!.article_id}`]) {
        await page.goto(route);
        await waitForHydration(page);
        expect(
          await page.locator('script[type="module"]').evaluateAll((scripts) => scripts.map((s) => s.getAttribute('fetchpriority'))),
        ).toEqual(['low']);
        const timing = await page.evaluate(() => ({
          paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
          app: performance
            .getEntriesByType('resource')
            .filter((entry) => /\/assets\/app-[^/]+\.js$/.test(entry.name))
            .map((entry) => entry.startTime),
        }));
        expect(timing.paint, route).not.toBeNull();
        expect(timing.app, route).toHaveLength(1);
        expect(timing.app[0]!, route).toBeGreaterThanOrEqual(timing.paint!);
      }
    } finally {
      await context.close();
    }
  });
});
