/**
 * The benchmark's "what the JavaScript is made of" table: every byte of a built file goes to
 * exactly one part, chosen from the source map, so the minified column adds up to the file.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceMapGenerator } from 'source-map-js';
import { describe, expect, it } from 'vitest';
import { composition, partOf } from '../../../scripts/bench/composition';

function builtFile(code: string, mappings: Array<{ line: number; column: number; source: string }>, withMap = true): string {
  const dir = mkdtempSync(join(tmpdir(), 'composition-'));
  const file = join(dir, 'index-abc.js');
  writeFileSync(file, code);
  if (withMap) {
    const generator = new SourceMapGenerator({ file: 'index-abc.js' });
    for (const m of mappings) {
      generator.addMapping({ generated: { line: m.line, column: m.column }, original: { line: 1, column: 0 }, source: m.source });
    }
    writeFileSync(`${file}.map`, generator.toString());
  }
  return file;
}

describe('bench composition', () => {
  it('groups sources into runtime packages, app layers and the bundler', () => {
    expect(partOf('../../node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react, react-dom, scheduler');
    expect(partOf('../../node_modules/@xstate/react/dist/xstate-react.esm.js')).toBe('xstate, @xstate/react (with its hooks)');
    expect(partOf('../../node_modules/fp-ts/es6/function.js')).toBe('io-ts, fp-ts');
    expect(partOf('../../node_modules/dompurify/dist/purify.es.mjs')).toBe('other package: dompurify');
    expect(partOf('../../src/machines/article-list-machine.ts')).toBe('app code: src/machines');
    expect(partOf('../../src/main.tsx')).toBe('app code: src/main.tsx');
    expect(partOf('../../common/contract.ts')).toBe('app code: common');
    expect(partOf(null)).toBe('bundler runtime (chunk loading, helpers)');
  });

  it('attributes every byte once, so minified sizes add up to the file (multi-byte text included)', () => {
    const code = 'const r=1;const t="中文";\nexport{r,t};';
    const file = builtFile(code, [
      { line: 1, column: 0, source: '../../node_modules/react/index.js' },
      { line: 1, column: 10, source: '../../src/domain/texts.ts' },
      { line: 2, column: 0, source: '../../src/app/main.tsx' },
    ]);
    const { parts, appCode } = composition([file]);
    const byPart = Object.fromEntries(parts.map((p) => [p.part, p.minified]));
    expect(byPart).toEqual({
      'react, react-dom, scheduler': Buffer.byteLength('const r=1;'),
      'app code: src/domain': Buffer.byteLength('const t="中文";\n'),
      'app code: src/app': Buffer.byteLength('export{r,t};'),
    });
    expect(parts.reduce((sum, p) => sum + p.minified, 0)).toBe(Buffer.byteLength(code));
    expect(appCode.minified).toBe(Buffer.byteLength('const t="中文";\nexport{r,t};'));
    expect(appCode.gzipAlone).toBeGreaterThan(0);
  });

  it('counts a file without a source map as one unmapped part rather than dropping it', () => {
    const file = builtFile('console.log(1);', [], false);
    expect(composition([file]).parts).toEqual([
      expect.objectContaining({ part: 'unmapped (no source map)', minified: 'console.log(1);'.length }),
    ]);
  });
});
