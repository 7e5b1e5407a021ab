/**
 * The window side of moving between pages: starting a page at its top, and hearing of
 * back/forward (src/machines/page-machine.ts decides when), and of the page going away
 * (src/machines/reading-progress-machine.ts ends the learner's visit then).
 */

/**
 * Scrolls to the top and, when asked, moves focus to <main> without scrolling again, as a full
 * page load would. An address with a fragment is left alone: the browser scrolls to its target.
 */
export function startPageAtTop(focusMain: boolean, win: Window = window): void {
  if (win.location.hash !== '') return;
  win.scrollTo(0, 0);
  if (focusMain) win.document.getElementById('main')?.focus({ preventScroll: true });
}

/** Calls `listener` when the learner goes back or forward (popstate); returns the unsubscribe function. */
export function onHistoryTraversal(listener: () => void, win: Window = window): () => void {
  win.addEventListener('popstate', listener);
  return () => win.removeEventListener('popstate', listener);
}

/** Calls `listener` when the page is being unloaded or put away (pagehide); returns the unsubscribe function. */
export function onPageHide(listener: () => void, win: Window = window): () => void {
  win.addEventListener('pagehide', listener);
  return () => win.removeEventListener('pagehide', listener);
}
