/**
 * Taps on the article body's words before the app has hydrated it (issue 33). The page is on the
 * screen about a second before its code has run; a tap then would do nothing. The page's entry
 * (boot.ts, a few hundred bytes that run as soon as the page is parsed) installs this listener:
 * a tap on a word of a body host that does not answer taps yet marks that word with
 * PENDING_TAP_ATTRIBUTE (only the last tap counts), and the body's view replays it once its own
 * listener is attached (src/views/detail/isolated-html.tsx). Only an attribute passes between the
 * two, so the view needs no import from here.
 */
export const PENDING_TAP_ATTRIBUTE = 'data-pending-tap';
/** Set on the body's host once the app answers taps on its words. */
export const INTERACTIVE_ATTRIBUTE = 'data-interactive';

/**
 * `onTap` is told of every kept tap (the page's entry starts fetching the code that answers it: the route's
 * files, which otherwise wait for the app to start and ask for them).
 */
export function captureEarlyTaps(wordSelector: string, hostSelector: string, doc: Document = document, onTap?: () => void): () => void {
  const listener = (event: Event) => {
    const path = event.composedPath();
    const host = path.find((target): target is Element => target instanceof Element && target.matches(hostSelector));
    if (host === undefined || host.hasAttribute(INTERACTIVE_ATTRIBUTE) || host.shadowRoot === null) return;
    const word = path.find((target): target is Element => target instanceof Element && target.matches(wordSelector));
    if (word === undefined) return;
    host.shadowRoot.querySelectorAll(`[${PENDING_TAP_ATTRIBUTE}]`).forEach((element) => element.removeAttribute(PENDING_TAP_ATTRIBUTE));
    word.setAttribute(PENDING_TAP_ATTRIBUTE, '');
    onTap?.();
  };
  doc.addEventListener('click', listener, true);
  return () => doc.removeEventListener('click', listener, true);
}

/** Set on a form sent before the app answers it; the form's view sends it again (src/views/detail/article-reader.tsx). */
export const PENDING_SUBMIT_ATTRIBUTE = 'data-pending-submit';

/**
 * A form sent before the app has hydrated it (the article's look-up field): the browser would send it as a
 * page request and reload the page, losing the word typed. It is held instead and marked; the word stays in
 * the field, and the form's view sends it again once it answers (it then sets INTERACTIVE_ATTRIBUTE on it).
 */
export function captureEarlySubmits(formSelector: string, doc: Document = document, onSubmit?: () => void): () => void {
  const listener = (event: Event) => {
    const form = event.target;
    if (!(form instanceof Element) || !form.matches(formSelector) || form.hasAttribute(INTERACTIVE_ATTRIBUTE)) return;
    event.preventDefault();
    form.setAttribute(PENDING_SUBMIT_ATTRIBUTE, '');
    onSubmit?.();
  };
  doc.addEventListener('submit', listener, true);
  return () => doc.removeEventListener('submit', listener, true);
}
