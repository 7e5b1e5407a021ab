/**
 * What the first paint of each server-rendered page costs the browser: on a fresh production build,
 * loads home, list and an article in zh, es and en in Chromium (unthrottled, phone-sized, a fresh
 * context each time) and prints, per page, the median time of the layouts before the first
 * contentful paint and of the style recalculations, from Chromium's own trace. Lighthouse slows
 * this work and counts what lands after its simulated first paint as blocking time (docs/decisions.md
 * 16), so a Chinese page costing much more than an English one points at font fallback.
 * A diagnostic, not a benchmark: the figures of record come from `npm run bench`.
 *
 *   npx tsx scripts/bench/first-layout.ts [runs]
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { buildWebApp } from '../../tests/e2e/support/build';
import { launchChrome } from '../../tests/e2e/support/chrome';
import { startServer, temporaryDirectory } from '../../tests/support/server-process';
import { json } from './api-load';
import { median } from './lighthouse-runs';

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly args?: { data?: { isLoadingMainFrame?: boolean } };
}

const LANGUAGES = ['zh', 'es', 'en'] as const;
const PHONE = { width: 412, height: 823 };

function parseRuns(): number {
  const runs = Number(process.argv[2] ?? '9');
  if (!Number.isInteger(runs) || runs < 1 || runs > 50)
    throw new Error(`Runs must be a whole number from 1 to 50; got "${process.argv[2]}".`);
  return runs;
}

/** Milliseconds of layout and of style recalculation before the first contentful paint of one load. */
async function firstPaintWork(browser: Browser, url: string): Promise<{ layout: number; style: number }> {
  const context = await browser.newContext({ viewport: PHONE });
  try {
    const page = await context.newPage();
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    const paint = events.find((event) => event.name === 'firstContentfulPaint');
    if (paint === undefined) throw new Error(`No first contentful paint in the trace of ${url}`);
    const before = (name: string) =>
      events
        .filter((event) => event.name === name && event.ph === 'X' && event.ts < paint.ts)
        .reduce((sum, event) => sum + (event.dur ?? 0), 0) / 1000;
    return { layout: before('Layout'), style: before('UpdateLayoutTree') };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const runs = parseRuns();
  const distDir = join(temporaryDirectory('first-layout'), 'dist');
  buildWebApp(distDir);
  const server = await startServer({ distDir, env: { RATE_LIMIT_MAX: '1000000' } });
  const browser = await launchChrome();
  try {
    const { body } = await json(server.origin, '/api/articles/latest?language=zh&limit=1');
    const id = (body as { articles?: Array<{ article_id?: string }> } | null)?.articles?.[0]?.article_id;
    if (!id) throw new Error('The server has no article to open.');
    const pages = LANGUAGES.flatMap((language) => [
      { name: `${language} home`, path: `/${language}` },
      { name: `${language} list`, path: `/${language}/articles` },
      { name: `${language} article`, path: `/${language}/articles/${encodeURIComponent(id)}` },
    ]);
    // Once each first, so no page pays for the server's first render or the browser's first font load.
    for (const { path } of pages) await firstPaintWork(browser, `${server.origin}${path}`);
    const samples = new Map(pages.map(({ name }) => [name, [] as Array<{ layout: number; style: number }>]));
    // Round robin, so a slow minute of this machine falls on every page alike.
    for (let run = 0; run < runs; run++) {
      for (const { name, path } of pages) samples.get(name)!.push(await firstPaintWork(browser, `${server.origin}${path}`));
    }
    console.log(`Layout and style recalculation before the first contentful paint, unthrottled, median of ${runs}:`);
    for (const [name, values] of samples) {
      const layout = median(values.map((value) => value.layout));
      const style = median(values.map((value) => value.style));
      console.log(`  ${name.padEnd(12)} layout ${layout.toFixed(1).padStart(6)} ms, style ${style.toFixed(1).padStart(5)} ms`);
    }
  } finally {
    await browser.close();
    await server.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
