/**
 * The real server (server/main.ts, the same entry as `npm start`) as a child process on a loopback
 * port, the way a deployment runs it: for the browser tests, the server tests that need the real
 * process (worker threads, the database watch, Node's own HTTP parser) and the benchmarks.
 *
 * - startServer: a free port chosen up front, ready when /api/health answers, restartable on the
 *   same port and database (the outage journeys), with its own temporary database unless given one.
 * - startLiveServer: PORT=0, ready when it prints its URL; the caller's environment says the rest.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

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

interface Spawned {
  readonly child: ChildProcessWithoutNullStreams;
  readonly exited: Promise<number | null>;
  /** SIGTERM, as an operator would, then SIGKILL after 5 s; resolves once the process is gone. */
  stop(): Promise<void>;
}

/** Starts server/main.ts in production mode on loopback, never building the web app. */
function spawnServer(env: Record<string, string>, onOutput: (text: string) => void): Spawned {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server/main.ts')], {
    cwd: REPO_ROOT,
    // MALLOC_ARENA_MAX as `npm start` sets it (decision 37).
    env: {
      MALLOC_ARENA_MAX: '2',
      ...process.env,
      HOST: '127.0.0.1',
      SKIP_WEB_BUILD: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
  });
  child.stdout.on('data', (chunk: Buffer) => onOutput(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => onOutput(chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  return { child, exited, stop };
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

async function waitForHealth(origin: string, running: Spawned, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    const { child } = running;
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
  let running: Spawned | undefined;
  let log = '';
  const output = () => log.slice(-20_000);

  const start = async () => {
    log += `--- start on port ${port}\n`;
    const started = spawnServer(
      {
        PORT: String(port),
        DATABASE_PATH: databasePath,
        DIST_DIR: options.distDir,
        SHUTDOWN_TIMEOUT_MS: '3000',
        LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
        ...options.env,
      },
      (text) => (log += text),
    );
    running = started;
    await waitForHealth(origin, started, output, 60_000);
  };

  const stop = async () => {
    const stopping = running;
    running = undefined;
    await stopping?.stop();
  };

  await start();
  return {
    origin,
    port,
    databasePath,
    output,
    pid: () => running?.child.pid,
    stop,
    start,
    dispose: async () => {
      await stop();
      if (ownDatabaseDir) rmSync(ownDatabaseDir, { recursive: true, force: true });
    },
  };
}

export interface LiveServer {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcessWithoutNullStreams;
  /** The exit code once the process has ended. */
  readonly exited: Promise<number | null>;
  output(): string;
  stop(): Promise<void>;
}

/** PORT=0: the server picks its port; ready once it prints "ready at <url>/". */
export function startLiveServer(env: Record<string, string>): Promise<LiveServer> {
  let output = '';
  const { child, exited, stop } = spawnServer({ PORT: '0', ...env }, (text) => (output += text));
  return new Promise((done, fail) => {
    const timer = setInterval(() => {
      const match = /ready at (http:\/\/[\d.]+:(\d+))\//.exec(output);
      if (match) {
        clearInterval(timer);
        done({ url: match[1]!, port: Number(match[2]), child, exited, output: () => output, stop });
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      fail(new Error(`server exited early with ${code}:\n${output}`));
    });
  });
}
