/**
 * `server/main.ts` (what `npm start` runs) as a child process on a free loopback port, for
 * tests and benchmarks that need the real process: worker threads, the database watch,
 * Node's own HTTP parser.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

export interface LiveServer {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcessWithoutNullStreams;
  output(): string;
  stop(): Promise<void>;
}

export function startLiveServer(env: Record<string, string>): Promise<LiveServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server/main.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SKIP_WEB_BUILD: 'true', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((done, fail) => {
    const timer = setInterval(() => {
      const match = /ready at (http:\/\/[\d.]+:(\d+))\//.exec(output);
      if (match) {
        clearInterval(timer);
        done({ url: match[1]!, port: Number(match[2]), child, output: () => output, stop });
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      fail(new Error(`server exited early with ${code}:\n${output}`));
    });
  });
}
