/**
 * npx tsx scripts/bench/learner-first-visit.ts [--runs N] [--latency MS]: a first visit with statuses and no stored
 * record (decision 50), in the real app: the production build served by the real server with the sample corpus and
 * the bundled dictionary, Debian's Chromium with the CPU slowed 4× (DevTools protocol).
 *
 * Each run is a fresh browser context (nothing cached, nothing stored): the placement (/zh/level, the 6,000 most
 * frequent words marked known; that page has no cards, so no record by rank is kept), then the list page
 * (/zh/articles) with the CPU slowed. It is taken in turns two ways: the page as the server sends it, naming the cards'
 * frequency list (`rankedCheck` in its embedded data), and the same page with that check taken out (the app as before
 * decision 50: the list known only from the cards' inventories). Both go through the same request interception.
 * Each run prints, in ms from the navigation's start (Resource Timing), when the cards' inventories (GET /api/lemmas)
 * and the list's hash table (GET /api/level-words/hashes) were asked for and arrived, when every card showed its
 * coverage (a MutationObserver), the time from the inventories' arrival to that, and the long tasks in between.
 * That last time is the app's whole path (the slices' yields, React's renders) and depends on which arrived first:
 * scripts/bench/learner-coverage.ts times the coverage work itself. --latency adds that many ms to every request
 * (DevTools' network emulation), as on a phone's network, where the inventories take longer than the statuses' read.
 * The 1-minute load average is printed at the start and the end: the machine is shared.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { buildWebApp } from '../../tests/e2e/support/build';
import { launchChrome } from '../../tests/e2e/support/chrome';
import { startServer, temporaryDirectory } from '../../tests/support/server-process';

const THROTTLE = 4;
const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
/** Runs of each way. */
const RUNS = argument('--runs', 4);
const LATENCY_MS = argument('--latency', 0);
const LEVEL = 'top6000';

/** Runs before the page's scripts: when the number of cards showing their coverage changes. */
const WATCH = `
  window.__coverage = { counts: [], longTasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__coverage.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver(() => {
    const count = document.querySelectorAll('[data-testid="article-card"] [data-testid="coverage"]').length;
    const last = window.__coverage.counts[window.__coverage.counts.length - 1];
    if (last === undefined || last.count !== count) window.__coverage.counts.push({ count, at: performance.now() });
  }).observe(document, { subtree: true, childList: true });
`;

interface Run {
  readonly way: 'named' | 'unnamed';
  readonly cards: number;
  readonly inventories: { start: number; end: number };
  readonly table: { start: number; end: number } | null;
  readonly shown: number;
  readonly longTasks: number[];
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

/** The placement, at full speed: statuses stored, no record by rank. A page the loaded server shed is asked again. */
async function placed(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.goto(`${server.origin}/zh/level`);
      // The app started (a press before it would send the form without it).
      await page.waitForLoadState('networkidle');
      await page.locator(`form.level-form input[value="${LEVEL}"]`).check({ timeout: 20_000 });
      await page.locator('form.level-form button[type="submit"]').click();
      await page.locator('.level-done [role="status"]').waitFor({ timeout: 60_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  (the placement failed, attempt ${attempt}: ${String(error).split('\n')[0]}; again)`);
    }
  }
}

/** The server's background passes run for its first seconds, on the same two cores: the runs wait for them. */
async function passesDone(origin: string): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    const health = (await (await fetch(`${origin}/api/health`)).json().catch(() => ({}))) as { content_passes?: { state: string } };
    if (health.content_passes === undefined || health.content_passes.state === 'done') return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const workDir = temporaryDirectory('bench-learner-first-visit');
const distDir = join(workDir, 'dist');
console.log('Building the web app (production settings)');
buildWebApp(distDir);
const server = await startServer({ distDir, env: { RATE_LIMIT_MAX: '1000000000', LOG_LEVEL: 'warn' } });
const browser = await launchChrome();
try {
  await passesDone(server.origin);
  console.log(
    `Load average (1 min) at the start: ${loadavg()[0]!.toFixed(2)}; CPU slowed ${THROTTLE}×; ${LATENCY_MS} ms added to each request; ${RUNS} runs each way, in turns`,
  );
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    for (const way of i % 2 === 0 ? (['named', 'unnamed'] as const) : (['unnamed', 'named'] as const)) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      try {
        await context.addInitScript(() =>
          window.localStorage.setItem('cookie-consent', JSON.stringify({ essential: true, analytics: false })),
        );
        await context.addInitScript(WATCH);
        const page = await context.newPage();
        await placed(page);
        await page.route(`${server.origin}/zh/articles`, async (route) => {
          const response = await route.fetch();
          const text = await response.text();
          const body = way === 'named' ? text : text.replace(/,"rankedCheck":"[0-9a-z-]*"/, '');
          if (way === 'named' && !/"rankedCheck":"/.test(text)) throw new Error('The list page names no frequency list');
          await route.fulfill({ response, body });
        });
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
        if (LATENCY_MS > 0) {
          await cdp.send('Network.enable');
          await cdp.send('Network.emulateNetworkConditions', {
            offline: false,
            latency: LATENCY_MS,
            downloadThroughput: -1,
            uploadThroughput: -1,
          });
        }
        await page.goto(`${server.origin}/zh/articles`);
        const cards = await page.locator('[data-testid="article-card"]').count();
        await page.waitForFunction(
          (count) =>
            (window as unknown as { __coverage: { counts: Array<{ count: number }> } }).__coverage.counts.some(
              (each) => each.count === count,
            ),
          cards,
          { timeout: 120_000, polling: 50 },
        );
        const seen = (await page.evaluate(`({
          counts: window.__coverage.counts,
          longTasks: window.__coverage.longTasks,
          resources: performance.getEntriesByType('resource').map((entry) => ({ name: entry.name, start: entry.startTime, end: entry.responseEnd })),
        })`)) as {
          counts: Array<{ count: number; at: number }>;
          longTasks: Array<{ start: number; duration: number }>;
          resources: Array<{ name: string; start: number; end: number }>;
        };
        const of = (part: string) => seen.resources.filter((entry) => entry.name.includes(part));
        const lemmas = of('/api/lemmas?');
        const tables = of('/api/level-words/hashes?');
        if (lemmas.length === 0) throw new Error('No inventories were fetched');
        const inventories = { start: Math.min(...lemmas.map((e) => e.start)), end: Math.max(...lemmas.map((e) => e.end)) };
        const shown = seen.counts.find((each) => each.count === cards)!.at;
        runs.push({
          way,
          cards,
          inventories,
          table: tables.length === 0 ? null : { start: tables[0]!.start, end: tables[0]!.end },
          shown,
          longTasks: seen.longTasks
            .filter((task) => task.start + task.duration > inventories.end && task.start < shown)
            .map((task) => task.duration),
        });
        const run = runs[runs.length - 1]!;
        console.log(
          `  ${way === 'named' ? 'list named by the page' : 'list not named       '}: ${cards} cards; inventories asked ${ms(run.inventories.start)}, arrived ${ms(run.inventories.end)}; table ${
            run.table === null
              ? 'not fetched'
              : `asked ${ms(run.table.start)}, arrived ${ms(run.table.end)}${run.table.end < run.inventories.end ? ' (before the inventories)' : ''}`
          }; every card's coverage shown ${ms(run.shown)}: ${ms(run.shown - run.inventories.end)} after the inventories; long tasks then: ${
            run.longTasks.length === 0 ? 'none' : run.longTasks.map(ms).join(', ')
          }`,
        );
      } finally {
        await context.close();
      }
    }
  }
  for (const way of ['named', 'unnamed'] as const) {
    const after = runs
      .filter((run) => run.way === way)
      .map((run) => run.shown - run.inventories.end)
      .sort((a, b) => a - b);
    console.log(
      `${way === 'named' ? 'List named by the page' : 'List not named (before decision 50)'}: from the inventories' arrival to every card's coverage shown ${after.map(ms).join(', ')} (median ${ms(after[Math.floor(after.length / 2)]!)})`,
    );
  }
  console.log(`Load average (1 min) at the end: ${loadavg()[0]!.toFixed(2)}`);
} finally {
  await browser.close();
  await server.dispose();
  rmSync(workDir, { recursive: true, force: true });
}
