/**
 * A PostgreSQL cluster that lives in a temporary directory for one test run or bench: initdb with
 * trust authentication, pg_ctl start on a free port (its unix socket in the same directory, so it
 * never meets a system cluster), a database, and stop + delete at the end. As root the server
 * must run as the `postgres` OS user (PostgreSQL refuses root), so the directory is handed to it.
 *
 * CLI: `tsx scripts/postgres/throwaway-cluster.ts` prints the URL and keeps the cluster up until
 * SIGINT or SIGTERM.
 */
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ThrowawayCluster {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

export class PostgresMissingError extends Error {}

/** The newest installed PostgreSQL's bin directory (Debian keeps them under /usr/lib/postgresql/<major>/bin). */
export function postgresBinDir(): string {
  const override = process.env['PG_BIN_DIR']?.trim();
  if (override) {
    if (existsSync(join(override, 'initdb'))) return override;
    throw new PostgresMissingError(`PG_BIN_DIR=${override} has no initdb`);
  }
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors.length === 0) {
    throw new PostgresMissingError(
      'PostgreSQL is not installed (no initdb under /usr/lib/postgresql/*/bin). Run scripts/ensure-postgresql.sh ' +
        "(as root it installs Debian's postgresql package) or set PG_BIN_DIR to a directory holding initdb and pg_ctl.",
    );
  }
  return join(root, majors[0]!, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

const isRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL program, as the postgres user when we are root. */
async function pgRun(bin: string, program: string, args: string[]): Promise<void> {
  const command = join(bin, program);
  try {
    if (isRoot()) await run('runuser', ['-u', 'postgres', '--', command, ...args]);
    else await run(command, args);
  } catch (error) {
    const failure = error as { stderr?: string; message: string };
    throw new Error(`${program} failed: ${(failure.stderr ?? '').trim() || failure.message}`, { cause: error });
  }
}

const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Directories of earlier runs that were killed before their stop(): older than a day and with no live
 * server in them (no postmaster.pid, or one naming a process that is gone). Anything running is left.
 */
export function removeStaleClusters(root = tmpdir(), now = Date.now()): string[] {
  const removed: string[] = [];
  for (const name of readdirSync(root)) {
    if (!name.startsWith('newsreader-pg-')) continue;
    const dir = join(root, name);
    try {
      if (now - statSync(dir).mtimeMs < STALE_AFTER_MS) continue;
      const pidFile = join(dir, 'data', 'postmaster.pid');
      if (existsSync(pidFile) && isAlive(Number(readFileSync(pidFile, 'utf8').split('\n')[0]))) continue;
      rmSync(dir, { recursive: true, force: true });
      removed.push(dir);
    } catch {
      // Someone else's directory we cannot read, or one removed meanwhile: not ours to worry about.
    }
  }
  return removed;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user (the postgres user when we are not root).
    return (error as { code?: string }).code === 'EPERM';
  }
}

export async function startThrowawayCluster(options: { database?: string } = {}): Promise<ThrowawayCluster> {
  const bin = postgresBinDir();
  removeStaleClusters();
  const dir = mkdtempSync(join(tmpdir(), 'newsreader-pg-'));
  const data = join(dir, 'data');
  if (isRoot()) {
    const { stdout } = await run('id', ['-u', 'postgres']).catch(() => {
      throw new PostgresMissingError('running as root, but there is no postgres OS user to run the server as');
    });
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  chmodSync(dir, 0o700);
  const port = await freePort();
  const database = options.database ?? 'newsreader';
  let started = false;
  const stop = async () => {
    if (started) {
      try {
        await pgRun(bin, 'pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w']);
      } catch (error) {
        // Deleting the files of a server still running under them would leave it writing into nothing
        // and its port taken; the directory stays for a look (and a later setup removes it once stopped).
        if (existsSync(join(data, 'postmaster.pid'))) {
          throw new Error(`The throwaway PostgreSQL in ${dir} did not stop; left in place: ${(error as Error).message}`, {
            cause: error,
          });
        }
      }
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await pgRun(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
    // Durability is worth nothing for a throwaway cluster; fsync off makes schema work and writes much faster.
    const settings = `-p ${port} -k ${dir} -h 127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    await pgRun(bin, 'pg_ctl', ['start', '-D', data, '-w', '-t', '60', '-l', join(dir, 'server.log'), '-o', settings]);
    started = true;
    await pgRun(bin, 'createdb', ['-h', dir, '-p', String(port), '-U', 'postgres', database]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/${database}`, port, stop };
}

async function cli(): Promise<void> {
  const cluster = await startThrowawayCluster();
  process.stdout.write(`${cluster.url}\n`);
  const finish = () => {
    void cluster.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', finish);
  process.once('SIGTERM', finish);
  // Keeps the process (and with it the cluster) alive until a signal.
  setInterval(() => undefined, 1 << 30);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  cli().catch((error: unknown) => {
    process.stderr.write(`throwaway-cluster: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
