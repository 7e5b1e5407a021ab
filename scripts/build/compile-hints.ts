/**
 * V8's explicit compile hint (Chromium 136+): a script or module that begins with
 * `//# allFunctionsCalledOnLoad` has every function compiled when it loads (off the main thread when
 * streamed) instead of each one on the main thread at its first call. Issue 26 (decision 42): on a
 * cold list page, the first calls of the cards' decode and coverage code compiled about 20
 * functions lazily inside the 16 ms that the 20 cards' coverage may take at 4× CPU (a trace of the
 * bench's cold pages: `V8.CompileCode`, 0.9–12 ms of the path). Only the small lazy chunks that hold
 * that path carry it: every function in them runs on that page, and they are a few KB. Other browsers
 * read the line as a comment.
 *
 * The app's chunk carries it too (issue 33, decision 53): React's reconciler, XState's interpreter and the routes run
 * on every page's start, and compiled one by one at first call they were 35–50 ms of main-thread time at 1× CPU,
 * inside the very tasks that became long at 4× (the module's evaluation and the first slices of hydration).
 */
import type { Plugin } from 'vite';

export const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The modules of the cards' coverage path, from the answers' texts to the cards' coverage
 * (scripts/bench/learner-coverage.ts measures the same modules, with the same hint).
 */
export const COVERAGE_PATH_MODULES =
  /[\\/](common[\\/]lemma-contract|common[\\/]lemma-answer-codecs|src[\\/]domain[\\/]coverage|src[\\/]domain[\\/]rank-statuses|src[\\/]domain[\\/]word-status|src[\\/]platform[\\/]work-in-slices|src[\\/]app[\\/]use-sliced-coverage|src[\\/]api[\\/]lemma-client)\.tsx?$/;

/** Lazy chunks above this are not hinted: only the coverage path's small chunks run every function they hold. */
const MAX_HINTED_BYTES = 16 * 1024;

/** The app's chunk: the build's `app` input (vite.config.ts), the entry boot.ts imports once the page is painted. */
export const APP_CHUNK_NAME = 'app';

function isHinted(chunk: { isEntry: boolean; name: string; code: string; moduleIds: readonly string[] }): boolean {
  if (chunk.isEntry) return chunk.name === APP_CHUNK_NAME;
  return chunk.code.length <= MAX_HINTED_BYTES && chunk.moduleIds.some((id) => COVERAGE_PATH_MODULES.test(id));
}

export function coveragePathCompileHints(): Plugin {
  return {
    name: 'coverage-path-compile-hints',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    // After minification, which would drop the comment (renderChunk runs before it), and after Vite's own generateBundle,
    // which puts the lazy imports' file list (`__vite__mapDeps`) at the top of the app's chunk: V8 reads the hint first.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((chunk) => chunk.type === 'chunk');
        // The app's chunk is found by its input's name: a build without it (the input renamed) must not lose the hint silently.
        if (chunks.some((chunk) => chunk.isEntry) && !chunks.some((chunk) => chunk.isEntry && chunk.name === APP_CHUNK_NAME))
          this.error(`compile hints: no entry chunk named '${APP_CHUNK_NAME}' (vite.config.ts's app input)`);
        for (const chunk of chunks) {
          if (!isHinted(chunk)) continue;
          chunk.code = `${EAGER_COMPILE_HINT}\n${chunk.code}`;
          // The source map: every generated line one further down.
          const map = bundle[`${chunk.fileName}.map`];
          if (chunk.map !== null) chunk.map.mappings = `;${chunk.map.mappings}`;
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const parsed = JSON.parse(map.source) as { mappings: string };
            parsed.mappings = `;${parsed.mappings}`;
            map.source = JSON.stringify(parsed);
          }
        }
      },
    },
  };
}
