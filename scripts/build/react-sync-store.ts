/**
 * React's own useSyncExternalStore for the packages that import the `use-sync-external-store` shim (@xstate/react,
 * wouter): the shim's code checks for React's hook and, with React 18 or later, returns it, so shipping its fallback
 * (and the shim's selector version, built on it) only added bytes to every page's first load (decision 49).
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const REACT_HOOK_MODULE = fileURLToPath(new URL('./react-sync-store-hook.ts', import.meta.url));

export function reactSyncStore(): Plugin {
  return {
    name: 'react-sync-store',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          // The selector version without the shim, which calls React's hook (the package's own entry for React 18+).
          { find: /^use-sync-external-store\/shim\/with-selector(?:\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
          { find: /^use-sync-external-store\/shim(?:\/index\.js)?$/, replacement: REACT_HOOK_MODULE },
        ],
      },
    }),
  };
}
