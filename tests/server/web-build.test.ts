// @vitest-environment node
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_ENTRY_FILE, STAMP_FILE, computeStamp, needsBuild } from '../../server/build/web-build';
import { makeTempDir } from './fixtures';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A project as `npm start` sees it: sources, index.html, config, lock file and a stamped build. */
function project(): { root: string; dist: string; env: Record<string, string> } {
  root = makeTempDir('nr-build-');
  mkdirSync(join(root, 'src/app'), { recursive: true });
  writeFileSync(join(root, 'src/app/main.tsx'), 'export const a = 1;\n');
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  writeFileSync(join(root, 'vite.config.ts'), 'export default {};\n');
  writeFileSync(join(root, 'package-lock.json'), '{}\n');
  const dist = join(root, 'dist');
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), '<html></html>');
  mkdirSync(join(dist, 'server'));
  writeFileSync(join(dist, SERVER_ENTRY_FILE), 'export async function renderPage() { return ""; }\n');
  const env = { VITE_GA_MEASUREMENT_ID: 'G-1', PATH: '/usr/bin' };
  writeFileSync(join(dist, STAMP_FILE), JSON.stringify(computeStamp(root, env)));
  return { root, dist, env };
}

describe('build-if-stale', () => {
  it('does not rebuild an up-to-date build, even when unrelated env or file times change', () => {
    const p = project();
    expect(needsBuild(p.root, p.dist, p.env).build).toBe(false);
    expect(needsBuild(p.root, p.dist, { ...p.env, PATH: '/other', PORT: '4000' }).build).toBe(false);
    utimesSync(join(p.root, 'index.html'), new Date(), new Date(Date.now() + 60_000));
    expect(needsBuild(p.root, p.dist, p.env).build).toBe(false);
  });

  it('rebuilds when the build or its stamp is missing', () => {
    const p = project();
    rmSync(join(p.dist, STAMP_FILE));
    expect(needsBuild(p.root, p.dist, p.env)).toMatchObject({ build: true });
    rmSync(join(p.dist, SERVER_ENTRY_FILE));
    expect(needsBuild(p.root, p.dist, p.env)).toEqual({ build: true, reason: 'no server-rendering build in dist/' });
    rmSync(join(p.dist, 'index.html'));
    expect(needsBuild(p.root, p.dist, p.env)).toEqual({ build: true, reason: 'no build in dist/' });
  });

  it.each([
    ['a source file changes', (r: string) => writeFileSync(join(r, 'src/app/main.tsx'), 'export const a = 2;\n')],
    ['a source file is added', (r: string) => writeFileSync(join(r, 'src/app/new.ts'), 'export {};\n')],
    ['a source file is deleted', (r: string) => rmSync(join(r, 'src/app/main.tsx'))],
    [
      'a shared file under common/ is added',
      (r: string) => {
        mkdirSync(join(r, 'common'));
        writeFileSync(join(r, 'common/catalog.ts'), 'export {};\n');
      },
    ],
    [
      'a build script under scripts/build/ (imported by vite.config.ts) is added',
      (r: string) => {
        mkdirSync(join(r, 'scripts/build'), { recursive: true });
        writeFileSync(join(r, 'scripts/build/article-pages-app.ts'), 'export {};\n');
      },
    ],
    ['index.html changes', (r: string) => writeFileSync(join(r, 'index.html'), '<html lang="zh"></html>')],
    ['vite.config.ts changes', (r: string) => writeFileSync(join(r, 'vite.config.ts'), 'export default { base: "/" };\n')],
    ['package-lock.json changes', (r: string) => writeFileSync(join(r, 'package-lock.json'), '{"x":1}\n')],
  ])('rebuilds when %s', (_name, change) => {
    const p = project();
    change(p.root);
    expect(needsBuild(p.root, p.dist, p.env).build).toBe(true);
  });

  it('rebuilds when a VITE_* value changes, appears or disappears', () => {
    const p = project();
    expect(needsBuild(p.root, p.dist, { ...p.env, VITE_GA_MEASUREMENT_ID: 'G-2' }).build).toBe(true);
    expect(needsBuild(p.root, p.dist, { ...p.env, VITE_BAIDU_SITE_ID: 'b' }).build).toBe(true);
    expect(needsBuild(p.root, p.dist, { PATH: '/usr/bin' }).build).toBe(true);
  });
});
