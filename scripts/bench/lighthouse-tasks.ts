/**
 * Where a page's total blocking time comes from: runs Lighthouse's mobile performance audit on one
 * route of a fresh production build and, for each run, prints the long tasks Lighthouse simulated
 * (with the blocking time each adds after the simulated first contentful paint) beside the tasks
 * Chromium really ran (from the run's own trace, unthrottled), with what each task spent its time on.
 * A diagnostic, not a benchmark: the figures of record come from `npm run bench`.
 *
 *   npx tsx scripts/bench/lighthouse-tasks.ts [home|list|detail|words|review|level|progress|practice] [runs] [built dist dir]
 *
 * With a third argument it serves that build (made beforehand, e.g. `vite build --outDir …`) instead of building
 * one, so two variants of the app can be measured in turns.
 */
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { buildWebApp } from '../../tests/e2e/support/build';
import { startServer, temporaryDirectory } from '../../tests/support/server-process';
import { json } from './api-load';
import { launchLighthouseChrome } from './lighthouse-runs';

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: { data?: { isLoadingMainFrame?: boolean } };
}

interface LongTaskItem {
  readonly url: string;
  readonly startTime: number;
  readonly duration: number;
}

const ROUTES = ['home', 'list', 'detail', 'words', 'review', 'level', 'progress', 'practice'] as const;
type Route = (typeof ROUTES)[number];
const BLOCKING_THRESHOLD_MS = 50;
/** Tasks shorter than this (unthrottled) cannot become long tasks at Lighthouse's 4× slowdown. */
const SHOWN_TASK_MS = 5;

function parseArguments(): { route: Route; runs: number; builtDist: string | undefined } {
  const [route = 'detail', runs = '3', builtDist] = process.argv.slice(2);
  if (!ROUTES.includes(route as Route)) throw new Error(`Route must be one of ${ROUTES.join(', ')}; got "${route}".`);
  const count = Number(runs);
  if (!Number.isInteger(count) || count < 1 || count > 20) throw new Error(`Runs must be a whole number from 1 to 20; got "${runs}".`);
  return { route: route as Route, runs: count, builtDist };
}

async function pathFor(route: Route, origin: string): Promise<string> {
  if (route === 'home') return '/zh';
  if (route === 'list') return '/zh/articles';
  if (route === 'words' || route === 'review' || route === 'level' || route === 'progress') return `/zh/${route}`;
  const { body } = await json(origin, '/api/articles/latest?language=zh&limit=1');
  const id = (body as { articles?: Array<{ article_id?: string }> } | null)?.articles?.[0]?.article_id;
  if (!id) throw new Error('The server has no article to open.');
  const article = `/zh/articles/${encodeURIComponent(id)}`;
  // The article's practice set (scripts/bench/run.ts opens the same page).
  return route === 'practice' ? `${article}/practice` : article;
}

/** The main thread's tasks after navigation start, each with the time of its five largest kinds of work. */
function observedTasks(events: readonly TraceEvent[]): string[] {
  const navigation =
    events.find((event) => event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame) ??
    events.find((event) => event.name === 'navigationStart');
  if (navigation === undefined) return ['(no navigationStart in the trace)'];
  const ms = (microseconds: number) => (microseconds / 1000).toFixed(1);
  const onMain = (event: TraceEvent) => event.pid === navigation.pid && event.tid === navigation.tid;
  const paint = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === navigation.pid);
  const lines = [`observed first contentful paint: ${paint ? ms(paint.ts - navigation.ts) : '?'} ms`];
  const tasks = events.filter(
    (event) => event.name === 'RunTask' && onMain(event) && event.ts >= navigation.ts && (event.dur ?? 0) >= SHOWN_TASK_MS * 1000,
  );
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const work = new Map<string, number>();
    for (const event of events) {
      if (event.ph !== 'X' || event.name === 'RunTask' || !onMain(event) || event.ts < task.ts || event.ts >= end) continue;
      work.set(event.name, (work.get(event.name) ?? 0) + (event.dur ?? 0));
    }
    const largest = [...work]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([name, duration]) => `${name} ${ms(duration)}`);
    lines.push(`task at ${ms(task.ts - navigation.ts)} ms, ${ms(task.dur ?? 0)} ms: ${largest.join(', ')}`);
  }
  return lines;
}

async function main(): Promise<void> {
  const { route, runs, builtDist } = parseArguments();
  const distDir = builtDist ?? join(temporaryDirectory('lighthouse-tasks'), 'dist');
  if (builtDist === undefined) buildWebApp(distDir);
  const server = await startServer({ distDir, env: { RATE_LIMIT_MAX: '1000000' } });
  const chrome = await launchLighthouseChrome();
  try {
    const url = `${server.origin}${await pathFor(route, server.origin)}`;
    for (let run = 1; run <= runs; run++) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      if (!result || result.lhr.runtimeError) {
        console.log(`run ${run}: Lighthouse failed (${result?.lhr.runtimeError?.code ?? 'no result'})`);
        continue;
      }
      const { audits, categories } = result.lhr;
      const fcp = audits['first-contentful-paint']?.numericValue ?? 0;
      console.log(
        `run ${run}: performance ${Math.round((categories.performance?.score ?? 0) * 100)}, ` +
          `FCP ${Math.round(fcp)} ms, LCP ${Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN)} ms, ` +
          `TBT ${Math.round(audits['total-blocking-time']?.numericValue ?? NaN)} ms`,
      );
      const longTasks = ((audits['long-tasks']?.details as { items?: LongTaskItem[] } | undefined)?.items ?? []).toSorted(
        (a, b) => a.startTime - b.startTime,
      );
      for (const task of longTasks) {
        const end = task.startTime + task.duration;
        const afterPaint = Math.max(0, end - Math.max(task.startTime, fcp));
        const blocking = Math.max(0, Math.round(afterPaint - BLOCKING_THRESHOLD_MS));
        const source = task.url.replace(/^.*\//, '') || task.url;
        console.log(
          `  simulated ${Math.round(task.startTime)}–${Math.round(end)} ms (${Math.round(task.duration)} ms) ${source}: blocking about ${blocking} ms`,
        );
      }
      const trace = (result.artifacts as unknown as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
      for (const line of trace ? observedTasks(trace.traceEvents) : ['(no trace in the artifacts)']) console.log(`  ${line}`);
    }
  } finally {
    chrome.kill();
    await server.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
