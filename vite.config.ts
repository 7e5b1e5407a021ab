import { join, resolve } from 'node:path';
import { build, defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import ts from 'typescript';
import { articleAppGroup, articlePagesBuild } from './scripts/build/article-pages-app';
import { coveragePathCompileHints } from './scripts/build/compile-hints';
import { precompressedFiles } from './scripts/build/precompressed-files';
import { leanPreloadHelper } from './scripts/build/lean-preload-helper';
import { pureIoTs } from './scripts/build/pure-io-ts';
import { reactSyncStore } from './scripts/build/react-sync-store';
import { PRELOADED_WITH_IMPORTS, routeModuleTags } from './scripts/build/route-module-tags';

// The API server (`npm start`) listens on 3000 by default; the dev server forwards /api there
// so the browser sees one origin, as it does in production where the API server also serves dist/.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

/** `source` with every `description: <string>` property (and its comma) blanked out. */
export function blankMachineDescriptions(source: string, fileName = 'machine.ts'): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const spans: Array<[number, number]> = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'description' &&
      (ts.isStringLiteral(node.initializer) || ts.isNoSubstitutionTemplateLiteral(node.initializer))
    ) {
      const end = source[node.getEnd()] === ',' ? node.getEnd() + 1 : node.getEnd();
      spans.push([node.getStart(file), end]);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let result = source;
  for (const [start, end] of spans.reverse()) {
    result = result.slice(0, start) + result.slice(start, end).replace(/[^\n]/g, ' ') + result.slice(end);
  }
  return result;
}

/**
 * State descriptions are documentation: docs/machines.md, the QA test paths (npm run test:paths)
 * and the Stately inspector in the dev server read them from the machine definitions. The
 * production bundle has no use for them, so the build blanks them out of src/machines/*.ts. Each
 * `description: '…',` becomes spaces (newlines kept): every other character stays where it was,
 * so the source maps need no change.
 */
function stripMachineDescriptions(): Plugin {
  return {
    name: 'strip-machine-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/]machines[\\/][^\\/]+\.ts$/.test(id)) return null;
      return { code: blankMachineDescriptions(code, id), map: null };
    },
  };
}

/**
 * Each text language's texts are a chunk of their own (src/app/text-chunks.ts), which main.tsx
 * waits for before the first render. index.html names each as an app module (appModuleTags), marked
 * with its language (data-text-language); the server keeps only the page language's
 * (server/http/html-shell.ts), so boot.ts fetches it alongside the app instead of after it.
 */
function preloadTextChunks(): Plugin {
  return {
    name: 'preload-text-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle ?? {};
        const entryFiles = new Set(
          Object.values(bundle).flatMap((output) =>
            output.type === 'chunk' && output.isEntry ? [output.fileName, ...output.imports] : [],
          ),
        );
        return Object.values(bundle).flatMap((output) => {
          const language =
            output.type === 'chunk' ? /[\\/]src[\\/]domain[\\/]texts[\\/](\w+)\.ts$/.exec(output.facadeModuleId ?? '')?.[1] : undefined;
          if (output.type !== 'chunk' || language === undefined) return [];
          // With what the chunk imports beyond the entry's own files (the bundler may split out what the languages share).
          const files = [output.fileName, ...output.imports.filter((file) => !entryFiles.has(file))];
          return files.map((file) => ({
            tag: 'meta',
            attrs: { name: 'app-module', content: `/${file}`, 'data-text-language': language },
            injectTo: 'head' as const,
          }));
        });
      },
    },
  };
}

/**
 * The page's entry (index.html, its script, the early-tap listener it installs and its stylesheet):
 * it must stay apart from the app.
 */
const PAGE_ENTRY = /(?:[\\/]src[\\/]app[\\/]boot\.ts|[\\/]src[\\/]platform[\\/]early-taps\.ts|[\\/]index\.html|\.css)$/;

/** The app's entry: a second entry of the build, started by the page's entry (src/app/boot.ts) after the first paint. */
export const APP_ENTRY = 'src/app/main.tsx';

/**
 * The page's entry (src/app/boot.ts, in index.html) is tiny; the app is an entry of its own, which
 * boot.ts starts once the server-rendered page is painted. The head names the app's modules in
 * <meta name="app-module"> tags (the entry marked data-app-entry, the chunks it imports, and the
 * page language's texts, see preloadTextChunks); boot.ts preloads them all at once, then imports the
 * entry. Nothing but the page and its stylesheet is fetched before the first paint, so on a slow
 * connection they do not share the bandwidth with the app's code (docs/decisions.md, 8).
 */
function appModuleTags(family: 'pages' | 'article'): Plugin {
  const app = { name: 'app', tags: ['$initial' as const], test: (id: string) => !PAGE_ENTRY.test(id) };
  // The build's root, once resolved (the article group resolves module paths against it, not the process's folder).
  let root = '';
  return {
    name: 'app-module-tags',
    apply: 'build',
    configResolved(resolved) {
      root = resolved.root;
    },
    config: () => ({
      build: {
        rollupOptions: {
          input: { index: 'index.html', app: APP_ENTRY },
          // Everything the app's entry imports statically goes into one chunk with it. Left to itself the
          // bundler splits out what the lazy chunks share with it (@xstate/react, the shared texts), and
          // each extra file costs a request and compresses worse on its own.
          output: { codeSplitting: { groups: [family === 'pages' ? app : articleAppGroup(PAGE_ENTRY, APP_ENTRY, () => root)] } },
        },
      },
    }),
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const app = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId?.replace(/\\/g, '/').endsWith(APP_ENTRY),
        );
        if (app?.type !== 'chunk') throw new Error(`The build has no chunk for the app's entry ${APP_ENTRY}`);
        // A module script is deferred, yet fetched at high priority, beside the stylesheet the first paint
        // waits for; the page's entry waits for that paint anyway (and Lighthouse counts a high-priority
        // script as render-blocking). Vite writes the tag itself, so the attribute is added here.
        const entryScript = /<script type="module"(?= )/;
        if (!entryScript.test(html)) throw new Error('index.html has no module script for the page entry to mark as low priority');
        return {
          html: html.replace(entryScript, '<script type="module" fetchpriority="low"'),
          tags: [
            { tag: 'meta', attrs: { name: 'app-module', content: `/${app.fileName}`, 'data-app-entry': true }, injectTo: 'head' as const },
            ...app.imports.map((file) => ({ tag: 'meta', attrs: { name: 'app-module', content: `/${file}` }, injectTo: 'head' as const })),
          ],
        };
      },
    },
  };
}

/** The server-rendering entry and where its build goes, inside the client build's folder (server/ssr.ts loads it). */
export const SERVER_ENTRY = 'src/app/entry-server.tsx';
export const SERVER_BUILD_DIR = 'server';

/**
 * Every client build (npm run build, npm start's build, the browser tests' and the benchmark's) also
 * builds the server-rendering module into <outDir>/server/entry-server.js, with the same plugins and
 * VITE_* settings, so the two can never come from different sources. Everything it imports is bundled
 * in (react-dom/server included), so the file runs from any folder, also outside the project.
 */
function serverEntryBuild(): Plugin {
  let outDir = '';
  let root = '';
  let mode = 'production';
  let isServerBuild = false;
  return {
    name: 'server-entry-build',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      mode = config.mode;
      isServerBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (isServerBuild) return;
      await build({
        configFile: false,
        root,
        mode,
        logLevel: 'warn',
        plugins: [react(), stripMachineDescriptions()],
        ssr: { noExternal: true },
        // React's production build, whatever NODE_ENV the server runs with.
        define: { 'process.env.NODE_ENV': JSON.stringify(mode === 'production' ? 'production' : 'development') },
        build: {
          ssr: SERVER_ENTRY,
          outDir: join(outDir, SERVER_BUILD_DIR),
          emptyOutDir: true,
          sourcemap: false,
          copyPublicDir: false,
          // One file: the server loads a rebuilt one as a new module (by a query on its URL), and lazy
          // chunks importing the entry by its plain URL would get a second copy of React's contexts.
          rollupOptions: { output: { codeSplitting: false } },
        },
      });
    },
  };
}

/**
 * The client build's settings. Two families of pages (decision 59): `pages` is the first build (index.html: home, list,
 * the learner's pages); `article` is built after it into the same folder (article.html, scripts/build/article-pages-app.ts),
 * its app without the home and list routes' code, which it loads when the reader goes there.
 */
function clientConfig(family: 'pages' | 'article'): UserConfig {
  return {
    plugins: [
      react(),
      stripMachineDescriptions(),
      pureIoTs(),
      reactSyncStore(),
      leanPreloadHelper(),
      appModuleTags(family),
      preloadTextChunks(),
      routeModuleTags(),
      ...(family === 'pages' ? [articlePagesBuild(() => clientConfig('article')), serverEntryBuild()] : []),
      coveragePathCompileHints(),
      precompressedFiles(),
    ],
    server: {
      proxy: {
        '/api': { target: apiTarget, changeOrigin: false },
      },
    },
    build: {
      outDir: 'dist',
      assetsDir: 'assets',
      sourcemap: true,
      // Every browser of Vite's default target but Safari 16.4–16.6 and Firefox 114 supports
      // modulepreload; those two fetch a preloaded module when it is imported instead. The polyfill
      // would cost every visitor about 0.3 KiB gzip of the first load (docs/decisions.md, 8).
      // The preload list of a lazy chunk names its static imports, fetched beside it rather than after it
      // is parsed; it leaves out the chunk itself, which import() fetches at the same moment anyway. Every
      // name in these lists is in the first-load app chunk (issue 26's budget: 222 B gzip saved).
      // Only a route's chunk and the store's keep a list (PRELOADED_WITH_IMPORTS above).
      modulePreload: {
        polyfill: false,
        resolveDependencies: (chunk, deps) => (PRELOADED_WITH_IMPORTS.test(`/${chunk}`) ? deps.filter((dep) => dep !== chunk) : []),
      },
    },
  };
}

export default defineConfig(clientConfig('pages'));
