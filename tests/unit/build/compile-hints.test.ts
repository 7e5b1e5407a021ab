// @vitest-environment node
/**
 * The lazy chunks of the cards' coverage path begin with V8's compile hint (decision 42), so a cold
 * list page does not compile their functions one by one at first call; other chunks do not carry it.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { APP_CHUNK_NAME, COVERAGE_PATH_MODULES, EAGER_COMPILE_HINT, coveragePathCompileHints } from '../../../scripts/build/compile-hints';

const ROOT = resolve(__dirname, '../../..');

interface FakeChunk {
  type: 'chunk';
  fileName: string;
  name: string;
  isEntry: boolean;
  moduleIds: string[];
  code: string;
  map: { mappings: string } | null;
}

function chunk(
  fileName: string,
  moduleIds: string[],
  code = 'import{a as e}from"./app.js";export function f(){return e}',
  isEntry = false,
  name = fileName.replace(/^assets\//, '').replace(/-[^-]*\.js$/, ''),
): FakeChunk {
  return { type: 'chunk', fileName, name, isEntry, moduleIds, code, map: { mappings: 'AAAA,CAAC' } };
}

function generate(bundle: Record<string, unknown>): void {
  const plugin: Plugin = coveragePathCompileHints();
  type Hook = (options: unknown, bundle: Record<string, unknown>) => void;
  const hook = plugin.generateBundle as Hook | { handler: Hook };
  (typeof hook === 'function' ? hook : hook.handler).call(
    {
      error: (message: string) => {
        throw new Error(message);
      },
    },
    {},
    bundle,
  );
}

describe('compile hints on the coverage path', () => {
  it('names modules that exist (a renamed file would silently lose its hint)', () => {
    const files = [
      'common/lemma-contract.ts',
      'common/lemma-answer-codecs.ts',
      'src/domain/coverage.ts',
      'src/domain/rank-statuses.ts',
      'src/domain/word-status.ts',
      'src/platform/work-in-slices.ts',
      'src/app/use-sliced-coverage.ts',
      'src/api/lemma-client.ts',
    ];
    for (const file of files) {
      expect(existsSync(resolve(ROOT, file)), file).toBe(true);
      expect(COVERAGE_PATH_MODULES.test(resolve(ROOT, file)), file).toBe(true);
    }
    expect(COVERAGE_PATH_MODULES.test(resolve(ROOT, 'src/domain/saved-words.ts'))).toBe(false);
  });

  it('puts the hint first in a lazy chunk of the path and moves its source map a line down, map file included', () => {
    const hinted = chunk('assets/lemma-contract-X.js', [resolve(ROOT, 'common/lemma-contract.ts')]);
    const code = hinted.code;
    const bundle: Record<string, unknown> = {
      [hinted.fileName]: hinted,
      [`${hinted.fileName}.map`]: { type: 'asset', source: JSON.stringify({ version: 3, mappings: 'AAAA,CAAC' }) },
    };
    generate(bundle);
    expect(hinted.code).toBe(`${EAGER_COMPILE_HINT}\n${code}`);
    expect(hinted.code.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(hinted.map?.mappings).toBe(';AAAA,CAAC');
    expect(JSON.parse((bundle[`${hinted.fileName}.map`] as { source: string }).source).mappings).toBe(';AAAA,CAAC');
  });

  it('leaves entries, large chunks and chunks off the path as they are', () => {
    const path = [resolve(ROOT, 'src/domain/coverage.ts')];
    const entry = chunk('assets/index-X.js', path, undefined, true);
    const large = chunk('assets/app-X.js', path, `/*${'x'.repeat(40_000)}*/`);
    const other = chunk('assets/words-route-X.js', [resolve(ROOT, 'src/app/words-route.tsx')]);
    const app = chunk('assets/main-X.js', [resolve(ROOT, 'src/app/main.tsx')], undefined, true, APP_CHUNK_NAME);
    const before = [entry.code, large.code, other.code];
    generate({ [entry.fileName]: entry, [large.fileName]: large, [other.fileName]: other, [app.fileName]: app });
    expect([entry.code, large.code, other.code]).toEqual(before);
  });

  it("puts the hint first in the app's chunk, however large, and in no other entry (issue 33)", () => {
    const big = `${'function f(){}'.repeat(3000)}export{f}`;
    const app = chunk('assets/app-X.js', [resolve(ROOT, 'src/app/main.tsx')], big, true, APP_CHUNK_NAME);
    const page = chunk('assets/index-X.js', [resolve(ROOT, 'src/app/boot.ts')], big, true, 'index');
    generate({ [app.fileName]: app, [page.fileName]: page });
    expect(app.code).toBe(`${EAGER_COMPILE_HINT}\n${big}`);
    expect(app.map?.mappings).toBe(';AAAA,CAAC');
    expect(page.code).toBe(big);
  });

  it("fails a build whose entries hold no app chunk (vite.config.ts's input renamed), rather than ship it unhinted", () => {
    const page = chunk('assets/index-X.js', [resolve(ROOT, 'src/app/boot.ts')], undefined, true, 'index');
    const main = chunk('assets/main-X.js', [resolve(ROOT, 'src/app/main.tsx')], undefined, true, 'main');
    expect(() => generate({ [page.fileName]: page, [main.fileName]: main })).toThrow(/no entry chunk named 'app'/);
  });
});
