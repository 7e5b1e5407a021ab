/**
 * The window side of moving between pages inside the app (src/machines/page-machine.ts decides
 * when): starting a page at its top, and hearing of back/forward.
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
