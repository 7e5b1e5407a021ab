/**
 * The article pages' app (issue 33, decision 59): a second client build, beside the first in the same folder, whose app
 * chunk leaves out the home and list routes' code (their views, the list machine, filters, cards, the coverage gate…):
 * on an article page that code ran never before the reader left for the list, yet it was a fifth of the first load's app
 * code. Its page is `article.html` (the server sends it for article pages, server/pages/page-templates.ts); every other page
 * keeps index.html and the first build's app, byte for byte. Used by vite.config.ts.
 */
import { resolve } from 'node:path';
import { build, type InlineConfig, type Plugin } from 'vite';
import { ARTICLE_ROUTE, EARLY_LOOKUP } from './route-module-tags';

/**
 * The built page of the article pages (beside index.html in the build's folder). The server's name for it is
 * server/http/paths.ts ARTICLE_TEMPLATE: the build imports nothing of server/ (as SERVER_BUILD_DIR in vite.config.ts), so
 * it keeps this copy, and tests/server/page-templates.test.ts checks the two agree.
 */
export const ARTICLE_TEMPLATE = 'article.html';
/** The home and list routes, imported by routes.tsx; the article pages' app imports the lazy module instead. */
export const LIST_ROUTES = 'src/app/list-routes.tsx';
export const LIST_ROUTES_LAZY = 'src/app/list-routes-lazy.tsx';
/** The one importer whose import of LIST_ROUTES is answered by LIST_ROUTES_LAZY (lazyListRoutes). */
export const ROUTES = 'src/app/routes.tsx';

const normalised = (path: string) => path.replace(/\\/g, '/');

/**
 * Modules the article page's first load needs that, without the list's code beside them in the app chunk, the bundler
 * would split into files of their own (imported by the page's texts and the early look-up): one request and a worse
 * compression each. The route's gate, loaded at the app's start on every article page, is the app's own there.
 */
const ARTICLE_APP_EXTRAS =
  /[\\/]src[\\/](?:domain[\\/]number-format\.ts|app[\\/]settle-unless-aborted\.ts|app[\\/]article-route-gate\.ts)$/;

interface ModuleGraph {
  getModuleInfo(id: string): { readonly importedIds: readonly string[] } | null;
}

/**
 * The article build's chunks beside the bundler's own: the app chunk (vite.config.ts's `app` group), what the app's entry
 * imports statically, as in the first build, and ARTICLE_APP_EXTRAS (a name function: `tags: ['$initial']` cannot add
 * modules); and one chunk for what the list's routes and the article's route share beyond it (dates, category tags, the
 * shared texts, an analytics event), which the bundler made four files of: four more links for the route's code to
 * append when the page settles (one long task, scripts/bench/page-tasks.ts; decision 59).
 */
export function articleAppGroup(pageEntry: RegExp, appEntry: string, root: () => string) {
  const reach = new Map<string, Set<string>>();
  // A module and what it imports statically, followed (module ids are absolute paths, resolved against the build's root:
  // the build may run from another folder than the project's).
  const reachOf = (graph: ModuleGraph, module: string): Set<string> => {
    const known = reach.get(module);
    if (known !== undefined) return known;
    const entry = resolve(root(), module);
    if (graph.getModuleInfo(entry) === null) throw new Error(`The article pages' build has no module ${entry}`);
    const reached = new Set<string>([entry]);
    for (const next of reached) for (const imported of graph.getModuleInfo(next)?.importedIds ?? []) reached.add(imported);
    reach.set(module, reached);
    return reached;
  };
  return {
    name: (id: string, graph: ModuleGraph) => {
      if (pageEntry.test(id)) return null;
      if (ARTICLE_APP_EXTRAS.test(id) || reachOf(graph, appEntry).has(id)) return 'app';
      if (reachOf(graph, EARLY_LOOKUP).has(id)) return 'early-lookup';
      return reachOf(graph, LIST_ROUTES).has(id) && reachOf(graph, ARTICLE_ROUTE).has(id) ? 'list-article-shared' : null;
    },
  };
}

/** routes.tsx's import of the list routes answered by the lazy module (which itself imports the real one with import()). */
export function lazyListRoutes(root: string): Plugin {
  return {
    name: 'lazy-list-routes',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (importer === undefined || !normalised(importer).endsWith(ROUTES) || !/^\.\/list-routes(?:\.tsx)?$/.test(source)) return null;
      return this.resolve(resolve(root, LIST_ROUTES_LAZY), importer, { ...options, skipSelf: true });
    },
  };
}

/** The article build's page is written as article.html, so the first build's index.html stays. */
export function articleTemplateName(): Plugin {
  return {
    name: 'article-template-name',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (page?.type !== 'asset') throw new Error("The article pages' build has no index.html to write as article.html");
      delete bundle['index.html'];
      this.emitFile({ type: 'asset', fileName: ARTICLE_TEMPLATE, source: page.source });
    },
  };
}

/**
 * Runs the article pages' build (`config`: vite.config.ts's client config for that family) once the first build is
 * written, into its folder without emptying it: the shared files (the page's entry, the style sheet, the texts) come out
 * with the same names, the app and its lazy chunks with their own.
 */
export function articlePagesBuild(config: () => InlineConfig): Plugin {
  let outDir = '';
  let root = '';
  let mode = 'production';
  let skip = false;
  return {
    name: 'article-pages-build',
    apply: 'build',
    configResolved(resolved) {
      root = resolved.root;
      outDir = resolve(resolved.root, resolved.build.outDir);
      mode = resolved.mode;
      skip = Boolean(resolved.build.ssr);
    },
    closeBundle: {
      sequential: true,
      order: 'pre',
      async handler() {
        if (skip) return;
        const inline = config();
        await build({
          ...inline,
          configFile: false,
          root,
          mode,
          logLevel: 'warn',
          plugins: [...(inline.plugins ?? []), lazyListRoutes(root), articleTemplateName()],
          build: { ...inline.build, outDir, emptyOutDir: false, copyPublicDir: false },
        });
      },
    },
  };
}
