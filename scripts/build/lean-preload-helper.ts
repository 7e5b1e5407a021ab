/**
 * Vite's helper for `import()` with a preload list (`__vitePreload`), in the app's chunk on every page, replaced by
 * one that does what this app needs of it (decision 49): append a `<link rel="modulepreload">` for each file of the
 * list that no link of the page names yet, then import. Vite's own also handles a lazy chunk's CSS (this build has
 * one stylesheet, in the page: the plugin fails the build if a lazy chunk gets CSS), a CSP nonce meta (this app's
 * CSP names no nonce), browsers without modulepreload (which ignore the link and fetch at the import, as with
 * boot.ts's links) and a `vite:preloadError` event (no listener here; the import's rejection reaches the caller,
 * as Vite's does without one).
 */
import type { Plugin } from 'vite';

const HELPER_ID = '\0vite/preload-helper.js';

/** The helper's module. `deps` are file names under the build's base (`base`), as Vite's preload lists give them. */
export const leanPreloadHelperCode = (base = '/') => `const seen = new Set();
export const __vitePreload = (load, deps) => {
  for (const dep of deps || []) {
    const href = new URL(${JSON.stringify(base)} + dep, location.href).href;
    if (seen.has(href)) continue;
    seen.add(href);
    if ([...document.getElementsByTagName('link')].some((link) => link.href === href)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
  return load();
};
`;

export function leanPreloadHelper(): Plugin {
  let base = '/';
  return {
    name: 'lean-preload-helper',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      // Vite's helper resolves a relative base (and renderBuiltUrl's paths) against the importing chunk; this one
      // prefixes the base to each file, which holds for a path from the root or a full URL only.
      if (!config.base.startsWith('/') && !/^https?:\/\//.test(config.base)) {
        throw new Error(`The lean preload helper needs a base that is a path from the root or a full URL, not "${config.base}"`);
      }
      if (config.experimental.renderBuiltUrl) throw new Error('The lean preload helper does not follow experimental.renderBuiltUrl');
      base = config.base;
    },
    resolveId: (id) => (id === HELPER_ID ? HELPER_ID : null),
    load: (id) => (id === HELPER_ID ? leanPreloadHelperCode(base) : null),
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        const css = output.type === 'chunk' && !output.isEntry ? [...(output.viteMetadata?.importedCss ?? [])] : [];
        if (css.length > 0) {
          throw new Error(`The lazy chunk ${output.fileName} imports CSS (${css.join(', ')}), which the lean preload helper does not load`);
        }
      }
    },
  };
}
