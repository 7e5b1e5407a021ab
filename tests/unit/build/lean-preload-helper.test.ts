/**
 * The app's preload helper for `import()` (decision 49): a link per file the page does not name yet, then the import.
 * Run in jsdom from the module text the build uses.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
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

  it('fails when a lazy chunk imports CSS, which the helper would not load', async () => {
    dir = mkdtempSync(join(tmpdir(), 'lean-preload-'));
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'index.html'), '<script type="module" src="/src/main.js"></script>');
    writeFileSync(join(dir, 'src/main.js'), "import('./lazy.js').then((m) => console.log(m.value));");
    writeFileSync(join(dir, 'src/lazy.js'), "import './lazy.css';\nexport const value = 1;");
    writeFileSync(join(dir, 'src/lazy.css'), 'body { color: red; }');
    const run = build({ root: dir, configFile: false, logLevel: 'silent', plugins: [leanPreloadHelper()], build: { write: false } });
    await expect(run).rejects.toThrow(/imports CSS/);
  }, 60_000);
});
