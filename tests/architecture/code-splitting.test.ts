// @vitest-environment node
/**
 * DOMPurify, the detail screen and the word look-up's codecs must load only on the detail route. The bundler puts every
 * module that the entry reaches through static value imports into the main chunk, so that set
 * is computed here from the sources and must not contain them.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LIST_ROUTES, LIST_ROUTES_LAZY, ROUTES } from '../../scripts/build/article-pages-app';
import { importsOf, resolveSpecifier } from './layer-rules';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const ENTRY = 'src/app/main.tsx';
const DETAIL_ROUTE = 'src/app/article-detail-route.tsx';
/** What must stay out of the main chunk. */
const DETAIL_ONLY = [
  DETAIL_ROUTE,
  // The early look-up (a tap before the route has hydrated) and the route's gate load on article pages only.
  'src/app/early-lookup.tsx',
  'src/app/article-route-gate.ts',
  'src/app/word-lookup-wiring.ts',
  'src/platform/html-sanitiser.ts',
  'src/views/detail/article-detail-page.tsx',
  'src/views/detail/isolated-html.tsx',
  'src/api/dictionary-client.ts',
  'common/dictionary-contract.ts',
  'dompurify',
];

function resolveFile(target: string): string | undefined {
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`]) {
    if (existsSync(path.join(ROOT, candidate)) && statSync(path.join(ROOT, candidate)).isFile()) return candidate;
  }
  return undefined;
}

interface Edge {
  file: string;
  target: string;
  line: number;
  dynamic: boolean;
  typeOnly: boolean;
}

function edgesOf(file: string): Edge[] {
  return importsOf(file, readFileSync(path.join(ROOT, file), 'utf8')).map((site) => {
    const relative = site.specifier.startsWith('.');
    // Packages are named by their name ('dompurify', 'react-dom/client' -> 'react-dom').
    const packageName = site.specifier.startsWith('@') ? site.specifier.split('/').slice(0, 2).join('/') : site.specifier.split('/')[0]!;
    const target = relative ? (resolveFile(resolveSpecifier(file, site.specifier)) ?? resolveSpecifier(file, site.specifier)) : packageName;
    return { file, target, line: site.line, dynamic: site.dynamic, typeOnly: site.typeOnly };
  });
}

/** A module the build puts in place of another where one importer imports it (lazyListRoutes: routes.tsx only). */
interface Substitution {
  readonly importer: string;
  readonly target: string;
  readonly by: string;
}

/**
 * Every module the entry loads up front: static value imports, followed transitively. `substitutions` name modules the
 * build puts in place of others (the article pages' app, decision 59: scripts/build/article-pages-app.ts).
 */
function mainChunk(substitutions: readonly Substitution[] = []): Map<string, string> {
  const reachedFrom = new Map<string, string>([[ENTRY, '(entry)']]);
  const queue = [ENTRY];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const edge of edgesOf(file)) {
      const target = substitutions.find((rule) => rule.importer === edge.file && rule.target === edge.target)?.by ?? edge.target;
      if (edge.dynamic || edge.typeOnly || reachedFrom.has(target)) continue;
      reachedFrom.set(target, `${edge.file}:${edge.line}`);
      if (/^(?:src|common)\//.test(target) && /\.tsx?$/.test(target)) queue.push(target);
    }
  }
  return reachedFrom;
}

describe('code splitting of the detail route', () => {
  const chunk = mainChunk();

  it('reaches the app from the entry', () => {
    expect(chunk.has('src/app/routes.tsx')).toBe(true);
    expect(chunk.has('react-dom')).toBe(true);
    // Followed into common/: the list's contract reaches the catalog through it.
    expect(chunk.has('common/contract.ts')).toBe(true);
    expect(chunk.has('common/catalog.ts')).toBe(true);
  });

  it('keeps DOMPurify, the detail screen and the word look-up codecs out of the main chunk', () => {
    const leaks = DETAIL_ONLY.filter((module) => chunk.has(module)).map((module) => `${module} (imported at ${chunk.get(module)})`);
    expect(leaks).toEqual([]);
  });

  it('loads the detail route with import()', () => {
    const dynamicImporters = [...chunk.keys()]
      .filter((file) => file.startsWith('src/'))
      .flatMap((file) => edgesOf(file))
      .filter((edge) => edge.dynamic && edge.target === DETAIL_ROUTE);
    expect(dynamicImporters).not.toHaveLength(0);
  });

  it('would notice a static import of the sanitiser from the main chunk', () => {
    const [site] = importsOf('src/app/services.tsx', `import { createDomPurifySanitiser } from '../platform/html-sanitiser';`);
    expect(site).toMatchObject({ dynamic: false, typeOnly: false });
    expect(resolveSpecifier('src/app/services.tsx', site!.specifier)).toBe('src/platform/html-sanitiser');
    const [typeSite] = importsOf('src/app/services.tsx', `import type { HtmlSanitiser } from '../platform/html-sanitiser';`);
    expect(typeSite?.typeOnly).toBe(true);
    const [inlineTypes] = importsOf('src/app/x.ts', `import { type A, type B } from './y';`);
    expect(inlineTypes?.typeOnly).toBe(true);
  });
});

describe('code splitting of the review route', () => {
  const chunk = mainChunk();
  const REVIEW_ONLY = [
    'src/app/review-route.tsx',
    'src/app/word-store-factory.ts',
    'src/machines/review-machine.ts',
    'src/views/review/review-page.tsx',
    'src/domain/review-texts.ts',
    'src/domain/scheduling.ts',
    'src/platform/indexeddb-word-store.ts',
    'ts-fsrs',
    'idb',
  ];

  it('keeps the review screen, its machine, ts-fsrs and IndexedDB out of the main chunk', () => {
    const leaks = REVIEW_ONLY.filter((module) => chunk.has(module)).map((module) => `${module} (imported at ${chunk.get(module)})`);
    expect(leaks).toEqual([]);
  });

  it('loads the review route and the word store with import()', () => {
    const dynamic = (from: string, target: string) => edgesOf(from).some((edge) => edge.dynamic && edge.target === target);
    expect(dynamic('src/app/routes.tsx', 'src/app/review-route.tsx')).toBe(true);
    expect(dynamic('src/app/word-store-factory.ts', 'src/platform/indexeddb-word-store.ts')).toBe(true);
  });
});

describe('code splitting of the page texts', () => {
  const chunk = mainChunk();
  // One chunk per text language (src/app/text-chunks.ts): the entry carries no language's texts,
  // and nothing that gathers all of them.
  const LANGUAGE_CHUNKS = [
    'src/domain/texts/en.ts',
    'src/domain/texts/zh.ts',
    'src/domain/texts/es.ts',
    'common/shared-texts-en.ts',
    'common/shared-texts-zh.ts',
    'common/shared-texts-es.ts',
    'src/domain/all-texts.ts',
    'common/labels.ts',
  ];

  it('keeps every language texts out of the main chunk', () => {
    const leaks = LANGUAGE_CHUNKS.filter((module) => chunk.has(module)).map((module) => `${module} (imported at ${chunk.get(module)})`);
    expect(leaks).toEqual([]);
  });

  it('loads each language texts with import()', () => {
    const loaded = edgesOf('src/app/text-chunks.ts')
      .filter((edge) => edge.dynamic)
      .map((edge) => edge.target)
      .sort();
    expect(loaded).toEqual(['src/domain/texts/en.ts', 'src/domain/texts/es.ts', 'src/domain/texts/zh.ts']);
  });
});

describe('what the first paint does not need', () => {
  it('loads the cookie banner panel only when the banner opens', () => {
    const chunk = mainChunk();
    expect(chunk.has('src/views/consent/cookie-banner-slot.tsx')).toBe(true);
    expect(chunk.get('src/views/consent/cookie-banner-panel.tsx')).toBeUndefined();
  });

  it('loads the consent machine, the banner and the analytics loader with the consent chunk, not in the first load', () => {
    const chunk = mainChunk();
    for (const file of [
      'src/app/consent-runtime.tsx',
      'src/machines/consent-machine.ts',
      'src/app/consent-wiring.ts',
      'src/app/analytics-loader.tsx',
      'src/views/consent/cookie-banner.tsx',
    ])
      expect(chunk.get(file), file).toBeUndefined();
  });

  it('keeps the page entry down to the stylesheet, the early-tap listener and the app start', () => {
    const edges = edgesOf('src/app/boot.ts').filter((edge) => !edge.typeOnly);
    expect(edges.filter((edge) => !edge.dynamic).map((edge) => edge.target)).toEqual(['src/styles/app.css', 'src/platform/early-taps.ts']);
    // The listener imports nothing: the entry stays a few hundred bytes.
    expect(edgesOf('src/platform/early-taps.ts').filter((edge) => !edge.typeOnly)).toEqual([]);
    expect(edges.filter((edge) => edge.dynamic).map((edge) => edge.target)).toEqual(['src/app/main.tsx']);
  });
});

describe("code splitting of the article pages' app (decision 59)", () => {
  const chunk = mainChunk([{ importer: ROUTES, target: LIST_ROUTES, by: LIST_ROUTES_LAZY }]);
  const LIST_ONLY = [
    LIST_ROUTES,
    'src/app/list-wiring.ts',
    'src/app/learner-coverage-loader.tsx',
    'src/machines/article-list-machine.ts',
    'src/views/articles/article-list-page.tsx',
    'src/views/articles/article-filters.tsx',
    'src/views/home/home-page.tsx',
    'src/views/common/article-card.tsx',
  ];

  it('keeps the home and list routes out of its main chunk, and loads them with import()', () => {
    expect(mainChunk().has(LIST_ROUTES)).toBe(true);
    expect(chunk.has(LIST_ROUTES_LAZY)).toBe(true);
    const leaks = LIST_ONLY.filter((module) => chunk.has(module)).map((module) => `${module} (imported at ${chunk.get(module)})`);
    expect(leaks).toEqual([]);
    expect(edgesOf(LIST_ROUTES_LAZY).some((edge) => edge.dynamic && edge.target === LIST_ROUTES)).toBe(true);
  });
});
