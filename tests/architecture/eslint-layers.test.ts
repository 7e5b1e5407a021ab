// @vitest-environment node
/**
 * eslint.config.js repeats the layer rules as `no-restricted-imports` patterns (so an editor shows a
 * broken rule as it is typed). This lints one import for every pair of layers, from a file at the top
 * of the layer and from one a folder deeper, and checks ESLint agrees with ALLOWED_IMPORTS.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_IMPORTS, type Layer } from './layer-rules';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RULE = '@typescript-eslint/no-restricted-imports';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The messages of the import rule for `source` as if it were the file `relativePath`. */
async function importViolations(relativePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, relativePath) });
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE).map((message) => message.message);
}

const SRC_LAYERS = (Object.keys(ALLOWED_IMPORTS) as Layer[]).filter(
  (layer) => layer !== 'server' && layer !== 'styles' && layer !== 'common',
);
const TARGETS: Layer[] = [...SRC_LAYERS, 'styles'];

describe('eslint.config.js mirrors the layer rules', () => {
  const pairs = SRC_LAYERS.flatMap((from) => TARGETS.map((to) => [from, to, ALLOWED_IMPORTS[from].includes(to)] as const));

  it.each(pairs)('src/%s importing src/%s: allowed is %s', async (from, to, allowed) => {
    const top = await importViolations(`src/${from}/probe.ts`, `export * from '../${to}/probe';\n`);
    const nested = await importViolations(`src/${from}/sub/probe.ts`, `export * from '../../${to}/probe';\n`);
    expect(top.length, top.join('\n')).toBe(allowed ? 0 : 1);
    expect(nested.length, nested.join('\n')).toBe(allowed ? 0 : 1);
  });

  it('keeps React out of the layers without it', async () => {
    for (const layer of ['domain', 'machines', 'api', 'platform']) {
      expect(await importViolations(`src/${layer}/probe.ts`, `export { useState } from 'react';\n`), layer).toHaveLength(1);
    }
    expect(await importViolations('src/views/probe.ts', `export { useState } from 'react';\n`)).toEqual([]);
  });

  it('lets server/ reach common/ and itself, never src/', async () => {
    const server = (specifier: string) => importViolations('server/routes/probe.ts', `export * from '${specifier}';\n`);
    for (const allowed of ['../../common/contract', '../../common/dictionary-contract', '../store/db']) {
      expect(await server(allowed), allowed).toEqual([]);
    }
    for (const refused of [
      '../../src/domain/texts',
      '../../src/api/client',
      '../../src/machines/language-machine',
      '../../src/app/app',
      '../../tests/support/x',
    ]) {
      expect(await server(refused), refused).toHaveLength(1);
    }
  });

  it('keeps the layers of server/ in their order', async () => {
    const from = (file: string, specifier: string) => importViolations(file, `export * from '${specifier}';\n`);
    for (const [file, specifier] of [
      ['server/plugins/probe.ts', '../routes/article-routes'],
      ['server/plugins/probe.ts', '../pages/page-plugin'],
      ['server/answers/probe.ts', '../routes/schemas'],
      ['server/pages/probe.ts', '../routes/api-routes'],
      ['server/store/sqlite/probe.ts', '../../answers/article-answers'],
      ['server/http/probe.ts', '../store/store-errors'],
      ['server/content/probe.ts', '../app'],
    ]) {
      expect(await from(file!, specifier!), `${file} -> ${specifier}`).toHaveLength(1);
    }
    for (const [file, specifier] of [
      ['server/probe.ts', './routes/api-routes'],
      ['server/routes/probe.ts', '../answers/article-answers'],
      ['server/pages/probe.ts', '../answers/article-answers'],
      ['server/answers/probe.ts', '../store/article-store'],
      ['server/store/postgres/probe.ts', '../sqlite/article-writes'],
      ['server/ingest/probe.ts', '../config'],
      ['server/answers/probe.ts', '../../common/contract'],
    ]) {
      expect(await from(file!, specifier!), `${file} -> ${specifier}`).toEqual([]);
    }
  });

  it('lets everyone import common/, and common/ import neither src/ nor server/', async () => {
    expect(await importViolations('src/views/home/probe.tsx', `export * from '../../../common/labels';\n`)).toEqual([]);
    expect(await importViolations('src/domain/probe.ts', `export * from '../../common/labels';\n`)).toEqual([]);
    expect(await importViolations('server/probe.ts', `export * from '../common/labels';\n`)).toEqual([]);
    expect(await importViolations('common/api/probe.ts', `export * from '../languages';\n`)).toEqual([]);
    expect(await importViolations('common/probe.ts', `export * from '../src/domain/texts';\n`)).toHaveLength(1);
    expect(await importViolations('common/api/probe.ts', `export * from '../../server/app';\n`)).toHaveLength(1);
    expect(await importViolations('common/probe.ts', `export { useState } from 'react';\n`)).toHaveLength(1);
  });
});
