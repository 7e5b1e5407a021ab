// @vitest-environment node
/**
 * The Stately inspector is a developer tool: `?inspect` connects the actors in the dev server
 * only. A production build must not carry any of its code. A second build with the dev branch
 * forced on shows the check does find the inspector when it is bundled.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from 'vite';

const root = resolve(__dirname, '../..');
const INSPECTOR_MARKERS = ['@statelyai/inspect', 'createBrowserInspector', 'stately.ai', 'inspector-loader'];
const outDirs: string[] = [];

async function buildInto(define: Record<string, string> = {}): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'inspector-bundle-'));
  outDirs.push(outDir);
  // Vitest runs with NODE_ENV=test, which would make Vite build in development mode; `npm run
  // build` runs with NODE_ENV unset, which Vite treats as production.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      configFile: resolve(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      define,
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}

/** Shipped code (scripts, styles, pages) that mentions the inspector, and source maps built from its files. */
function inspectorTraces(outDir: string): string[] {
  const traces: string[] = [];
  const files = [
    ...readdirSync(outDir).map((name) => join(outDir, name)),
    ...readdirSync(join(outDir, 'assets')).map((name) => join(outDir, 'assets', name)),
  ].filter((file) => /\.(js|css|html|map)$/.test(file));
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (file.endsWith('.map')) {
      // A map's embedded sources include xstate's own comments (which link to stately.ai);
      // what matters is whether any inspector module was bundled.
      const { sources } = JSON.parse(text) as { sources: string[] };
      for (const source of sources) {
        if (source.includes('@statelyai/inspect') || source.includes('inspector-loader')) traces.push(`${file}: ${source}`);
      }
    } else {
      for (const marker of INSPECTOR_MARKERS) if (text.includes(marker)) traces.push(`${file}: ${marker}`);
    }
  }
  return traces;
}

afterAll(() => {
  for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
});

describe('the Stately inspector in the build output', () => {
  it('is absent from the production bundle', async () => {
    const outDir = await buildInto();
    expect(readdirSync(join(outDir, 'assets')).some((name) => name.endsWith('.js'))).toBe(true);
    expect(inspectorTraces(outDir)).toEqual([]);
  }, 120_000);

  it('would be found if the dev-only branch were bundled', async () => {
    const outDir = await buildInto({ 'import.meta.env.DEV': 'true' });
    const traces = inspectorTraces(outDir);
    expect(traces.some((trace) => trace.includes('createBrowserInspector') || trace.includes('@statelyai/inspect'))).toBe(true);
  }, 120_000);
});
