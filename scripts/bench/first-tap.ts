/**
 * npx tsx scripts/bench/first-tap.ts: issue 33's interaction target. The first tap on a word of an
 * article, within a second of the page's first paint, opens its entry within 200 ms, in Debian's
 * Chromium with the CPU slowed 4× (DevTools protocol Emulation.setCPUThrottlingRate), against the
 * production build served by the real server with the sample corpus.
 *
 * Each run opens the article in a fresh browser context (nothing cached, a returning visitor's
 * saved cookie choice so no banner), waits for the first contentful paint, taps a word of the body
 * TAP_AFTER_PAINT_MS later, and reports:
 * - the tap's own event timing (Event Timing API: input delay + processing + the next paint, what
 *   INP is made of), and
 * - the time from the tap to the word's entry (the dialog) on the screen, and to its answer (the
 *   dictionary's entry shown). A tap before the app has hydrated is kept by the page's entry and
 *   replayed (src/platform/early-taps.ts), so this time includes the rest of the app's start.
 * Every run is printed, with whether the server's background passes were running; nothing is asserted. The runs
 * start once those passes are done (BENCH_TAP_DURING_PASSES=1: at once, beside them).
 */
import { loadavg } from 'node:os';
import { buildWebApp } from '../../tests/e2e/support/build';
import { launchChrome } from '../../tests/e2e/support/chrome';
import { startServer, temporaryDirectory } from '../../tests/support/server-process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { frameNamer, type CpuProfile } from './cpu-profile-names';

const RUNS = Number(process.env.BENCH_TAP_RUNS ?? '5');
const THROTTLE = 4;
const TAP_AFTER_PAINT_MS = Number(process.env.BENCH_TAP_AFTER_PAINT_MS ?? '500');
const TARGET_MS = 200;
/**
 * The server's background passes run for its first seconds (docs/server.md); until BENCH_TAP_DURING_PASSES=1 the runs
 * wait for them. Run 1 met them (pages rendered ahead on the server's worker thread, on this machine's two cores, which
 * a phone's CPU never shares), and run 1 was the one that missed the target (218–276 ms) on the quiet runs of issue 33;
 * whether the passes were the cause is for a quiet run of both ways to say.
 */
const DURING_PASSES = process.env.BENCH_TAP_DURING_PASSES === '1';
const PASSES_WAIT_MS = 120_000;
/**
 * BENCH_TAP_PROFILE=1: a CPU profile from the tap to the entry's opening, its heaviest functions printed (where the time
 * goes), named through the build's source maps (source file, line and original name).
 */
const PROFILE = process.env.BENCH_TAP_PROFILE === '1';

function printProfile(profile: CpuProfile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const stacks = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const name = (nodeId: number) => frameName(byId.get(nodeId)!.callFrame);
    self.set(name(id), (self.get(name(id)) ?? 0) + ms);
    // Where a native call (a forced layout, a DOM insertion) came from: its nearest callers in our code or React's.
    const callers: string[] = [];
    for (let at = parent.get(id); at !== undefined && callers.length < 4; at = parent.get(at)) callers.push(name(at).split(' ')[0]!);
    const stack = `${name(id)} <- ${callers.join(' <- ')}`;
    stacks.set(stack, (stacks.get(stack) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = name(at);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + ms);
    }
  });
  const top = (map: Map<string, number>, count = 25) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, ms]) => `      ${Math.round(ms)} ms ${key}`);
  console.log(['    self time:', ...top(self), '    total time:', ...top(total), '    heaviest stacks:', ...top(stacks, 12)].join('\n'));
}

/** Runs before the page's own scripts: records event timings and when the entry dialog appears and is answered. */
const WATCH = `
  window.__tap = { events: [], rooted: null, opened: null, framed: null, answered: null, interactive: null, longTasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__tap.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'pointerdown' || entry.name === 'pointerup' || entry.name === 'click') {
        window.__tap.events.push({ name: entry.name, start: entry.startTime, duration: entry.duration });
      }
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  new MutationObserver(() => {
    // The early look-up's root (src/app/early-lookup.tsx) is created in the task that ran its chunk: from then on, its render.
    if (window.__tap.rooted === null && document.querySelector('.early-lookup')) window.__tap.rooted = performance.now();
    const dialog = document.querySelector('.word-entry[role="dialog"]');
    if (dialog && window.__tap.opened === null) {
      window.__tap.opened = performance.now();
      // The frame that shows it: a task run between the insertion and that frame (a timer) delays what the reader sees.
      requestAnimationFrame((frameTime) => (window.__tap.framed = frameTime));
    }
    if (dialog && dialog.getAttribute('data-status') === 'shown' && window.__tap.answered === null) window.__tap.answered = performance.now();
    if (window.__tap.interactive === null && document.querySelector('[data-testid="article-body-host"][data-interactive]')) window.__tap.interactive = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status', 'data-interactive'] });
`;

/**
 * The server's background passes (glosses, stored bodies, pages rendered ahead: docs/server.md) run for the first seconds
 * after it listens, on the same two cores as this browser: each run says whether they were still running.
 */
async function passesState(origin: string): Promise<string> {
  const health = (await (await fetch(`${origin}/api/health`)).json()) as {
    content_passes?: { state: string; passes: Array<{ name: string; checked: number; total: number | null }> };
  };
  const passes = health.content_passes;
  if (passes === undefined) return 'no passes';
  return `passes ${passes.state}${passes.state === 'done' ? '' : ` (${passes.passes.map((pass) => `${pass.name} ${pass.checked}/${pass.total ?? '?'}`).join(', ')})`}`;
}

interface TapRun {
  readonly firstPaintMs: number;
  readonly tapAtMs: number;
  readonly hydratedAtTap: boolean;
  readonly eventMs: number;
  readonly openedMs: number | null;
  /** The start of the first animation frame after the entry was inserted: about when it was painted. */
  readonly framedMs: number | null;
  readonly answeredMs: number | null;
  readonly load: number;
  readonly path: string;
}

const workDir = temporaryDirectory('bench-first-tap');
const distDir = join(workDir, 'dist');
const frameName = frameNamer(distDir);
console.log('Building the web app (production settings)');
buildWebApp(distDir);
const server = await startServer({ distDir, env: { RATE_LIMIT_MAX: '1000000000', LOG_LEVEL: 'warn' } });
const browser = await launchChrome();
try {
  // On a loaded machine the server's first answers can be a 503 (it sheds load): asked again, a few times.
  let articleId: string | undefined;
  for (let attempt = 1; articleId === undefined; attempt += 1) {
    const response = await fetch(`${server.origin}/api/articles/latest?language=zh&limit=1`);
    articleId = response.ok ? ((await response.json()) as { articles: Array<{ article_id: string }> }).articles[0]?.article_id : undefined;
    if (articleId === undefined && attempt === 10) throw new Error(`No latest article (HTTP ${response.status})`);
    if (articleId === undefined) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const path = `/zh/articles/${encodeURIComponent(articleId)}`;
  console.log(
    `First tap on a word of ${path}, ${TAP_AFTER_PAINT_MS} ms after the first contentful paint, CPU slowed ${THROTTLE}×, ${RUNS} runs; target: entry opened ≤ ${TARGET_MS} ms after the tap`,
  );
  if (!DURING_PASSES) {
    const started = Date.now();
    while (/^passes (pending|running)/.test(await passesState(server.origin)) && Date.now() - started < PASSES_WAIT_MS)
      await new Promise((resolve) => setTimeout(resolve, 250));
    console.log(`The server's background passes: ${await passesState(server.origin)} after ${Date.now() - started} ms of waiting`);
  }
  const runs: TapRun[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const passesBefore = await passesState(server.origin);
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, hasTouch: false });
    await context.addInitScript(() => window.localStorage.setItem('cookie-consent', JSON.stringify({ essential: true, analytics: false })));
    await context.addInitScript(WATCH);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await page.goto(`${server.origin}${path}`, { waitUntil: 'commit' });
    const firstPaintMs = (await page
      .waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? false, undefined, { polling: 10 })
      .then((handle) => handle.jsonValue())) as number;
    const word = page.locator('[data-testid="article-body-host"] .nr-article-body .nr-w').nth(5);
    await word.waitFor();
    const now = (await page.evaluate('performance.now()')) as number;
    await page.waitForTimeout(Math.max(0, firstPaintMs + TAP_AFTER_PAINT_MS - now));
    const box = await word.boundingBox();
    if (box === null) throw new Error('The word has no box on the screen');
    const tapAtMs = (await page.evaluate('performance.now()')) as number;
    if (PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.locator('.word-entry[role="dialog"]').waitFor({ timeout: 30_000 });
    if (PROFILE) printProfile(((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile);
    await page.locator('.word-entry[role="dialog"][data-status="shown"]').waitFor({ timeout: 30_000 });
    const tap = (await page.evaluate('window.__tap')) as {
      events: Array<{ name: string; start: number; duration: number }>;
      rooted: number | null;
      opened: number | null;
      framed: number | null;
      answered: number | null;
      interactive: number | null;
      longTasks: Array<{ start: number; duration: number }>;
    };
    // Where the time between the tap and the entry went: the route's code, the dictionary's answer, long tasks.
    const resources = (await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => ({
        name: entry.name,
        start: entry.startTime,
        end: (entry as PerformanceResourceTiming).responseEnd,
      })),
    )) as Array<{ name: string; start: number; end: number }>;
    const rel = (value: number) => Math.round(value - tapAtMs);
    const routeChunk = resources.find((entry) => /article-detail-route-[^/]*\.js$/.test(entry.name));
    const laterCode = resources.filter((entry) => entry.name.endsWith('.js') && entry.start >= tapAtMs - 50);
    const lookups = resources.filter((entry) => entry.name.includes('/dictionary/'));
    const endAt = tap.answered ?? tap.opened ?? tapAtMs;
    const tasks = tap.longTasks.filter((task) => task.start + task.duration > tapAtMs && task.start < endAt);
    const pathNotes = [
      routeChunk === undefined ? 'route chunk: —' : `route chunk fetched ${rel(routeChunk.start)}..${rel(routeChunk.end)}`,
      `code fetched after the tap: ${
        laterCode
          .filter((entry) => entry.start >= tapAtMs)
          .map(
            (entry) =>
              `${entry.name
                .split('/')
                .pop()!
                .replace(/-[\w-]{8}\.js$/, '')} ${rel(entry.start)}..${rel(entry.end)}`,
          )
          .join(', ') || 'none'
      }`,
      `${laterCode.length} files of code fetched from ${rel(Math.min(...laterCode.map((entry) => entry.start)))} to ${rel(Math.max(...laterCode.map((entry) => entry.end)))}`,
      tap.rooted === null ? 'early root: —' : `early root created ${rel(tap.rooted)}`,
      tap.interactive === null ? 'body interactive: —' : `body interactive ${rel(tap.interactive)}`,
      ...lookups.map((entry) => `dictionary ${rel(entry.start)}..${rel(entry.end)}`),
      `long tasks ${tasks.map((task) => `${rel(task.start)}+${Math.round(task.duration)}`).join(', ') || 'none'}`,
    ].join('; ');
    const ours = tap.events.filter((event) => event.start >= tapAtMs - 5);
    const result: TapRun = {
      firstPaintMs,
      tapAtMs,
      hydratedAtTap: tap.interactive !== null && tap.interactive <= tapAtMs,
      eventMs: ours.length === 0 ? 0 : Math.max(...ours.map((event) => event.duration)),
      openedMs: tap.opened === null ? null : tap.opened - tapAtMs,
      framedMs: tap.framed === null ? null : tap.framed - tapAtMs,
      answeredMs: tap.answered === null ? null : tap.answered - tapAtMs,
      load: Math.round(loadavg()[0]! * 100) / 100,
      path: pathNotes,
    };
    runs.push(result);
    const ms = (value: number | null) => (value === null ? '—' : `${Math.round(value)} ms`);
    console.log(
      `  run ${run}: first paint ${ms(result.firstPaintMs)}, tap at ${ms(result.tapAtMs)} (${result.hydratedAtTap ? 'body hydrated' : 'before the body hydrated'}); ` +
        `tap's event timing ${result.eventMs === 0 ? '< 16 ms' : ms(result.eventMs)}; entry opened ${ms(result.openedMs)} after the tap (its frame ${ms(result.framedMs)}), answered ${ms(result.answeredMs)}; ` +
        `load ${result.load}${result.openedMs !== null && result.openedMs <= TARGET_MS ? '' : ' (target missed)'}`,
    );
    console.log(`    after the tap (ms): ${result.path}`);
    console.log(`    server: ${passesBefore} before the page, ${await passesState(server.origin)} after the answer`);
    await context.close();
  }
  const met = runs.filter((run) => run.openedMs !== null && run.openedMs <= TARGET_MS).length;
  console.log(`Entry opened within ${TARGET_MS} ms of the first tap on ${met} of ${runs.length} runs.`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(workDir, { recursive: true, force: true });
}
