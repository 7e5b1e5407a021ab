// @vitest-environment node
/**
 * Every route the app loads lazily (src/app/routes.tsx) is either hydrated at once on its own server-rendered page, and
 * then named in the build's route-module tags for the page's entry to preload one link per task (issue 33), or is the
 * article's, which waits for the page to settle. A new lazy route left out would have Vite's helper append its whole
 * preload list inside React's render again: one long task.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ARTICLE_ROUTE, PRELOADED_WITH_IMPORTS, ROUTES_AT_START } from '../../scripts/build/route-module-tags';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('route preloads', () => {
  const source = readFileSync(path.join(ROOT, 'src/app/routes.tsx'), 'utf8');
  const lazyRoutes = [...source.matchAll(/import\('\.\/([\w-]+-route)'\)/g)].map((match) => `src/app/${match[1]}.tsx`);

  it('names every lazy route but the article, which loads after the page settles', () => {
    expect(lazyRoutes.length).toBeGreaterThan(4);
    const atStart = Object.values(ROUTES_AT_START).map((modules) => modules[0]);
    expect([...atStart, ARTICLE_ROUTE].sort()).toEqual([...new Set(lazyRoutes)].sort());
  });

  it("keeps Vite's preload list for route chunks and the early look-up only, not for the small chunks loaded when the page settles", () => {
    expect(PRELOADED_WITH_IMPORTS.test('/assets/words-route-CXtro2Jt.js')).toBe(true);
    expect(PRELOADED_WITH_IMPORTS.test('/assets/article-detail-route-CKeHDd4k.js')).toBe(true);
    expect(PRELOADED_WITH_IMPORTS.test('/assets/indexeddb-word-store-B_-x0a9Z.js')).toBe(true);
    expect(PRELOADED_WITH_IMPORTS.test('/assets/early-lookup-Bq1x9aZt.js')).toBe(true);
    expect(PRELOADED_WITH_IMPORTS.test('/assets/consent-runtime-DCCcl3m1.js')).toBe(false);
    expect(PRELOADED_WITH_IMPORTS.test('/assets/article-route-gate-D9iPUfRp.js')).toBe(false);
  });
});
