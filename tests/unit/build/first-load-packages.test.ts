// @vitest-environment node
/**
 * Two build plugins that keep package code nobody runs out of every page's first load (decision 49): io-ts's codec
 * classes and ready-made codecs marked pure, so the unused ones are dropped; the `use-sync-external-store` shim
 * replaced by React's own hook.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { markIoTsPure, pureIoTs } from '../../../scripts/build/pure-io-ts';
import { reactSyncStore } from '../../../scripts/build/react-sync-store';

const require = createRequire(import.meta.url);
const IO_TS_FILE = require.resolve('io-ts').replace(/lib[\\/]index\.js$/, 'es6/index.js');

/** Bundles `source` (an entry importing packages) for the browser and returns the output code. */
async function bundle(source: string, plugins: ReturnType<typeof pureIoTs>[]): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'virtual-entry',
        resolveId: (id) => (id === 'virtual:entry' ? id : null),
        load: (id) => (id === 'virtual:entry' ? source : null),
      },
      ...plugins,
    ],
    define: { 'process.env.NODE_ENV': '"production"' },
    build: { write: false, minify: false, rollupOptions: { input: 'virtual:entry' } },
  });
  const result = Array.isArray(output) ? output[0]! : output;
  if (!('output' in result)) throw new Error('no bundle');
  return result.output.map((file) => (file.type === 'chunk' ? file.code : '')).join('\n');
}

describe("io-ts's codecs marked pure", () => {
  it("only inserts annotations into io-ts's module: removed again, the file is unchanged", () => {
    const source = readFileSync(IO_TS_FILE, 'utf8');
    const marked = markIoTsPure(source);
    expect(marked.classes).toBeGreaterThan(20);
    expect(marked.instances).toBeGreaterThan(10);
    expect(marked.code.replaceAll('/*#__PURE__*/ ', '')).toBe(source);
  });

  it('leaves the codecs an app does not use out of its bundle, and keeps those it uses working', async () => {
    const entry = `import * as t from 'io-ts';
      const Codec = t.type({ title: t.string, count: t.number });
      console.log(Codec.is({ title: 'a', count: 1 }), Codec.is({ title: 1 }));`;
    const without = await bundle(entry, []);
    const withPure = await bundle(entry, [pureIoTs()]);
    expect(without).toContain('BigIntType');
    expect(withPure).not.toContain('BigIntType');
    expect(withPure).not.toContain('FunctionType');
    expect(withPure).toContain('InterfaceType');
    expect(withPure.length).toBeLessThan(without.length);
  }, 60_000);
});

describe("React's own useSyncExternalStore for the shim", () => {
  it("bundles neither the shim's fallback nor its selector version", async () => {
    const entry = `import { useSyncExternalStoreWithSelector } from 'use-sync-external-store/shim/with-selector';
      import { useSyncExternalStore } from 'use-sync-external-store/shim';
      console.log(useSyncExternalStore, useSyncExternalStoreWithSelector);`;
    const without = await bundle(entry, []);
    const withReact = await bundle(entry, [reactSyncStore()]);
    // The shim's fallback warns about React's concurrent mode; the plain entry has no such fallback.
    expect(without).toContain('checkIfSnapshotChanged');
    expect(withReact).not.toContain('checkIfSnapshotChanged');
    expect(withReact).toContain('useSyncExternalStoreWithSelector');
  }, 60_000);
});
