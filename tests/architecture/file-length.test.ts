// @vitest-environment node
/**
 * No source file over 300 lines in src/, server/, common/ or scripts/ (issue 30): a file that long
 * holds more than one job, and a newcomer cannot read it in one go. Tests may be longer where a
 * table of cases needs it; generated data is not source.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAX_LINES = 300;
const SOURCE = /\.(?:ts|tsx|js|mjs|cjs)$/;

function sourceFiles(directory: string): string[] {
  return readdirSync(path.join(ROOT, directory), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.includes('/node_modules/') && !file.includes('/data/'))
    .sort();
}

function lineCount(file: string): number {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

describe('source file length', () => {
  const files = ['src', 'server', 'common', 'scripts'].flatMap(sourceFiles);

  it('finds the sources to measure', () => {
    expect(files).toContain('server/app.ts');
    expect(files).toContain('src/machines/article-list-machine.ts');
    expect(files.some((file) => file.startsWith('scripts/'))).toBe(true);
  });

  it(`keeps every source file at ${MAX_LINES} lines or fewer`, () => {
    const long = files.map((file) => ({ file, lines: lineCount(file) })).filter(({ lines }) => lines > MAX_LINES);
    expect(long, long.map(({ file, lines }) => `${file}: ${lines} lines`).join('\n')).toEqual([]);
  });
});
