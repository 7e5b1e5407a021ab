/** The dictionary bench's load times (openDictionary in a fresh process, the whole server) and data sizes. */
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT, startServer } from '../../tests/support/server-process';
import { log, median, UNLIMITED, type DictionaryBench } from './dictionary-figures';

/** The bench's entry, which times one openDictionary when run with --open-once. */
const ENTRY = fileURLToPath(new URL('./dictionary.ts', import.meta.url));
const DATA_DIR = join(REPO_ROOT, 'server/dictionary/data');

/** One openDictionary in a fresh process (as a server start is), timed inside it. */
function openOnce(path: string): { ms: number; built: boolean; headwords: number } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', ENTRY, '--open-once', path], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`--open-once failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop()!) as { ms: number; built: boolean; headwords: number };
}

export function measureOpen(workDir: string): NonNullable<DictionaryBench['open']> & { databaseBytes: number } {
  const first: number[] = [];
  const later: number[] = [];
  let path = '';
  let headwords = 0;
  for (let run = 0; run < 3; run++) {
    path = join(workDir, `open-${run}`, 'dictionary.db');
    rmSync(dirname(path), { recursive: true, force: true });
    const opened = openOnce(path);
    if (!opened.built) throw new Error('expected a build on first start');
    first.push(opened.ms);
    headwords = opened.headwords;
    log(`  first start (no dictionary.db): ${opened.ms} ms`);
  }
  for (let run = 0; run < 7; run++) {
    const opened = openOnce(path);
    if (opened.built) throw new Error('expected no build on a later start');
    later.push(opened.ms);
  }
  log(`  later starts (dictionary.db exists): ${later.join(', ')} ms`);
  return {
    firstStart: { runs: first, medianMs: median(first) },
    laterStart: { runs: later, medianMs: median(later) },
    headwords,
    databaseBytes: statSync(path).size,
  };
}

export async function measureServerStart(distDir: string): Promise<NonNullable<DictionaryBench['server']>> {
  // The server logs JSON lines (stdout is a pipe); the dictionary's is an info line.
  const line = (output: string) => [...output.matchAll(/"msg":"(dictionary: [^"]*)"/g)].pop()?.[1] ?? '(no dictionary line)';
  let started = Date.now();
  const server = await startServer({ distDir, env: { ...UNLIMITED, LOAD_CORPUS: 'false', LOG_LEVEL: 'info' } });
  try {
    const firstStart = { healthyMs: Date.now() - started, dictionaryLine: line(server.output()) };
    log(`  server, first start: healthy after ${firstStart.healthyMs} ms; ${firstStart.dictionaryLine}`);
    const laterStarts: Array<{ healthyMs: number; dictionaryLine: string }> = [];
    for (let run = 0; run < 3; run++) {
      await server.stop();
      started = Date.now();
      await server.start();
      laterStarts.push({ healthyMs: Date.now() - started, dictionaryLine: line(server.output()) });
      log(`  server, later start: healthy after ${laterStarts.at(-1)!.healthyMs} ms; ${laterStarts.at(-1)!.dictionaryLine}`);
    }
    return { firstStart, laterStarts, medianLaterHealthyMs: median(laterStarts.map((s) => s.healthyMs)) };
  } finally {
    await server.dispose();
  }
}

export function measureFiles(databaseBytes: number | null): NonNullable<DictionaryBench['files']> {
  const files = readdirSync(DATA_DIR)
    .sort()
    .map((name) => ({ name, bytes: statSync(join(DATA_DIR, name)).size }));
  return {
    files,
    totalBytes: files.reduce((n, f) => n + f.bytes, 0),
    gzDataBytes: files.filter((f) => f.name.endsWith('.gz')).reduce((n, f) => n + f.bytes, 0),
    databaseBytes,
  };
}
