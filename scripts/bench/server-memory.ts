/**
 * `npx tsx scripts/bench/server-memory.ts [searches]`: the server's RSS after a fixed number of uncached searches
 * (the three search classes of uncached-scale.ts, 10 at a time, paths of their own) on data/bench-scale-100000.db,
 * so that two settings compare at the same work, which uncached-scale.ts's timed classes do not give on a loaded
 * machine. The server's environment is this process's (READ_WORKERS, MALLOC_ARENA_MAX: decision 37).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, startLiveServer } from '../../tests/support/server-process';
import { classes } from './uncached-classes';

const count = Number(process.argv[2] ?? 3000);

/** The process's CPU time (user + system) in seconds, from /proc (clock ticks of 1/100 s). */
function cpuSeconds(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /s, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function memory(pid: number | undefined): string {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mib = (field: string) => Math.round(Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1]) / 1024);
  return `RSS ${mib('VmRSS')} MiB (peak ${mib('VmHWM')}), ${/^Threads:\s+(\d+)/m.exec(status)?.[1]} threads`;
}

const server = await startLiveServer({
  DATABASE_PATH: join(REPO_ROOT, 'data', 'bench-scale-100000.db'),
  DICTIONARY_PATH: join(REPO_ROOT, 'data', 'bench-dictionary.db'),
  DIST_DIR: join(REPO_ROOT, 'data', 'bench-dist'),
  ANSWER_CACHE_ENTRIES: '0',
  RATE_LIMIT_MAX: '0',
  LOAD_CORPUS: 'false',
});
try {
  const settings = `READ_WORKERS=${process.env['READ_WORKERS'] ?? '(default)'} MALLOC_ARENA_MAX=${process.env['MALLOC_ARENA_MAX'] ?? '(default 2)'}`;
  console.log(`${settings}; listening: ${memory(server.child.pid)}`);
  const paths = classes(100_000, new Map())
    .filter((c) => c.name.startsWith('search'))
    .flatMap((c) => c.paths.slice(10_000, 10_000 + Math.ceil(count / 3)));
  const started = performance.now();
  const cpuBefore = cpuSeconds(server.child.pid);
  let failed = 0;
  for (let i = 0; i < paths.length; i += 10) {
    const answers = await Promise.all(paths.slice(i, i + 10).map((path) => fetch(server.url + path)));
    for (const answer of answers) {
      if (answer.status !== 200) failed += 1;
      await answer.arrayBuffer();
    }
  }
  console.log(
    `after ${paths.length} searches (${failed} not 200) in ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
      `server CPU ${(cpuSeconds(server.child.pid) - cpuBefore).toFixed(1)} s: ${memory(server.child.pid)}`,
  );
} finally {
  await server.stop();
}
