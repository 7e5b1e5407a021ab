/**
 * What a page's long tasks are made of, in real Chromium at 4× CPU slowdown (DevTools throttling, so the tasks are
 * real, not Lighthouse's simulation): each run opens the route in a fresh context (a first visit, no cookie choice,
 * as Lighthouse loads it), records every long task (Long Tasks API) and a CPU profile of the first seconds, and prints
 * per long task its heaviest functions (self time), named through the build's source maps. A diagnostic, not a
 * benchmark: nothing is asserted; the figures of record come from `npm run bench`.
 *
 *   npx tsx scripts/bench/page-tasks.ts [home|list|detail|words|review|level|progress|practice] [runs]
 */
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { buildWebApp } from '../../tests/e2e/support/build';
import { launchChrome } from '../../tests/e2e/support/chrome';
import { startServer, temporaryDirectory } from '../../tests/support/server-process';
import { frameNamer, type CpuProfile } from './cpu-profile-names';

const THROTTLE = 4;
const LONG_TASK_MS = 50;
/** How long after the load event the page is watched: the work after it settles (a second) included. */
const WATCH_AFTER_LOAD_MS = 3_000;
const ROUTES = ['home', 'list', 'detail', 'words', 'review', 'level', 'progress', 'practice'] as const;
type Route = (typeof ROUTES)[number];

const [routeArgument = 'words', runsArgument = '3'] = process.argv.slice(2);
if (!ROUTES.includes(routeArgument as Route)) throw new Error(`Route must be one of ${ROUTES.join(', ')}; got "${routeArgument}".`);
const runs = Number(runsArgument);
if (!Number.isInteger(runs) || runs < 1 || runs > 20) throw new Error(`Runs must be a whole number from 1 to 20; got "${runsArgument}".`);

const workDir = temporaryDirectory('bench-page-tasks');
const distDir = join(workDir, 'dist');
const frameName = frameNamer(distDir);

/** The self time of each function, and the total time of each of our own (src/) functions, between two page times. */
function summarise(profile: CpuProfile, navigationStartUs: number, fromMs: number, toMs: number): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const ours = new Map<string, number>();
  const stacks = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    const ms = (at - navigationStartUs) / 1000;
    if (ms < fromMs || ms > toMs) return;
    const step = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const name = frameName(byId.get(id)!.callFrame);
    self.set(name, (self.get(name) ?? 0) + step);
    // Where a native call (a DOM insertion, a layout) came from: its nearest callers.
    const callers: string[] = [];
    for (let node = parent.get(id); node !== undefined && callers.length < 5; node = parent.get(node))
      callers.push(frameName(byId.get(node)!.callFrame));
    const stack = [name, ...callers].join(' <- ');
    stacks.set(stack, (stacks.get(stack) ?? 0) + step);
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const key = frameName(byId.get(node)!.callFrame);
      if (!key.includes(' src/') || seen.has(key)) continue;
      seen.add(key);
      ours.set(key, (ours.get(key) ?? 0) + step);
    }
  });
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .filter(([, ms]) => ms >= 1)
      .map(([key, ms]) => `${Math.round(ms)} ${key}`);
  return [
    `      self: ${top(self, 8).join('; ')}`,
    `      ours (total): ${top(ours, 8).join('; ')}`,
    ...top(stacks, 3).map((line) => `      stack: ${line}`),
  ];
}

console.log('Building the web app (production settings)');
buildWebApp(distDir);
const server = await startServer({ distDir, env: { RATE_LIMIT_MAX: '1000000000', LOG_LEVEL: 'warn' } });
const browser = await launchChrome();
try {
  let path = `/zh/${routeArgument}`;
  if (routeArgument === 'home') path = '/zh';
  if (routeArgument === 'list') path = '/zh/articles';
  if (routeArgument === 'detail' || routeArgument === 'practice') {
    const latest = (await (await fetch(`${server.origin}/api/articles/latest?language=zh&limit=1`)).json()) as {
      articles: Array<{ article_id: string }>;
    };
    path = `/zh/articles/${encodeURIComponent(latest.articles[0]!.article_id)}`;
    // The article's practice set (scripts/bench/run.ts opens the same page).
    if (routeArgument === 'practice') path += '/practice';
  }
  console.log(`Long tasks (≥ ${LONG_TASK_MS} ms) of ${path}, CPU slowed ${THROTTLE}×, ${runs} fresh loads`);
  for (let run = 1; run <= runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    await context.addInitScript(`
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });`);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await cdp.send('Performance.enable');
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${server.origin}${path}`, { waitUntil: 'load' });
    await page.waitForTimeout(WATCH_AFTER_LOAD_MS);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
    const navigationStartUs = (metrics.find((metric) => metric.name === 'NavigationStart')?.value ?? 0) * 1e6;
    const { tasks, paint } = (await page.evaluate(() => ({
      tasks: (window as unknown as { __longTasks: Array<{ start: number; duration: number }> }).__longTasks,
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }))) as { tasks: Array<{ start: number; duration: number }>; paint: number };
    const blocking = tasks.filter((task) => task.start >= paint).reduce((sum, task) => sum + task.duration - LONG_TASK_MS, 0);
    console.log(
      `  run ${run}: first paint ${Math.round(paint)} ms; ${tasks.length} long tasks (${tasks.map((task) => `${Math.round(task.start)}+${Math.round(task.duration)}`).join(', ') || 'none'}); blocking after the paint ${Math.round(blocking)} ms; load ${loadavg()[0]!.toFixed(2)}`,
    );
    for (const task of tasks) {
      console.log(`    task at ${Math.round(task.start)} ms, ${Math.round(task.duration)} ms:`);
      for (const line of summarise(profile, navigationStartUs, task.start, task.start + task.duration)) console.log(line);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(workDir, { recursive: true, force: true });
}
