/**
 * Runs the real server (server/main.ts, the same entry as `npm start`) as a child process
 * on a free loopback port with its own SQLite file, the way a deployment would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

export function temporaryDirectory(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `newsreader-${prefix}-`));
}

export interface ServerOptions {
  /** The built web app to serve. */
  readonly distDir: string;
  /** Defaults to a fresh file in a new temporary directory. */
  readonly databasePath?: string;
  readonly port?: number;
  /** Extra environment, e.g. RATE_LIMIT_MAX. */
  readonly env?: Record<string, string>;
}

export interface RunningServer {
  readonly origin: string;
  readonly port: number;
  readonly databasePath: string;
  /** Everything the server printed, for failure messages. */
  output(): string;
  pid(): number | undefined;
  /** SIGTERM, as an operator would; the port is free again when this resolves. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same database. */
  start(): Promise<void>;
  /** Stops it and removes the temporary database it created. */
  dispose(): Promise<void>;
}

async function waitForHealth(origin: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before it was healthy.\n${output()}`);
    }
    try {
      const response = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
      lastProblem = `GET /api/health answered ${response.status}`;
    } catch (error) {
      lastProblem = String(error);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`The server was not healthy within ${timeoutMs} ms (${lastProblem}).\n${output()}`);
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const ownDatabaseDir = options.databasePath ? undefined : temporaryDirectory('db');
  const databasePath = options.databasePath ?? join(ownDatabaseDir!, 'articles.sqlite');
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let log = '';
  const output = () => log.slice(-20_000);

  const start = async () => {
    log += `--- start on port ${port}\n`;
    const started = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_PATH: databasePath,
        DIST_DIR: options.distDir,
        // The tests build the app once themselves (global setup); the server must not rebuild it.
        SKIP_WEB_BUILD: 'true',
        SHUTDOWN_TIMEOUT_MS: '3000',
        LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await waitForHealth(origin, started, output, 60_000);
  };

  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((r) => running.once('exit', () => r()));
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };

  await start();
  return {
    origin,
    port,
    databasePath,
    output,
    pid: () => child?.pid,
    stop,
    start,
    dispose: async () => {
      await stop();
      if (ownDatabaseDir) rmSync(ownDatabaseDir, { recursive: true, force: true });
    },
  };
}
