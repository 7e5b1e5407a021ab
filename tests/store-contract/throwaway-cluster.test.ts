// @vitest-environment node
/** The throwaway cluster's clean-up of directories that killed runs left behind. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { removeStaleClusters } from '../../scripts/postgres/throwaway-cluster';

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

it('removes cluster directories older than a day with no live server, and nothing else', () => {
  root = mkdtempSync(join(tmpdir(), 'nr-stale-'));
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
  const dead = spawnSync(process.execPath, ['-e', '']).pid!;
  const make = (name: string, pid: number | undefined, old: boolean) => {
    const dir = join(root!, name);
    mkdirSync(join(dir, 'data'), { recursive: true });
    if (pid !== undefined) writeFileSync(join(dir, 'data', 'postmaster.pid'), `${pid}\n/tmp/x\n`);
    if (old) utimesSync(dir, twoDaysAgo, twoDaysAgo);
    return dir;
  };
  const abandoned = make('newsreader-pg-abandoned', undefined, true);
  const crashed = make('newsreader-pg-crashed', dead, true);
  const running = make('newsreader-pg-running', process.pid, true);
  const recent = make('newsreader-pg-recent', undefined, false);
  const other = make('someone-else', undefined, true);
  expect(removeStaleClusters(root).sort()).toEqual([abandoned, crashed].sort());
  expect([abandoned, crashed, running, recent, other].map((dir) => existsSync(dir))).toEqual([false, false, true, true, true]);
});
