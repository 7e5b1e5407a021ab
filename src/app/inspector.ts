/**
 * Developer inspection: in the dev server, `?inspect` on any URL connects every running actor
 * (language, lists, detail, consent, analytics, and the actors they invoke) to the Stately
 * inspector. This module only carries the observer to the actors; the inspector itself lives in
 * inspector-loader.ts, which main.tsx imports dynamically behind `import.meta.env.DEV`. Vite
 * replaces that with `false` in production builds, so the loader and the inspector package
 * never reach the bundle (tests/model/inspector-bundle.test.ts checks the build output).
 */
import { createContext, useContext } from 'react';
import type { InspectionEvent, Observer } from 'xstate';

export type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/** The inspector every actor the app creates should report to; undefined when not inspecting. */
export const InspectContext = createContext<Inspect | undefined>(undefined);

/** Pass the result as `inspect` in the options of every actor (or actor context Provider). */
export function useInspect(): Inspect | undefined {
  return useContext(InspectContext);
}

/** `?inspect`, `?inspect=1` or `&inspect` anywhere in the query string. */
export function wantsInspector(search: string): boolean {
  return new URLSearchParams(search).has('inspect');
}
