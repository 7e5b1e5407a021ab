/** What the `use-sync-external-store/shim` module gives on React 18 or later: React's own hook (react-sync-store.ts). */
export { useSyncExternalStore } from 'react';
