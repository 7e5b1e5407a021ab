/**
 * The main thread's tasks of a page load in thread CPU time (a trace's `tdur`), which the other processes of a shared
 * machine disturb far less than wall time. Lighthouse's simulation multiplies each task's wall time in its own trace
 * by 4 (a task over 12.5 ms counting); thread CPU time stands in for the wall time a quiet machine would show. Measured so that two builds can be compared in turns under load (issue 33, decision 53).
 * Each run opens the route in a fresh context at the given CPU slowdown (1 by default) and prints:
 * - SUMMARY: the tasks after the first contentful paint, Σ max(0, 4 × CPU − 50) ms (an estimate of Lighthouse's TBT
 *   from this trace) and the four largest;
 * - CPU: the main thread's CPU time from navigation, `v8.compileModule`, lazy compilation (`V8.CompileCode` +
 *   `V8.ParseFunction`) and the largest module evaluation;
 * - TASKS: every task of 8 ms or more after the paint, as EVAL (module evaluation), CALL (a script call), Layout… with
 *   its lazy compilation (`c`).
 * With `detail`, each task of `min` ms or more also gets its heaviest functions from a CPU profile (source-mapped).
 * A diagnostic, not a benchmark: nothing is asserted.
 *
 *   npx tsx scripts/bench/task-cpu.ts <route> [runs] [built dist dir | build] [cpu slowdown] [detail min ms]
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { buildWebApp } from '../../tests/e2e/support/build';
import { launchChrome } from '../../tests/e2e/support/chrome';
import { startServer, temporaryDirectory } from '../../tests/support/server-process';
import { frameNamer, type CpuProfile } from './cpu-profile-names';

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: { data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

const ROUTES = ['home', 'list', 'detail', 'words', 'review', 'level', 'progress', 'practice'];
const [route = 'review', runsArgument = '3', distArgument = 'build', throttleArgument = '1', detailArgument] = process.argv.slice(2);
if (!ROUTES.includes(route)) throw new Error(`Route must be one of ${ROUTES.join(', ')}; got "${route}".`);
const runs = Number(runsArgument);
const throttle = Number(throttleArgument);
const detailMs = detailArgument === undefined ? Infinity : Number(detailArgument);
const distDir = distArgument === 'build' ? join(temporaryDirectory('bench-task-cpu'), 'dist') : distArgument;
if (distArgument === 'build') buildWebApp(distDir);
const frameName = frameNamer(distDir);

const cpu = (event: TraceEvent) => (event.tdur ?? event.dur ?? 0) / 1000;
const fixed = (ms: number) => ms.toFixed(1);

/** The heaviest functions (self time) and callers (total time) of a CPU profile between two trace times. */
function heaviest(profile: CpuProfile, from: number, to: number): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (at < from || at > to) return;
    const step = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const name = frameName(byId.get(id)!.callFrame);
    self.set(name, (self.get(name) ?? 0) + step);
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const key = frameName(byId.get(node)!.callFrame);
      if (!seen.has(key)) total.set(key, (total.get(key) ?? 0) + step);
      seen.add(key);
    }
  });
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .filter(([, ms]) => ms >= 1)
      .map(([key, ms]) => `${Math.round(ms)} ${key}`)
      .join('; ');
  return [`      self: ${top(self, 6)}`, `      total: ${top(total, 12)}`];
}

const server = await startServer({ distDir, env: { RATE_LIMIT_MAX: '1000000000', LOG_LEVEL: 'warn' } });
const browser = await launchChrome();
try {
  let path = route === 'home' ? '/zh' : route === 'list' ? '/zh/articles' : `/zh/${route}`;
  if (route === 'detail' || route === 'practice') {
    const latest = (await (await fetch(`${server.origin}/api/articles/latest?language=zh&limit=1`)).json()) as {
      articles: Array<{ article_id: string }>;
    };
    path = `/zh/articles/${encodeURIComponent(latest.articles[0]!.article_id)}${route === 'practice' ? '/practice' : ''}`;
  }
  console.log(`Main-thread tasks of ${path} in thread CPU time, CPU slowed ${throttle}×, ${runs} fresh loads`);
  for (let run = 1; run <= runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'loading',
        'v8',
        'disabled-by-default-v8.compile',
      ],
    });
    await cdp.send('Profiler.start');
    await page.goto(`${server.origin}${path}`, { waitUntil: 'load' });
    await page.waitForTimeout(3_000);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    await context.close();
    const navigation = events.find(
      (event) =>
        event.name === 'navigationStart' &&
        event.args?.data?.isLoadingMainFrame &&
        (event.args.data.documentLoaderURL ?? '').startsWith('http'),
    );
    const paint = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === navigation?.pid);
    if (navigation === undefined || paint === undefined) {
      console.log(`  run ${run}: the trace has no navigation or no first paint of the page; not counted`);
      continue;
    }
    const onMain = (event: TraceEvent) => event.pid === navigation.pid && event.tid === navigation.tid && event.ts >= navigation.ts;
    const inside = (task: TraceEvent) => (event: TraceEvent) =>
      event.ph === 'X' && event.name !== 'RunTask' && onMain(event) && event.ts >= task.ts && event.ts < task.ts + (task.dur ?? 0);
    const sum = (list: TraceEvent[], names: readonly string[]) =>
      list.filter((event) => names.includes(event.name)).reduce((ms, event) => ms + cpu(event), 0);
    const tasks = events.filter((event) => event.name === 'RunTask' && onMain(event));
    const afterPaint = tasks.filter((task) => task.ts >= paint.ts && cpu(task) >= 3);
    const estimate = afterPaint.reduce((ms, task) => ms + Math.max(0, 4 * cpu(task) - 50), 0);
    const largest = afterPaint
      .map(cpu)
      .sort((a, b) => b - a)
      .slice(0, 4);
    const mainEvents = events.filter(onMain);
    const evaluation = mainEvents.filter((event) => event.name === 'v8.evaluateModule').map(cpu);
    console.log(
      `  run ${run}: first paint ${Math.round((paint.ts - navigation.ts) / 1000)} ms; load ${loadavg()[0]!.toFixed(2)}\n` +
        `    SUMMARY after the paint: estimated blocking ${Math.round(estimate)} ms; largest ${largest.map(fixed).join(', ')}\n` +
        `    CPU main thread ${Math.round(tasks.reduce((ms, task) => ms + cpu(task), 0))} ms; compileModule ${fixed(sum(mainEvents, ['v8.compileModule']))}; ` +
        `lazy compilation ${fixed(sum(mainEvents, ['V8.CompileCode', 'V8.ParseFunction']))}; largest evaluation ${fixed(Math.max(0, ...evaluation))}`,
    );
    const kinds = afterPaint
      .filter((task) => cpu(task) >= 8)
      .map((task) => {
        const work = events.filter(inside(task));
        const kind =
          [
            ['EVAL', 'v8.evaluateModule'],
            ['CALL', 'FunctionCall'],
            ['Layout', 'Layout'],
            ['ParseHTML', 'ParseHTML'],
          ].find(([, name]) => sum(work, [name!]) > 0.4 * cpu(task))?.[0] ?? 'other';
        return `${kind}:${fixed(cpu(task))}(c${Math.round(sum(work, ['V8.CompileCode', 'V8.ParseFunction']))})`;
      });
    console.log(`    TASKS ${kinds.join(' ') || 'none of 8 ms or more'}`);
    for (const task of tasks.filter((each) => cpu(each) >= detailMs)) {
      console.log(`    task at ${Math.round((task.ts - navigation.ts) / 1000)} ms, ${fixed(cpu(task))} ms CPU:`);
      for (const line of heaviest(profile, task.ts, task.ts + (task.dur ?? 0))) console.log(line);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
