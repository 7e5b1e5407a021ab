/**
 * `npx tsx scripts/bench/learner-coverage.ts --trace | --profile`: where a cold page's coverage path (in one go,
 * window.cardsWork of learner-coverage-page.ts) spends its time, in fresh pages at 4× CPU.
 * - --trace: a Chromium trace between two performance marks, main-thread events only: lazy compilation
 *   (V8.CompileCode: a function compiled at its first call), tier-up interrupts (V8.BytecodeBudgetInterrupt*,
 *   where V8 compiles baseline code and starts Maglev jobs), garbage collection (the timeline's MinorGC and
 *   MajorGC, and V8's own events, which nest inside them); Maglev's compile jobs on other threads apart; the path runs
 *   as a timer task, whose call gives the thread's CPU time beside its wall time (the rest: waiting for a CPU). Then
 *   the 2,000-word article's runs (tracedArticleRuns).
 * - --profile: a CPU profile (100 µs samples), self time per function over the evaluation.
 */
import type { CDPSession, Page } from 'playwright-core';

interface TraceEvent {
  name: string;
  tid: number;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time, where the event has it. */
  tdur?: number;
}

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string } }>;
  samples: number[];
  timeDeltas: number[];
}

/** A fresh page with the bundle and the harness loaded; the script that sets window.statuses and window.texts. */
type FreshPage = () => Promise<Page>;
type SetUp = (isStored: boolean) => string;

const PATH = `(() => { performance.mark('path-start'); const start = performance.now(); window.cardsWork({ ...window.texts, statuses: window.statuses }); const ms = performance.now() - start; performance.mark('path-end'); return ms; })()`;
/**
 * The same path as a task of its own (a timer's callback, as the app runs it), so that the trace's task event
 * around it has the thread's CPU time (tdur) beside its wall time (dur): what is left is time the thread was
 * runnable but not running (the machine's other work), since nothing in the path sleeps.
 */
const PATH_IN_TASK = `new Promise((resolve) => setTimeout(() => resolve(${PATH}), 0))`;

export async function tracedColdPages(fresh: FreshPage, setUp: SetUp, pages: { stored: number; unstored: number }): Promise<void> {
  for (let i = 0; i < pages.stored + pages.unstored; i += 1) {
    const isStored = i < pages.stored;
    const coldPage = await fresh();
    const cdp = await coldPage.context().newCDPSession(coldPage);
    await coldPage.evaluate(setUp(isStored));
    const { events, complete } = await startTrace(cdp);
    const total = (await coldPage.evaluate(PATH_IN_TASK)) as number;
    await cdp.send('Tracing.end');
    await complete;
    const marked = (name: string) => events.find((event) => event.name === name && event.cat.includes('user_timing'));
    const [from, to] = [marked('path-start')?.ts ?? NaN, marked('path-end')?.ts ?? NaN];
    // The page's main thread (where the marks are): the path's own time; Maglev's compile jobs run on others.
    const main = marked('path-start')?.tid;
    // The timer's call around the path: wall time and the thread's CPU time (which includes the 4× throttle's
    // busy wait: Chromium's signal handler spins 3× the wall time since the thread last resumed, up to 1 ms).
    const task = events
      .filter(
        (event) =>
          event.tid === main && event.ph === 'X' && event.name === 'FunctionCall' && event.ts <= from && event.ts + (event.dur ?? 0) >= to,
      )
      .sort((a, b) => (a.dur ?? 0) - (b.dur ?? 0))[0];
    const onCpu = task?.tdur === undefined ? NaN : task.tdur / 1000;
    const taskMs = (task?.dur ?? NaN) / 1000;
    const sums = new Map<string, { ms: number; count: number }>();
    for (const event of events) {
      if (event.ph !== 'X' || !(event.ts >= from && event.ts <= to)) continue;
      if (event.tid !== main && event.name !== 'V8.MaglevBackground') continue;
      const sum = sums.get(event.name) ?? { ms: 0, count: 0 };
      sum.ms += (event.dur ?? 0) / 1000;
      sum.count += 1;
      sums.set(event.name, sum);
    }
    const of = (pattern: RegExp) =>
      [...sums]
        .filter(([name]) => pattern.test(name))
        .reduce((all, [, sum]) => ({ ms: all.ms + sum.ms, count: all.count + sum.count }), { ms: 0, count: 0 });
    const compile = of(/^V8\.CompileCode$/);
    const budget = of(/^V8\.BytecodeBudgetInterrupt/);
    // Where the main thread installs code compiled on other threads (baseline, Maglev, TurboFan) at a stack check.
    const install = of(/^V8\.HandleInterrupts$/);
    const gc = of(/^(MinorGC|MajorGC)$/);
    const v8Gc = of(/^V8\.GC_(SCAVENGER|MARK_COMPACTOR|MC_INCREMENTAL)$/);
    const maglev = of(/^V8\.MaglevBackground$/);
    console.log(
      `Traced cold page ${i + 1} (${isStored ? 'stored' : 'nothing stored'}): ${total.toFixed(1)} ms; the timer's call ${taskMs.toFixed(1)} ms, of which the thread on a CPU ${onCpu.toFixed(1)} ms, waiting for one ${(taskMs - onCpu).toFixed(1)} ms; lazy compilation (V8.CompileCode) ${compile.ms.toFixed(1)} ms in ${compile.count} functions; tier-up interrupts ${budget.ms.toFixed(1)} ms, installing tiered code ${install.ms.toFixed(1)} ms; GC ${gc.ms.toFixed(1)} ms (${gc.count}; V8's own events ${v8Gc.ms.toFixed(1)} ms, ${v8Gc.count}); Maglev on other threads ${maglev.ms.toFixed(1)} ms`,
    );
    await coldPage.close();
  }
}

export async function profiledColdPages(fresh: FreshPage, setUp: SetUp, pages: { stored: number; unstored: number }): Promise<void> {
  for (let i = 0; i < pages.stored + pages.unstored; i += 1) {
    const isStored = i < pages.stored;
    const coldPage = await fresh();
    const cdp = await coldPage.context().newCDPSession(coldPage);
    await coldPage.evaluate(setUp(isStored));
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    const total = (await coldPage.evaluate(PATH)) as number;
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const self = new Map<string, number>();
    profile.samples.forEach((id, k) => {
      const name = nodes.get(id)!.callFrame.functionName || '(anonymous)';
      self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[k + 1] ?? 0) / 1000);
    });
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 10);
    console.log(
      `Profiled cold page ${i + 1} (${isStored ? 'stored' : 'nothing stored'}): ${total.toFixed(1)} ms; self time: ${top.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ')}`,
    );
    await coldPage.close();
  }
}

/**
 * --trace, the 2,000-word article: one page runs what MEASURE (learner-coverage-page.ts) runs (the cards' path
 * `runs` times, then the article's coverage `runs` times, each run between two marks), traced; for the article's
 * slowest runs, what the trace has inside them (garbage collection, compilation, tier-up) and the thread's CPU time against
 * their wall time.
 */
export async function tracedArticleRuns(fresh: FreshPage, measure: string, runs: number): Promise<void> {
  const page = await fresh();
  const cdp = await page.context().newCDPSession(page);
  const { events, complete } = await startTrace(cdp);
  const times = (await page.evaluate(measure)) as number[];
  await cdp.send('Tracing.end');
  await complete;
  await page.close();
  const marks = events.filter((event) => event.cat.includes('user_timing') && event.name.startsWith('long-'));
  const main = marks[0]?.tid;
  const slowest = times
    .map((ms, run) => ({ ms, run }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3);
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `Traced article page: ${runs} runs of the 2,000-word article's coverage after as many of the cards' path: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} ms, slowest ${sorted[sorted.length - 1]!.toFixed(2)} ms`,
  );
  for (const { ms, run } of slowest) {
    const from = marks.find((event) => event.name === `long-${run}-start`)?.ts ?? NaN;
    const to = marks.find((event) => event.name === `long-${run}-end`)?.ts ?? NaN;
    const inside = new Map<string, number>();
    for (const event of events) {
      if (event.tid !== main || event.ph !== 'X' || !(event.ts >= from && event.ts <= to)) continue;
      inside.set(event.name, (inside.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
    }
    const named = [...inside].map(([name, total]) => `${name} ${total.toFixed(2)}`).join(', ');
    // The run's timer call: its wall time and the thread's CPU time (the 4× throttle's busy wait included).
    const call = events.find(
      (event) => event.tid === main && event.name === 'FunctionCall' && event.ts <= from && event.ts + (event.dur ?? 0) >= to,
    );
    const cpu =
      call?.tdur === undefined
        ? 'no thread time'
        : `its timer call ${((call.dur ?? 0) / 1000).toFixed(2)} ms, on a CPU ${(call.tdur / 1000).toFixed(2)} ms`;
    console.log(`  run ${run + 1}: ${ms.toFixed(2)} ms (${cpu}); inside it: ${named || 'no V8 or GC event'}`);
  }
}

/** Starts a main-thread trace (user timing, V8's compile, GC and execution events); `complete` once Tracing.end is sent. */
async function startTrace(cdp: CDPSession): Promise<{ events: TraceEvent[]; complete: Promise<unknown> }> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: 'blink.user_timing,v8,v8.execute,devtools.timeline,disabled-by-default-v8.compile,disabled-by-default-v8.gc',
    transferMode: 'ReportEvents',
  });
  return { events, complete };
}
