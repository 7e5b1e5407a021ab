/**
 * `npx tsx scripts/bench/learner-coverage.ts --trace | --profile`: where a cold page's coverage path (in one go,
 * window.cardsWork of learner-coverage-page.ts) spends its time, in fresh pages at 4× CPU.
 * - --trace: a Chromium trace between two performance marks, main-thread events only: lazy compilation
 *   (V8.CompileCode: a function compiled at its first call), tier-up interrupts (V8.BytecodeBudgetInterrupt*,
 *   where V8 compiles baseline code and starts Maglev jobs), garbage collection (the timeline's MinorGC and
 *   MajorGC, and V8's own events, which nest inside them); Maglev's compile jobs on other threads apart.
 * - --profile: a CPU profile (100 µs samples), self time per function over the evaluation.
 */
import type { Page } from 'playwright-core';

interface TraceEvent {
  name: string;
  tid: number;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
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

export async function tracedColdPages(fresh: FreshPage, setUp: SetUp, pages: { stored: number; unstored: number }): Promise<void> {
  for (let i = 0; i < pages.stored + pages.unstored; i += 1) {
    const isStored = i < pages.stored;
    const coldPage = await fresh();
    const cdp = await coldPage.context().newCDPSession(coldPage);
    await coldPage.evaluate(setUp(isStored));
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      categories: 'blink.user_timing,v8,v8.execute,devtools.timeline,disabled-by-default-v8.compile,disabled-by-default-v8.gc',
      transferMode: 'ReportEvents',
    });
    const total = (await coldPage.evaluate(PATH)) as number;
    await cdp.send('Tracing.end');
    await complete;
    const marked = (name: string) => events.find((event) => event.name === name && event.cat.includes('user_timing'));
    const [from, to] = [marked('path-start')?.ts ?? NaN, marked('path-end')?.ts ?? NaN];
    // The page's main thread (where the marks are): the path's own time; Maglev's compile jobs run on others.
    const main = marked('path-start')?.tid;
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
    const gc = of(/^(MinorGC|MajorGC)$/);
    const v8Gc = of(/^V8\.GC_(SCAVENGER|MARK_COMPACTOR|MC_INCREMENTAL)$/);
    const maglev = of(/^V8\.MaglevBackground$/);
    console.log(
      `Traced cold page ${i + 1} (${isStored ? 'stored' : 'nothing stored'}): ${total.toFixed(1)} ms; lazy compilation (V8.CompileCode) ${compile.ms.toFixed(1)} ms in ${compile.count} functions; tier-up interrupts ${budget.ms.toFixed(1)} ms; GC ${gc.ms.toFixed(1)} ms (${gc.count}; V8's own events ${v8Gc.ms.toFixed(1)} ms, ${v8Gc.count}); Maglev on other threads ${maglev.ms.toFixed(1)} ms`,
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
