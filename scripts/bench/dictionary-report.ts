/** The "Dictionary" section of docs/benchmarks.md, written from the figures, and the dictionary key of docs/benchmarks.json. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../tests/support/server-process';
import { LOOKUP_WORDS, type DictionaryBench, type FirstLoad, type LatencyFigures } from './dictionary-figures';

const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(2)} MiB`;
const num = (n: number) => n.toLocaleString('en-US');
const signed = (n: number | undefined) => (n === undefined ? '–' : `${n >= 0 ? '+' : ''}${num(n)}`);

function table(header: string[], rows: Array<Array<string | number>>): string {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

export function renderDictionarySection(d: DictionaryBench): string {
  const out: string[] = ['## Dictionary', ''];
  out.push(
    `\`${d.command}\` on ${d.date.slice(0, 16).replace('T', ' ')} UTC (${d.machine.cpus} × ${d.machine.cpuModel}, Node ${d.machine.node}; ` +
      `1-minute load average ${d.machine.loadAverage.start} at the start and ${d.machine.loadAverage.end} at the end). ` +
      'Also run by `npm run bench` (`BENCH_SKIP=dictionary` leaves it out). Targets: look-up p99 ≤ 5 ms at 10 connections; ' +
      'first start well under a minute; later starts add under a second.',
  );
  out.push('');
  const summary: Array<Array<string | number>> = [];
  if (d.load) {
    const l = d.load;
    summary.push([
      `GET /api/dictionary/{word}, ${l.connections} connections, ${l.durationSeconds} s`,
      `p50 ${l.lookup.p50Ms} ms, p99 **${l.lookup.p99Ms} ms**, ${num(l.lookup.requestsPerSecond)} req/s`,
      'p99 ≤ 5 ms',
      l.lookup.p99Ms <= 5 ? 'met' : '**not met**',
    ]);
  }
  if (d.open) {
    summary.push([
      'openDictionary, first start (builds dictionary.db), median of ' + d.open.firstStart.runs.length,
      `${num(d.open.firstStart.medianMs)} ms`,
      'well under 60 s',
      d.open.firstStart.medianMs < 60_000 ? 'met' : '**not met**',
    ]);
    summary.push([
      'openDictionary, later start (verifies and opens it), median of ' + d.open.laterStart.runs.length,
      `${num(d.open.laterStart.medianMs)} ms`,
      'under 1 s',
      d.open.laterStart.medianMs < 1000 ? 'met' : '**not met**',
    ]);
  }
  if (d.files) {
    summary.push(['Data files (server/dictionary/data, all)', `${num(d.files.totalBytes)} B (${mib(d.files.totalBytes)})`, '', '']);
    if (d.files.databaseBytes !== null)
      summary.push(['Built dictionary.db', `${num(d.files.databaseBytes)} B (${mib(d.files.databaseBytes)})`, '', '']);
  }
  if (d.firstLoad) {
    const { after, before } = d.firstLoad;
    for (const route of ['home', 'list', 'detail']) {
      const a = after.routes.find((r) => r.route === route);
      const b = before?.routes.find((r) => r.route === route);
      if (!a) continue;
      const delta = b ? a.jsGzip - b.jsGzip : undefined;
      let verdict: string;
      if (route === 'detail') verdict = a.lookupMinified > 0 ? 'met' : '**not met**';
      else if (a.lookupMinified > 0) verdict = '**not met** (look-up code on this route)';
      else if (a.containsDictionaryCodec) {
        const c = d.firstLoad.commit?.routes.find((r) => r.route === route);
        const own = c && b ? `; ${d.firstLoad.commit!.tree.split(' ')[0]} as committed: ${signed(c.jsGzip - b.jsGzip)} B` : '';
        verdict = `**not met**: no look-up code, but the DictionaryResponse codec is here (${signed(delta)} B in all${own})`;
      } else verdict = delta === undefined || delta <= 0 ? 'met' : `no look-up code; ${signed(delta)} B from other changes`;
      summary.push([
        `First-load JS, ${route} (gzip)`,
        b ? `${num(b.jsGzip)} B → ${num(a.jsGzip)} B (${signed(delta)} B)` : `${num(a.jsGzip)} B`,
        route === 'detail' ? 'look-up code comes with the detail chunk' : 'nothing added',
        verdict,
      ]);
    }
  }
  out.push(table(['Figure', 'Measured', 'Target', ''], summary));
  out.push('');

  if (d.load) {
    const l = d.load;
    out.push('### Look-up latency');
    out.push('');
    out.push(
      `The real server (\`server/main.ts\`, a fresh temporary database and dictionary.db, corpus off, rate limit lifted) on a free loopback port; ` +
        `autocannon with ${l.connections} connections for ${l.durationSeconds} s after a 2 s warm-up. Every request takes the next of ${l.urls} URLs ` +
        `(${l.mix.words} words × ${l.mix.languages.join('/')}, shuffled; ${l.distinctRequested} distinct URLs were requested): plain lemmas, inflected forms, ` +
        `British spellings, hyphenated, capitalised and possessive forms, and ${LOOKUP_WORDS.miss.length} non-words; ${l.mix.hits} URLs answer 200 and ${l.mix.misses} answer 404. ` +
        `For example ${l.examples.join(', ')}. Latencies in ms (autocannon's histogram, whole ms) and, from each response's own time, to 0.01 ms. ` +
        '`/api/health` (Fastify and one SQLite `count`) under the same load is the reference for what any request costs on this machine.',
    );
    out.push('');
    const row = (name: string, f: LatencyFigures) => [
      name,
      num(f.requestsPerSecond),
      f.p50Ms,
      f.p90Ms,
      f.p99Ms,
      f.maxMs,
      `${f.exact.all?.p50Ms ?? '–'} / ${f.exact.all?.p99Ms ?? '–'}`,
      Object.entries(f.exact)
        .filter(([s]) => s !== 'all')
        .map(([s, e]) => `${s}: ${num(e.count)}, p99 ${e.p99Ms}`)
        .join('; '),
      f.errors,
    ];
    out.push(
      table(
        ['Case', 'req/s', 'p50', 'p90', 'p99', 'max', 'exact p50 / p99', 'responses by status', 'socket errors'],
        [row('GET /api/dictionary/{word} (mix)', l.lookup), row('GET /api/health (reference)', l.health)],
      ),
    );
    out.push('');
    out.push(
      `- \`Dictionary.lookUp\` alone (in process, no HTTP; the same mix, ${num(l.inProcess.calls)} calls): median ${l.inProcess.medianMicros} µs, p99 ${l.inProcess.p99Micros} µs. ` +
        `Server RSS ${l.rssBeforeMiB ?? '–'} MiB before the load and ${l.rssAfterMiB ?? '–'} MiB after.`,
    );
    if (l.lookup.p99Ms > 5) {
      out.push(
        `- The p99 target is not met in this run. \`lookUp\` itself takes ${l.inProcess.medianMicros} µs at the median; the tail is waiting for CPU: ${l.connections} connections ` +
          `on ${d.machine.cpus} cores that autocannon and, in this run, other work share (load average ${d.machine.loadAverage.start} at the start), ` +
          `so even \`/api/health\` under the same load has a p99 of ${l.health.p99Ms} ms. A look-up request costs the server about ` +
          `${Math.round(1e6 / l.lookup.requestsPerSecond)} µs of wall time per request at this concurrency against ${Math.round(1e6 / l.health.requestsPerSecond)} µs for \`/api/health\`.`,
      );
    }
    out.push('');
  }

  if (d.open || d.server) {
    out.push('### Load time');
    out.push('');
    if (d.open) {
      out.push(
        `\`openDictionary({ path })\` timed inside a fresh Node process per run (as a server start is; module loading not counted), ${d.open.headwords.toLocaleString('en-US')} headwords. ` +
          'A first start verifies the three data files, parses them, writes dictionary.db in one transaction, fsyncs and renames it; a later start verifies the files (size and sha256) and opens the database read-only.',
      );
      out.push('');
      out.push(
        table(
          ['Start', 'runs (ms)', 'median'],
          [
            ['first (no dictionary.db)', d.open.firstStart.runs.join(', '), `${num(d.open.firstStart.medianMs)} ms`],
            ['later (dictionary.db exists)', d.open.laterStart.runs.join(', '), `${num(d.open.laterStart.medianMs)} ms`],
          ],
        ),
      );
      out.push('');
    }
    if (d.server) {
      out.push(
        'The whole server (`node --import tsx server/main.ts`, corpus off) with a fresh database directory, then restarted three times on it: ' +
          'time from spawning the process until `/api/health` answers 200 (includes Node and tsx start-up), and the line the server prints.',
      );
      out.push('');
      out.push(
        table(
          ['Start', 'healthy after', 'server log'],
          [
            ['first', `${num(d.server.firstStart.healthyMs)} ms`, `\`${d.server.firstStart.dictionaryLine}\``],
            ...d.server.laterStarts.map((s, i) => [`later ${i + 1}`, `${num(s.healthyMs)} ms`, `\`${s.dictionaryLine}\``]),
          ],
        ),
      );
      out.push('');
    }
  }

  if (d.files) {
    out.push('### Data sizes');
    out.push('');
    out.push(
      table(
        ['File', 'bytes', 'MiB'],
        [
          ...d.files.files.map((f) => [`\`server/dictionary/data/${f.name}\``, num(f.bytes), (f.bytes / 1024 ** 2).toFixed(3)]),
          ['**total, server/dictionary/data**', `**${num(d.files.totalBytes)}**`, `**${(d.files.totalBytes / 1024 ** 2).toFixed(3)}**`],
          ['of which the three `.tsv.gz`', num(d.files.gzDataBytes), (d.files.gzDataBytes / 1024 ** 2).toFixed(3)],
          ...(d.files.databaseBytes !== null
            ? [['built `dictionary.db` (not committed)', num(d.files.databaseBytes), (d.files.databaseBytes / 1024 ** 2).toFixed(3)]]
            : []),
        ],
      ),
    );
    out.push('');
  }

  if (d.firstLoad) {
    const { after, before, commit } = d.firstLoad;
    const trees = [before, commit, after].filter((t): t is FirstLoad => t !== undefined);
    out.push('### First-load JavaScript');
    out.push('');
    out.push(
      'Measured as in `scripts/bench/sizes.ts`: the same-origin `.js` Chromium loads when the route is opened in a fresh tab, gzip level 9, in bytes. ' +
        '"Look-up code" is what the build\'s source maps attribute to the web app\'s look-up files (`src/api/dictionary-client.ts`, ' +
        '`src/domain/word-lookup*.ts`, `common/dictionary.ts`, `common/parts-of-speech.ts`, `src/machines/word-lookup-machine.ts`, `src/views/detail/{word-entry,article-reader,word-lookup-context,missing-help-notice}.tsx`), minified, and gzipped by itself. ' +
        'Other commits are built with Vite in a temporary git worktree (`node_modules` linked from this one) and served by the current server; ' +
        `trees: ${trees.map((t) => t.tree).join('; ')}. ` +
        (before || commit
          ? `The other commits' columns come from \`npx tsx scripts/bench/dictionary-latency.ts${before ? ` --before ${before.tree.split(' ')[0]}` : ''}${commit ? ` --commit ${commit.tree.split(' ')[0]}` : ''}\` and are kept by later runs without those flags.`
          : ''),
    );
    out.push('');
    const header = [
      'Route',
      ...trees.map((t) => t.tree.split(' ')[0]! + (t === after ? ' + working tree' : '')),
      ...(before ? ['change vs before'] : []),
      'CSS gzip',
      'look-up code in it',
      'DictionaryResponse codec',
    ];
    const rows: Array<Array<string | number>> = [];
    for (const route of ['home', 'list', 'detail']) {
      const a = after.routes.find((r) => r.route === route)!;
      const b = before?.routes.find((r) => r.route === route);
      rows.push([
        route,
        ...trees.map((t) => num(t.routes.find((r) => r.route === route)?.jsGzip ?? 0)),
        ...(before
          ? [
              trees
                .slice(1)
                .map((t) => signed((t.routes.find((r) => r.route === route)?.jsGzip ?? 0) - (b?.jsGzip ?? 0)))
                .join(' / '),
            ]
          : []),
        trees.map((t) => num(t.routes.find((r) => r.route === route)?.cssGzip ?? 0)).join(' → '),
        a.lookupMinified === 0
          ? 'none'
          : `${num(a.lookupMinified)} B minified, ${num(a.lookupGzipAlone)} B gzip alone (${a.lookupFiles.join(', ')})`,
        a.containsDictionaryCodec ? 'yes' : 'no',
      ]);
    }
    rows.push([
      'detail chunk (JS on detail, not on home)',
      ...trees.map((t) => num(t.detailOnly.jsGzip)),
      ...(before
        ? [
            trees
              .slice(1)
              .map((t) => signed(t.detailOnly.jsGzip - before.detailOnly.jsGzip))
              .join(' / '),
          ]
        : []),
      '',
      after.detailOnly.files.join(', '),
      '',
    ]);
    out.push(table(header, rows));
    out.push('');
    const homeBefore = before?.routes.find((r) => r.route === 'home')?.sources;
    for (const t of trees.slice(1)) {
      const home = t.routes.find((r) => r.route === 'home')?.sources;
      if (!homeBefore || !home) continue;
      const changes = [...new Set([...Object.keys(homeBefore), ...Object.keys(home)])]
        .map((source) => [source, (home[source] ?? 0) - (homeBefore[source] ?? 0)] as const)
        .filter(([, change]) => change !== 0)
        .sort((x, y) => Math.abs(y[1]) - Math.abs(x[1]));
      out.push(
        `- Home's JS, ${t.tree} against ${before!.tree}, minified bytes by source: ${changes.map(([source, change]) => `\`${source}\` ${signed(change)}`).join(', ') || 'no change'}.`,
      );
    }
    if (after.routes.some((r) => r.route !== 'detail' && r.containsDictionaryCodec)) {
      out.push(
        '- `DictionaryResponseCodec` and `DictionaryEntryCodec` live in `src/api/contract.ts`, a module of the main chunk, and io-ts codecs are calls the bundler cannot prove pure, ' +
          "so they ship on every route although only the detail chunk's `dictionary-client.ts` uses them. Moving them next to the dictionary client (or marking the calls `/*#__PURE__*/`) would take them off home and list.",
      );
    }
    out.push('');
  }

  return `${out.join('\n').trimEnd()}\n`;
}

/** Replaces the "## Dictionary" section of a Markdown document (up to the next "## " heading), or appends it. */
export function withDictionarySection(markdown: string, section: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trim() === '## Dictionary');
  if (start === -1) return `${markdown.trimEnd()}\n\n${section}`;
  let end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  if (end === -1) end = lines.length;
  const rest = lines.slice(end).join('\n');
  return `${[...lines.slice(0, start)].join('\n').trimEnd()}\n\n${section}${rest ? `\n${rest}` : ''}`;
}

export function writeDictionaryDocs(d: DictionaryBench, options: { json: boolean }): void {
  const mdPath = join(REPO_ROOT, 'docs/benchmarks.md');
  const markdown = existsSync(mdPath) ? readFileSync(mdPath, 'utf8') : '# Benchmarks\n';
  writeFileSync(mdPath, withDictionarySection(markdown, renderDictionarySection(d)));
  if (options.json) {
    const jsonPath = join(REPO_ROOT, 'docs/benchmarks.json');
    const json = existsSync(jsonPath) ? (JSON.parse(readFileSync(jsonPath, 'utf8')) as Record<string, unknown>) : {};
    json.dictionary = d;
    writeFileSync(jsonPath, `${JSON.stringify(json, null, 2)}\n`);
  }
}
