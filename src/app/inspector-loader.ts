/**
 * Loaded only by the dev server (see main.tsx): opens the Stately inspector when the URL asks
 * for it with `?inspect`.
 */
import { createBrowserInspector } from '@statelyai/inspect';
import { wantsInspector, type Inspect } from './inspector';

/**
 * Returns the observer to hand to actors, or undefined when the page did not ask for it or
 * the inspector failed to start (which must never stop the app).
 */
export function startInspectorIfAsked(search: string): Inspect | undefined {
  if (!wantsInspector(search)) return undefined;
  try {
    return createBrowserInspector().inspect;
  } catch (error) {
    console.warn('The Stately inspector could not be started; the app runs without it.', error);
    return undefined;
  }
}
