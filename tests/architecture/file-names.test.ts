// @vitest-environment node
/**
 * One file name, one module (issue 30): two modules named alike in different folders (page-data.ts,
 * errors.ts, types.ts) make a reader open the wrong one. A name may repeat only where one file is a
 * re-export of the other.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE = /\.(?:ts|tsx)$/;

function sourceFiles(directory: string): string[] {
  return readdirSync(path.join(ROOT, directory), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.includes('/node_modules/'));
}

/** A file whose every statement is an import or an `export … from`: it only passes another module on. */
function onlyReExports(file: string): boolean {
  const code = readFileSync(path.join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const statements = code
    .split(';')
    .map((statement) => statement.trim())
    .filter(Boolean);
  return statements.length > 0 && statements.every((statement) => /^(?:import|export\s[\s\S]*\sfrom\s)/.test(statement));
}

describe('source file names', () => {
  const files = ['src', 'server', 'common', 'scripts'].flatMap(sourceFiles);

  it('gives each module a name of its own', () => {
    const byName = new Map<string, string[]>();
    for (const file of files) byName.set(path.basename(file), [...(byName.get(path.basename(file)) ?? []), file]);
    const clashes = [...byName.values()].filter((group) => group.length > 1 && group.filter((file) => !onlyReExports(file)).length > 1);
    expect(clashes, clashes.map((group) => group.join(' ~ ')).join('\n')).toEqual([]);
  });
});
