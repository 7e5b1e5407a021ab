/**
 * Builds the web app with Vite into a directory of our own, so the tests never depend on
 * (or overwrite) whatever is in dist/.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../support/server-process';

export function buildWebApp(outDir: string, env: Record<string, string> = {}): void {
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: REPO_ROOT,
      // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production', ...env },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (result.status !== 0 || !existsSync(join(outDir, 'index.html'))) {
    throw new Error(`vite build failed (exit ${result.status}); the browser tests need a built app.\n${result.stdout}\n${result.stderr}`);
  }
  process.stdout.write(`e2e: built the web app into ${outDir} in ${Date.now() - started} ms\n`);
}
