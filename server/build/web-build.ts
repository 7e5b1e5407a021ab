/**
 * Builds the web app, and with it the server-rendering module, when its build is missing or stale. Stale means the inputs differ from
 * what the stamp in dist/ records: any file under src/, common/, public/ or scripts/build/ (vite.config.ts imports
 * it), index.html, vite.config.ts,
 * package-lock.json (by content hash, so an edit, a new file or a deleted file all count)
 * or any VITE_* environment value.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const STAMP_FILE = '.build-stamp.json';
/** Written by the same `vite build` (vite.config.ts's server-entry plugin); the server loads it (pages/server-entry.ts). */
export const SERVER_ENTRY_FILE = 'server/entry-server.js';
const INPUT_FILES = ['index.html', 'vite.config.ts', 'package-lock.json'];
const INPUT_DIRS = ['src', 'common', 'public', 'scripts/build'];

export interface BuildStamp {
  readonly inputsHash: string;
  /** For people reading the stamp: what went into the hash. */
  readonly files: number;
  readonly viteEnv: readonly string[];
  readonly builtAt: string;
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

export function viteEnv(env: Readonly<Record<string, string | undefined>>): [string, string][] {
  return Object.entries(env)
    .filter((entry): entry is [string, string] => entry[0].startsWith('VITE_') && entry[1] !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export function computeStamp(root: string, env: Readonly<Record<string, string | undefined>>): BuildStamp {
  const files = [
    ...INPUT_FILES.map((f) => join(root, f)).filter((f) => existsSync(f) && statSync(f).isFile()),
    ...INPUT_DIRS.flatMap((d) => listFiles(join(root, d))),
  ]
    .map((f) => relative(root, f).replaceAll('\\', '/'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`file\u0000${file}\u0000`);
    hash.update(readFileSync(join(root, file)));
  }
  const vite = viteEnv(env);
  for (const [name, value] of vite) hash.update(`env\u0000${name}\u0000${value}\u0000`);
  return { inputsHash: hash.digest('hex'), files: files.length, viteEnv: vite.map(([n]) => n), builtAt: new Date().toISOString() };
}

export function readStamp(distDir: string): BuildStamp | undefined {
  try {
    return JSON.parse(readFileSync(join(distDir, STAMP_FILE), 'utf8')) as BuildStamp;
  } catch {
    return undefined;
  }
}

export type BuildDecision = { build: false; reason: string } | { build: true; reason: string };

export function needsBuild(root: string, distDir: string, env: Readonly<Record<string, string | undefined>>): BuildDecision {
  if (!existsSync(join(distDir, 'index.html'))) return { build: true, reason: 'no build in dist/' };
  // The same build writes the server-rendering module (vite.config.ts); a build from before it lacks it.
  if (!existsSync(join(distDir, SERVER_ENTRY_FILE))) return { build: true, reason: 'no server-rendering build in dist/' };
  const stamp = readStamp(distDir);
  if (!stamp) return { build: true, reason: `no ${STAMP_FILE} in dist/` };
  const current = computeStamp(root, env);
  if (current.inputsHash !== stamp.inputsHash) {
    return { build: true, reason: 'sources, lock file or VITE_* settings changed since the last build' };
  }
  return { build: false, reason: 'build is up to date' };
}

export interface BuildResult {
  readonly ok: boolean;
  readonly output: string;
}

/** Runs `vite build`, with dist/ as the out dir, and writes the stamp on success. */
export function runViteBuild(root: string, distDir: string, env: NodeJS.ProcessEnv): Promise<BuildResult> {
  const stamp = computeStamp(root, env);
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vite, 'build', '--outDir', distDir, '--emptyOutDir'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error) => resolve({ ok: false, output: `${output}\n${error.message}` }));
    child.on('close', (code) => {
      if (code === 0 && existsSync(join(distDir, 'index.html'))) {
        writeFileSync(join(distDir, STAMP_FILE), JSON.stringify(stamp, null, 2));
        resolve({ ok: true, output });
      } else {
        resolve({ ok: false, output: `${output}\nvite build exited with code ${String(code)}` });
      }
    });
  });
}
