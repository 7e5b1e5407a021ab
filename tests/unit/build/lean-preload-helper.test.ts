/**
 * The app's preload helper for `import()` (decision 49): a link per file the page does not name yet, then the import.
 * Run in jsdom from the module text the build uses.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type PluginOption } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { leanPreloadHelper, leanPreloadHelperCode } from '../../../scripts/build/lean-preload-helper';

type Preload = (load: () => Promise<unknown>, deps?: string[]) => Promise<unknown>;

async function freshHelper(): Promise<Preload> {
  // A query makes each test's module a new instance (the helper remembers what it linked).
  const url = `data:text/javascript,${encodeURIComponent(leanPreloadHelperCode('/'))}%2F%2F${Math.random()}`;
  return ((await import(/* @vite-ignore */ url)) as { __vitePreload: Preload }).__vitePreload;
}

const preloadLinks = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname);

afterEach(() => document.head.replaceChildren());

describe('the lean preload helper', () => {
  it('links each file of the list once, leaves out those the page already links, and returns the import', async () => {
    const preload = await freshHelper();
    const existing = document.createElement('link');
    existing.rel = 'modulepreload';
    existing.href = '/assets/shared-a1.js';
    document.head.append(existing);

    const first = await preload(() => Promise.resolve('route module'), ['assets/shared-a1.js', 'assets/route-deps-b2.js']);
    await preload(() => Promise.resolve('again'), ['assets/route-deps-b2.js']);

    expect(first).toBe('route module');
    expect(preloadLinks()).toEqual(['/assets/shared-a1.js', '/assets/route-deps-b2.js']);
    const added = document.head.querySelector<HTMLLinkElement>('link[href$="route-deps-b2.js"]')!;
    expect(added.crossOrigin).toBe('');
  });

  it("passes the import's failure to the caller", async () => {
    const preload = await freshHelper();
    await expect(preload(() => Promise.reject(new Error('chunk missing')), [])).rejects.toThrow('chunk missing');
  });
});

describe('the build with the lean helper', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A page in a fresh folder: index.html loading src/main.js, and these files under src/. */
  function writeApp(files: Record<string, string>): void {
    dir = mkdtempSync(join(tmpdir(), 'lean-preload-'));
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'index.html'), '<script type="module" src="/src/main.js"></script>');
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'src', name), text);
  }

  it('fails when a lazy chunk imports CSS, which the helper would not load', async () => {
    writeApp({
      'main.js': "import('./lazy.js').then((m) => console.log(m.value));",
      'lazy.js': "import './lazy.css';\nexport const value = 1;",
      'lazy.css': 'body { color: red; }',
    });
    const run = build({ root: dir, configFile: false, logLevel: 'silent', plugins: [leanPreloadHelper()], build: { write: false } });
    await expect(run).rejects.toThrow(/imports CSS/);
  }, 60_000);

  /** A page whose two lazy chunks share a module, so each import() carries a preload list. */
  function writeTwoChunkApp(): void {
    writeApp({
      'main.js': "import('./a.js').then((m) => m.run());\nimport('./b.js').then((m) => m.run());",
      'shared.js': 'export const shared = (x) => `shared ${x}`;',
      'a.js': "import { shared } from './shared.js';\nexport const run = () => console.log(shared('a'));",
      'b.js': "import { shared } from './shared.js';\nexport const run = () => console.log(shared('b'));",
    });
  }

  async function entryCode(plugins: PluginOption[], base = '/'): Promise<string> {
    const result = await build({ root: dir, base, configFile: false, logLevel: 'silent', plugins, build: { write: false } });
    const outputs = (Array.isArray(result) ? result : [result]) as Array<{
      output: Array<{ type: string; isEntry?: boolean; code?: string }>;
    }>;
    return outputs.flatMap((each) => each.output).find((chunk) => chunk.type === 'chunk' && chunk.isEntry)!.code!;
  }

  it("puts its helper in the entry instead of Vite's, with the build's base before each file", async () => {
    writeTwoChunkApp();
    const vites = await entryCode([]);
    expect(vites).toContain('vite:preloadError');
    const lean = await entryCode([leanPreloadHelper()], 'https://cdn.example/app/');
    expect(lean).not.toContain('vite:preloadError');
    // Vite's helper looks for a CSP nonce and handles CSS; the lean one does neither, and puts the base before each file.
    expect(vites).toContain('csp-nonce');
    expect(lean).not.toContain('csp-nonce');
    expect(lean).toContain('https://cdn.example/app/');
    expect(lean.length).toBeLessThan(vites.length);
  }, 60_000);

  it('refuses a relative base, which it could not resolve as Vite does', async () => {
    writeTwoChunkApp();
    await expect(entryCode([leanPreloadHelper()], './')).rejects.toThrow(/path from the root or a full URL/);
  }, 60_000);
});
