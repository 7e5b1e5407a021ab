/**
 * The Lighthouse section of docs/benchmarks.md (report.ts writes the rest).
 */
import { meetsIssue33 } from './lighthouse-runs';
import type { BenchResult } from './run';
import { table } from './report-format';

/** The Lighthouse section: every run of every route, with issue 33's per-run target. */
export function renderLighthouse(result: BenchResult, out: string[]): void {
  if (!result.lighthouse) return;
  out.push('## Lighthouse');
  out.push('');
  out.push(
    `Lighthouse 12, mobile preset (simulated slow 4G and 4× CPU slowdown), Debian's Chromium, against the production build ` +
      `served by the real server with the sample corpus; median of ${result.lighthouse[0]?.runs.length ?? result.settings.lighthouseRuns} run${result.settings.lighthouseRuns === 1 ? '' : 's'} per route. ` +
      'Target (issue 17): performance ≥ 99, LCP ≤ 1.2 s, CLS 0, accessibility, best practices and SEO 100 (reported, not asserted).',
  );
  out.push('');
  if (result.lighthouseRun) {
    out.push(
      `These figures come from a later run of \`${result.lighthouseRun.command}\` on ` +
        `${result.lighthouseRun.date.slice(0, 16).replace('T', ' ')} UTC (1-minute load average ${result.lighthouseRun.loadAverage}); ` +
        'the API sections are from the run above' +
        (result.lighthouseRun.command.includes('--routes=')
          ? ", and the routes it does not name keep the figures of the run before it (each run's load average below tells them apart)"
          : '') +
        '. Total blocking time, and so the performance score, grows with the load on the machine.',
    );
    out.push('');
  }
  out.push(
    table(
      ['Route', 'Performance', 'Accessibility', 'Best practices', 'SEO', 'LCP', 'TBT', 'CLS', 'Target met'],
      result.lighthouse.map((l) => [
        l.route,
        l.median.performance,
        l.median.accessibility,
        l.median.bestPractices,
        l.median.seo,
        `${l.median.lcpMs} ms`,
        `${l.median.tbtMs} ms`,
        l.median.cls,
        l.median.performance >= 99 &&
        l.median.lcpMs <= 1200 &&
        l.median.cls === 0 &&
        l.median.accessibility === 100 &&
        l.median.bestPractices === 100 &&
        l.median.seo === 100
          ? 'yes'
          : 'no',
      ]),
    ),
  );
  out.push('');
  out.push(
    'Every run (issue 33 asks, on every run: performance ≥ 99, TBT ≤ 100 ms, LCP ≤ 1.2 s, CLS 0; the load is the ' +
      "machine's 1-minute load average when the run ended):",
  );
  out.push('');
  out.push(
    table(
      ['Route', 'Run', 'Performance', 'TBT', 'LCP', 'CLS', 'Load', 'Issue 33 target'],
      result.lighthouse.flatMap((l) =>
        l.runs.map((run, index) => [
          l.route,
          index + 1,
          run.performance,
          `${run.tbtMs} ms`,
          `${run.lcpMs} ms`,
          run.cls,
          run.loadAverage ?? '—',
          meetsIssue33(run) ? 'met' : '**missed**',
        ]),
      ),
    ),
  );
  out.push('');
  for (const l of result.lighthouse) {
    const met = l.runs.filter(meetsIssue33).length;
    out.push(`- ${l.route}: issue 33's target met on ${met} of ${l.runs.length} runs.`);
  }
  out.push('');
  out.push('What moved and what the largest paint was, in the median run:');
  out.push('');
  for (const l of result.lighthouse) {
    const shifts = l.layoutShiftElements.length ? l.layoutShiftElements.map((s) => `\`${s}\``).join(', ') : 'nothing';
    out.push(`- ${l.route}: layout shifts in ${shifts}; LCP element ${l.lcpElement ? `\`${l.lcpElement}\`` : 'unknown'}`);
  }
  out.push('');
  const failing = result.lighthouse.filter((l) => l.failedAudits.length);
  if (failing.length) {
    out.push('Audits below full score (accessibility, best practices, SEO) in the median run:');
    out.push('');
    for (const l of failing) out.push(`- ${l.route}: ${l.failedAudits.map((a) => `\`${a}\``).join(', ')}`);
    out.push('');
  }
}
