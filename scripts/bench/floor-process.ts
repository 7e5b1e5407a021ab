/**
 * The floor server (floor-server.ts) in a process of its own, on a free port, answering the given
 * bodies: `latest`, `detail`, `search` for their API routes and `page` for any other path.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, REPO_ROOT } from '../../tests/support/server-process';

export async function startFloorServer(
  bodies: Record<string, string>,
  workDir: string,
): Promise<{ origin: string; pid: number | undefined; stop(): Promise<void> }> {
  const file = join(workDir, 'floor-bodies.json');
  writeFileSync(file, JSON.stringify({ latest: '{}', detail: '{}', search: '{}', ...bodies }));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/floor-server.ts', String(port), file], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (
      await fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('The floor server did not start within 30 s.');
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    origin,
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
