/**
 * Turns one benchmark result into docs/benchmarks.md.
 */
import { kb, table, yes } from './report-format';
import { renderLighthouse } from './report-lighthouse';
import type { BenchResult } from './run';
import type { RouteSizes } from './sizes';
import type { LoadFigures } from './load';

/** Issue 33's baseline: the article page's first-load JS before the issue (gzip), and its target, 30% lighter. */
const ARTICLE_BASELINE_JS_GZIP = 158_078;
const ARTICLE_TARGET_JS_GZIP = Math.floor(ARTICLE_BASELINE_JS_GZIP * 0.7);

/** Issue 33's article target under both readings: the first load alone, and with the early look-up the page preloads. */
export function articleTargetLine(detail: Pick<RouteSizes, 'js' | 'early'>): string {
  const withEarly = detail.js.gzip + (detail.early ?? []).reduce((sum, f) => sum + f.gzip, 0);
  const lighter = (bytes: number) => `${(100 * (1 - bytes / ARTICLE_BASELINE_JS_GZIP)).toFixed(1)}% lighter`;
  return (
    `- Issue 33: the article page's first-load JS at least 30% lighter than the ${ARTICLE_BASELINE_JS_GZIP.toLocaleString('en-US')} B gzip measured before it: ` +
    `${detail.js.gzip.toLocaleString('en-US')} B, ${lighter(detail.js.gzip)} — ${yes(detail.js.gzip <= ARTICLE_TARGET_JS_GZIP)}; ` +
    `counted with the early look-up it preloads (decision 49), ${withEarly.toLocaleString('en-US')} B, ${lighter(withEarly)} — ${yes(withEarly <= ARTICLE_TARGET_JS_GZIP)}.`
  );
}

function loadCells(f: LoadFigures | undefined): Array<string | number> {
  if (!f) return ['–', '–', '–', '–'];
  return [f.requestsPerSecond.toLocaleString('en-US'), f.p50Ms, f.p99Ms, f.errors + f.non2xx];
}

export function renderMarkdown(result: BenchResult): string {
  const out: string[] = [];
  const m = result.machine;
  out.push('# Benchmarks');
  out.push('');
  out.push(
    `One run of \`npm run bench\` on ${result.date.slice(0, 16).replace('T', ' ')} UTC: ${m.cpus} × ${m.cpuModel}, ` +
      `${m.memoryGiB} GiB, Node ${m.node}, Linux ${m.kernel}, ${m.chromium}. The whole run took ${result.durationSeconds} s; ` +
      `the 1-minute load average was ${m.loadAverage.start} at the start and ${m.loadAverage.end} at the end (other work on the machine competes for its ${m.cpus} cores). ` +
      'Figures are from this one run; on a shared machine they move between runs (Lighthouse scores by up to ~15 points when ' +
      'another process takes a core during a run, throughput by tens of percent), so compare figures from the same run. ' +
      'The script prints and writes figures and asserts nothing about time. Raw numbers: `docs/benchmarks.json`.',
  );
  out.push('');

  if (result.sizes) {
    const s = result.sizes;
    out.push('## First-load JavaScript and CSS per route');
    out.push('');
    if (result.sizesRun) {
      out.push(
        `The figures of this section come from a later run of \`${result.sizesRun.command}\` on ` +
          `${result.sizesRun.date.slice(0, 16).replace('T', ' ')} UTC (1-minute load average ${result.sizesRun.loadAverage}), ` +
          'which builds the web app and the floor and measures only these; the other sections are from the run above.',
      );
      out.push('');
    }
    out.push(
      'What Chromium requests when the route is opened in a fresh tab (same-origin `.js` and `.css`) until it is painted, hydrated and ' +
        "the network is quiet; the page's timers run on a controlled clock, and what they fetch later (the cookie banner, one second " +
        "after a first visit's load) is listed below the table. " +
        'compressed with node:zlib (gzip level 9, brotli quality 11). The floor is a minimal Vite app built in the same run ' +
        'that imports and uses the same runtime packages (react, react-dom, xstate, @xstate/react, wouter, io-ts, fp-ts).',
    );
    out.push('');
    out.push(
      table(
        ['Route', 'Files', 'JS gzip', 'JS brotli', 'CSS gzip', 'CSS brotli', 'Total gzip', 'Total brotli', 'DOMPurify loaded'],
        [
          ...s.routes.map((r) => [
            `${r.route} (\`${r.path.replace(/\/articles\/[^/]+/, '/articles/{id}')}\`)`,
            r.files.length,
            kb(r.js.gzip),
            kb(r.js.brotli),
            kb(r.css.gzip),
            kb(r.css.brotli),
            kb(r.total.gzip),
            kb(r.total.brotli),
            r.containsDomPurify ? 'yes' : 'no',
          ]),
          [
            'floor (minimal app)',
            s.floor.files.length,
            kb(s.floor.js.gzip),
            kb(s.floor.js.brotli),
            kb(s.floor.css.gzip),
            kb(s.floor.css.brotli),
            kb(s.floor.total.gzip),
            kb(s.floor.total.brotli),
            'no',
          ],
        ],
      ),
    );
    out.push('');
    const budget = s.firstLoadBudget;
    out.push(
      `- Budget: home and list first-load JS at most the floor's JS + ${kb(budget.allowanceGzip)} (gzip), so ${kb(budget.limitGzip)}: ` +
        `home ${kb(budget.homeGzip)}, list ${kb(budget.listGzip)} — ${yes(budget.holds)}` +
        (budget.holds ? '.' : ` (${kb(Math.max(budget.homeGzip, budget.listGzip) - budget.limitGzip)} over).`),
    );
    out.push(
      `- DOMPurify on no route's first load but the detail route's (since issue 33 on none: it loads at the first body the app sanitises) — ${yes(s.domPurifyOnlyOnDetail)}.`,
    );
    for (const r of s.routes) {
      const idle = r.idle ?? [];
      if (idle.length === 0) continue;
      out.push(
        `- When the browser is idle after the app has started, ${r.route} prefetches its route's code into the HTTP cache (not compiled or run until the page settles or the first press; decision 28): ${idle.length} files, ${kb(idle.reduce((sum, f) => sum + f.gzip, 0))} gzip, not counted in its first load.`,
      );
    }
    for (const r of s.routes) {
      const early = r.early ?? [];
      if (early.length === 0) continue;
      const earlyGzip = early.reduce((sum, f) => sum + f.gzip, 0);
      out.push(
        `- As the app starts, ${r.route} modulepreloads the early look-up's code at low priority, after its own files (a tap on a word before the route has hydrated runs it; decision 43): ${early.map((f) => `\`${f.file.replace(/^\/assets\//, '')}\``).join(', ')}, ${kb(earlyGzip)} gzip, not counted in its first load (counted: ${kb(r.js.gzip + earlyGzip)} of JS).`,
      );
    }
    const detail = s.routes.find((r) => r.route === 'detail');
    if (detail !== undefined) out.push(articleTargetLine(detail));
    for (const r of s.routes) {
      const later = r.later ?? [];
      if (later.length === 0) continue;
      const laterGzip = later.reduce((sum, f) => sum + f.gzip, 0);
      out.push(
        `- After the first load, ${r.route} fetches ${later.map((f) => `\`${f.file.replace(/^\/assets\//, '')}\``).join(', ')} (${kb(laterGzip)} gzip) when its timers run (a first visit's cookie banner${r.route === 'detail' ? "; the article's own code, at the page's settling or the first press" : ''}).`,
      );
    }
    out.push('');
    out.push("### What the home route's JavaScript is made of");
    out.push('');
    out.push(
      "From the build's source maps: each minified byte is attributed to the file it came from (`scripts/bench/composition.ts`). " +
        '"gzip alone" compresses a part by itself, so that column does not add up to the total (parts compress better together); ' +
        'minified bytes do.',
    );
    out.push('');
    const homeParts = new Map(s.composition.home.parts.map((p) => [p.part, p]));
    const floorParts = new Map(s.composition.floor.parts.map((p) => [p.part, p]));
    const partNames = [...new Set([...homeParts.keys(), ...floorParts.keys()])];
    const cell = (value: number | undefined) => (value === undefined ? '—' : kb(value));
    out.push(
      table(
        ['Part', 'home minified', 'home gzip alone', 'floor minified', 'floor gzip alone'],
        [
          ...partNames.map((name) => [
            name,
            cell(homeParts.get(name)?.minified),
            cell(homeParts.get(name)?.gzipAlone),
            cell(floorParts.get(name)?.minified),
            cell(floorParts.get(name)?.gzipAlone),
          ]),
          [
            'all app code together',
            kb(s.composition.home.appCode.minified),
            kb(s.composition.home.appCode.gzipAlone),
            kb(s.composition.floor.appCode.minified),
            kb(s.composition.floor.appCode.gzipAlone),
          ],
        ],
      ),
    );
    out.push('');
    out.push(
      `The budget leaves ${kb(s.firstLoadBudget.allowanceGzip)} gzip of JavaScript above the floor for everything the app adds: its own ` +
        "code and the parts of the runtime packages it uses beyond the floor's (CSS is counted apart). The home route's app code " +
        `alone is ${kb(s.composition.home.appCode.gzipAlone)} gzip. docs/decisions.md ("The home bundle budget") discusses what this means.`,
    );
    out.push('');
    out.push('<details><summary>Files per route</summary>');
    out.push('');
    for (const r of s.routes) {
      out.push(`**${r.route}**: ${r.files.map((f) => `\`${f.file}\` (${kb(f.gzip)} gzip)`).join(', ')}`);
      out.push('');
    }
    out.push(`**floor**: ${s.floor.files.map((f) => `\`${f.file}\` (${kb(f.gzip)} gzip)`).join(', ')}`);
    out.push('');
    out.push('</details>');
    out.push('');
  }

  renderLighthouse(result, out);

  if (result.load.length) {
    out.push('## API under load');
    out.push('');
    out.push(
      `autocannon on loopback, ${result.settings.connections} connections, ${result.settings.durationSeconds} s per case after a short warm-up; ` +
        'the real server (`server/main.ts`, SQLite file, rate limit lifted) over synthetic articles from ' +
        '`scripts/generate-synthetic-articles.ts`; pages are rendered when written (the start-up pass renders the generated ones) and ' +
        'answers are cached per data version from their second request: "detail" rotates over ' +
        '400 articles each requested before (popular articles), "detail-first-view" over 4,000 others (nearly every request ' +
        'reads the article and its stored page); "detail-page" is the server-rendered article page (`/zh/articles/{id}`: the ' +
        "page's HTML with the article's answer embedded) over the same 400 articles, its rendered pages kept per data version " +
        'from their second request like the answers. ' +
        'The floor is the same Fastify answering a fixed in-memory JSON body of the same size (`scripts/bench/floor-server.ts`). ' +
        'Latencies in ms; "errors" counts socket errors, time-outs and non-2xx answers.',
    );
    out.push('');
    const rows: Array<Array<string | number>> = [];
    for (const run of result.load) {
      for (const e of run.endpoints) {
        rows.push([
          run.articles.toLocaleString('en-US'),
          `${e.endpoint}`,
          kb(e.responseBytes),
          ...loadCells(e.server),
          ...loadCells(e.floor),
        ]);
      }
    }
    out.push(
      table(
        ['Articles', 'Endpoint', 'Body', 'req/s', 'p50', 'p99', 'errors', 'floor req/s', 'floor p50', 'floor p99', 'floor errors'],
        rows,
      ),
    );
    out.push('');
    out.push(
      table(
        ['Articles', 'Generated in', 'Server RSS before', 'Server RSS after', 'Floor RSS before', 'Floor RSS after'],
        result.load.map((r) => [
          r.articles.toLocaleString('en-US'),
          `${r.generateSeconds} s`,
          `${r.rssBeforeMiB} MiB`,
          `${r.rssAfterMiB} MiB`,
          `${r.floorRssBeforeMiB} MiB`,
          `${r.floorRssAfterMiB} MiB`,
        ]),
      ),
    );
    out.push('');
    out.push(
      'Endpoints: ' +
        result.load[0]!.endpoints.map((e) => `${e.endpoint} \`${e.path.replace(/synthetic-1-\d+/, '{id}')}\``).join(', ') +
        '.',
    );
    out.push('');
    out.push('## How search cost grows');
    out.push('');
    out.push(
      'The generator plants three terms at known rates: a rare one in the title of one article in 2,000, a common one in the ' +
        'summary of one in 10, a very common one in the body of every article. Each term is searched (limit 20) under the same load.',
    );
    out.push('');
    const kinds = result.load[0]!.search.map((s) => s.kind);
    out.push(
      table(
        ['Term', ...result.load.flatMap((r) => [`matches @ ${r.articles.toLocaleString('en-US')}`, 'p50', 'p99', 'req/s'])],
        kinds.map((kind) => {
          const term = result.load[0]!.search.find((s) => s.kind === kind)!.term;
          return [
            `${kind} ("${term}")`,
            ...result.load.flatMap((r) => {
              const s = r.search.find((x) => x.kind === kind);
              return s
                ? [s.matches.toLocaleString('en-US'), s.figures.p50Ms, s.figures.p99Ms, s.figures.requestsPerSecond.toLocaleString('en-US')]
                : ['–', '–', '–', '–'];
            }),
          ];
        }),
      ),
    );
    out.push('');
  }
  out.push('Reproduce: `npm run bench` (about 10 minutes on 2 cores). See docs/testing.md.');
  out.push('');
  return out.join('\n');
}
