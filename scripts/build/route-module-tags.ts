/**
 * The build's <meta name="route-module"> tags (issue 33): which lazy chunks a page's entry (src/app/boot.ts) preloads,
 * and when. Used by vite.config.ts.
 */
import type { Plugin } from 'vite';

/** The article route's module (src/app/routes.tsx loads it lazily), and the early look-up's, loaded on a tap before it. */
export const ARTICLE_ROUTE = 'src/app/article-detail-route.tsx';
export const EARLY_LOOKUP = 'src/app/early-lookup.tsx';

/** The learner's IndexedDB store, imported on first use (src/app/word-store-factory.ts): the pages below read it at once. */
const WORD_STORE = 'src/platform/indexeddb-word-store.ts';

/**
 * The routes a server-rendered page hydrates at once, lazy chunks of the app (src/app/routes.tsx), by page kind, with
 * the store they read at once. Their files are named in <meta name="route-module" data-page="…" data-at-start> tags,
 * which the page's entry preloads at the app's start one per task: left to Vite's preload helper, the route's dozen
 * modulepreload links were appended in one go inside React's render when the lazy route was first read, one long task
 * (33–163 ms at 4× CPU on the words page; scripts/bench/page-tasks.ts).
 */
export const ROUTES_AT_START: Record<string, readonly string[]> = {
  words: ['src/app/words-route.tsx', WORD_STORE],
  review: ['src/app/review-route.tsx', WORD_STORE],
  level: ['src/app/level-route.tsx', WORD_STORE],
  progress: ['src/app/progress-route.tsx', WORD_STORE],
  practice: ['src/app/practice-route.tsx', WORD_STORE],
};

/**
 * The lazy chunks whose imports Vite's preload helper fetches beside them (a route shown after a click on a link, and
 * its store): a page's own route has them preloaded by the page's entry, so the helper finds them there and appends
 * nothing. Other lazy chunks (the due count, the cookie banner's runtime, head tags, loaded when the page settles)
 * import few files: fetched after the chunk is parsed, not as links appended in one task, which held the main
 * thread 25–52 ms at 4× CPU even for two or three. The early look-up keeps its list: a first tap waits for its
 * imports, and fetched after it is parsed they cost the tap a round trip (an entry 276 ms after the tap on a cold run).
 */
export const PRELOADED_WITH_IMPORTS = new RegExp(
  `/(${[...new Set(Object.values(ROUTES_AT_START).flat()), ARTICLE_ROUTE, EARLY_LOOKUP]
    .map((module) =>
      module
        .split('/')
        .pop()!
        .replace(/\.tsx?$/, ''),
    )
    .join('|')})-[\\w-]{8}\\.js$`,
);

/**
 * The article page's later code (issue 33): the route's chunk and the chunks it imports, beyond the
 * app's own files, named in <meta name="route-module" data-page="detail"> tags. The server keeps them
 * on article pages only (server/pages/html-shell.ts); the page's entry (boot.ts) preloads them at low
 * priority once the app has started and the browser is idle, so a first tap on a word does not wait
 * for their download. Preloading only fetches and compiles: they run when the route is wanted. The early
 * look-up's files (a tap before the route has hydrated) come first, marked data-early: a tap preloads them together
 * (src/app/article-route-gate.ts).
 */
export function routeModuleTags(): Plugin {
  return {
    name: 'route-module-tags',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle ?? {};
        const chunks = new Map(
          Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output] as const] : [])),
        );
        const appFiles = new Set([...chunks.values()].flatMap((chunk) => (chunk.isEntry ? [chunk.fileName, ...chunk.imports] : [])));
        const chunkOf = (module: string) => {
          const isModule = (id: string | null) => id?.replace(/\\/g, '/').endsWith(module) === true;
          // A module the build put in a named group (the early look-up, scripts/build/article-pages-app.ts) has no facade.
          const chunk =
            [...chunks.values()].find((candidate) => isModule(candidate.facadeModuleId)) ??
            [...chunks.values()].find((candidate) => candidate.moduleIds.some(isModule));
          if (chunk === undefined) throw new Error(`The build has no chunk for ${module}`);
          return chunk;
        };
        const files: string[] = [];
        const visit = (file: string) => {
          if (appFiles.has(file) || files.includes(file)) return;
          files.push(file);
          for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
        };
        const filesOf = (...modules: string[]) => {
          files.length = 0;
          for (const module of modules) visit(chunkOf(module).fileName);
          return [...files];
        };
        const earlyLookup = new Set(filesOf(EARLY_LOOKUP));
        return [
          ...filesOf(EARLY_LOOKUP, ARTICLE_ROUTE).map((file) => ({
            tag: 'meta',
            attrs: {
              name: 'route-module',
              content: `/${file}`,
              'data-page': 'detail',
              ...(earlyLookup.has(file) ? { 'data-early': true } : {}),
            },
            injectTo: 'head' as const,
          })),
          ...Object.entries(ROUTES_AT_START).flatMap(([page, modules]) =>
            filesOf(...modules).map((file) => ({
              tag: 'meta',
              attrs: { name: 'route-module', content: `/${file}`, 'data-page': page, 'data-at-start': true },
              injectTo: 'head' as const,
            })),
          ),
        ];
      },
    },
  };
}
