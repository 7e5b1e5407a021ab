/**
 * The bundled dictionary's figures: look-up latency under load, the time openDictionary takes on
 * a first start (no dictionary.db) and on later starts, the data files' sizes, and what the
 * dictionary adds to each route's first-load JavaScript. Prints a Markdown table and writes the
 * "Dictionary" section of docs/benchmarks.md (the rest of the file is kept) and the `dictionary`
 * key of docs/benchmarks.json. Like run.ts it asserts nothing; it reports.
 *
 *   npx tsx scripts/bench/dictionary-latency.ts                  # everything on the current tree
 *   npx tsx scripts/bench/dictionary-latency.ts --before ef39b05 --commit bbdb457
 *       also builds those commits in temporary git worktrees for the "before" (and "as committed")
 *       first-load JS; later runs without the flags keep those recorded columns
 *   npx tsx scripts/bench/dictionary-latency.ts --render-only     # rewrites the section from docs/benchmarks.json
 *
 * Environment: BENCH_DURATION_SECONDS (look-up load, default 10); DICTIONARY_BENCH_SKIP (comma list
 * of load, open, server, sizes, firstload); CHROME_PATH. `npm run bench` runs it too (BENCH_SKIP=dictionary leaves it out).
 *
 * This file runs the parts and writes the result; the parts are beside it: dictionary-load.ts
 * (look-up latency), dictionary-startup.ts (load times, data sizes), dictionary-first-load.ts
 * (first-load JS), dictionary-report.ts (the Markdown), dictionary-figures.ts (shared shapes).
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDictionary } from '../../server/dictionary/open-dictionary';
import { buildWebApp } from '../../tests/e2e/support/build';
import { REPO_ROOT, temporaryDirectory } from '../../tests/support/server-process';
import { BEFORE_COMMIT_DEFAULT, CONNECTIONS, log, round, type DictionaryBench } from './dictionary-figures';
import { currentTree, measureFirstLoad, measureFirstLoadAt, recorded } from './dictionary-first-load';
import { measureLoad } from './dictionary-load';
import { renderDictionarySection, writeDictionaryDocs } from './dictionary-report';
import { measureFiles, measureOpen, measureServerStart } from './dictionary-startup';

export type { DictionaryBench } from './dictionary-figures';
export { renderDictionarySection, withDictionarySection } from './dictionary-report';

export interface MeasureOptions {
  /** A built web app to serve; built here when missing. */
  readonly distDir?: string;
  readonly workDir: string;
  readonly durationSeconds: number;
  readonly skip?: ReadonlySet<string>;
  /** Also measure this commit's first-load JS (a temporary git worktree). */
  readonly beforeCommit?: string;
  /** Also measure this commit as committed (without uncommitted work in the tree). */
  readonly commit?: string;
  readonly command: string;
}

export async function measureDictionary(options: MeasureOptions): Promise<DictionaryBench> {
  const skip = options.skip ?? new Set<string>();
  const loadStart = round(loadavg()[0]!, 2);
  let distDir = options.distDir;
  if (!distDir) {
    distDir = join(options.workDir, 'dist');
    log('Building the web app (production settings)');
    buildWebApp(distDir);
  }
  let open: (NonNullable<DictionaryBench['open']> & { databaseBytes: number }) | undefined;
  if (!skip.has('open')) {
    log('Dictionary: openDictionary in a fresh process, 3 first starts and 7 later starts');
    open = measureOpen(options.workDir);
  }
  const server = skip.has('server') ? undefined : (log('Dictionary: server start-up'), await measureServerStart(distDir));
  const files = skip.has('sizes') ? undefined : measureFiles(open?.databaseBytes ?? null);
  let load: DictionaryBench['load'];
  if (!skip.has('load')) {
    log(`Dictionary: GET /api/dictionary/{word} under load, ${CONNECTIONS} connections, ${options.durationSeconds} s`);
    load = await measureLoad(distDir, options.durationSeconds);
  }
  let firstLoad: DictionaryBench['firstLoad'];
  if (!skip.has('firstload')) {
    log('Dictionary: first-load JS per route and the look-up code in it');
    const after = await measureFirstLoad(distDir, currentTree());
    const at = async (commit: string, label: string) => {
      log(`  building ${commit} in a temporary git worktree`);
      return measureFirstLoadAt(commit, options.workDir, label);
    };
    // Figures of other commits do not change; a run without --before/--commit keeps the recorded ones.
    const before = options.beforeCommit ? await at(options.beforeCommit, 'before the dictionary') : recorded('before');
    const commit = options.commit ? await at(options.commit, 'the dictionary commit, as committed') : recorded('commit');
    firstLoad = { after, ...(before ? { before } : {}), ...(commit ? { commit } : {}) };
  }
  const list = cpus();
  const { databaseBytes: _db, ...openFigures } = open ?? { databaseBytes: 0 };
  return {
    date: new Date().toISOString(),
    machine: {
      cpus: list.length,
      cpuModel: list[0]?.model ?? 'unknown',
      node: process.version,
      loadAverage: { start: loadStart, end: round(loadavg()[0]!, 2) },
    },
    command: options.command,
    ...(files ? { files } : {}),
    ...(open ? { open: openFigures as NonNullable<DictionaryBench['open']> } : {}),
    ...(server ? { server } : {}),
    ...(load ? { load } : {}),
    ...(firstLoad ? { firstLoad } : {}),
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--render-only') {
    const json = JSON.parse(readFileSync(join(REPO_ROOT, 'docs/benchmarks.json'), 'utf8')) as { dictionary?: DictionaryBench };
    if (!json.dictionary) throw new Error('docs/benchmarks.json has no dictionary figures yet.');
    writeDictionaryDocs(json.dictionary, { json: false });
    log('Rewrote the Dictionary section of docs/benchmarks.md from docs/benchmarks.json.');
    return;
  }
  if (args[0] === '--open-once') {
    const started = performance.now();
    const { dictionary, report } = openDictionary({ path: args[1]! });
    const ms = Math.round(performance.now() - started);
    dictionary.close();
    process.stdout.write(`${JSON.stringify({ ms, built: report.built, headwords: report.headwords })}\n`);
    return;
  }
  const beforeAt = args.indexOf('--before');
  const beforeCommit = beforeAt === -1 ? undefined : (args[beforeAt + 1] ?? BEFORE_COMMIT_DEFAULT);
  const commitAt = args.indexOf('--commit');
  const commit = commitAt === -1 ? undefined : args[commitAt + 1];
  const durationSeconds = Number(process.env.BENCH_DURATION_SECONDS ?? '10');
  const skip = new Set((process.env.DICTIONARY_BENCH_SKIP ?? '').split(',').filter(Boolean));
  const workDir = temporaryDirectory('bench-dictionary');
  mkdirSync(workDir, { recursive: true });
  try {
    const result = await measureDictionary({
      workDir,
      durationSeconds,
      skip,
      beforeCommit,
      ...(commit ? { commit } : {}),
      command: `npx tsx scripts/bench/dictionary-latency.ts${beforeCommit ? ` --before ${beforeCommit}` : ''}${commit ? ` --commit ${commit}` : ''}`,
    });
    const section = renderDictionarySection(result);
    log('');
    log(section);
    if (!args.includes('--no-write')) {
      writeDictionaryDocs(result, { json: true });
      log('Wrote the Dictionary section of docs/benchmarks.md and the dictionary key of docs/benchmarks.json.');
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
