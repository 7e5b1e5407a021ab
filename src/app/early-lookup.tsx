/**
 * The early look-up (issue 33): a word tapped on a server-rendered article before its route has hydrated opens
 * its entry at once, in a React root of its own, without the route. The route (its look-up, read-aloud, the
 * learner's words) would otherwise hydrate in one synchronous task at the tap's priority before the entry could
 * open. This chunk is the look-up machine with its dictionary client and the entry's view, imported by
 * routes.tsx on the first kept tap (the page's entry marks it, src/platform/early-taps.ts).
 *
 * The root's container is appended to the body, outside the hydrated tree, so nothing of the server's HTML is
 * touched. Words tapped while it waits are its own. When the route hydrates (the body's host gets
 * `data-interactive`), the root hands over: it unmounts, and an entry still open is opened again by the route's
 * look-up on the same word, where Hear, Save and the word's status work. One entry is on the screen throughout.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { textLanguageFor, type TextLanguage } from '../../common/languages';
import { createDictionaryClient } from '../api/dictionary-client';
import { languageFromPath } from '../domain/routing';
import { readingHelpTextsFor } from '../domain/word-lookup-texts';
import { sentenceAround } from '../views/detail/word-sentence';
import { WordEntry } from '../views/detail/word-entry';
import { WordLookupActorContext } from '../views/detail/word-lookup-context';
import { wiredWordLookup } from './word-lookup-wiring';
import { useEntryClose } from '../views/detail/use-entry-close';

/** The body's words (views/detail/article-reader.tsx BODY_WORD_SELECTOR), and the marks of early-taps.ts. */
const WORD_SELECTOR = '.nr-w, .nr-vocab-word';
const PENDING_TAP = 'data-pending-tap';
const INTERACTIVE = 'data-interactive';

function wordIn(path: readonly EventTarget[]): HTMLElement | undefined {
  return path.find((target): target is HTMLElement => target instanceof HTMLElement && target.matches(WORD_SELECTOR));
}

interface EarlyEntryProps {
  host: Element;
  /** The kept tap's word. */
  first: HTMLElement | null;
  root: ShadowRoot;
  language: TextLanguage;
  /** The route has hydrated: `reopen` is the word whose entry is open, for the route's look-up to open again. */
  onHandOver: (reopen: HTMLElement | null) => void;
  onPainted: () => void;
}

function EarlyEntry({ host, first, root, language, onHandOver, onPainted }: EarlyEntryProps) {
  const actor = WordLookupActorContext.useActorRef();
  const [anchor, setAnchor] = useState<HTMLElement | null>(first);
  const anchorRef = useRef<HTMLElement | null>(first);
  const { rememberOpener, close } = useEntryClose();
  const texts = readingHelpTextsFor(language);

  const lookUp = useCallback(
    (word: HTMLElement) => {
      word.removeAttribute(PENDING_TAP);
      rememberOpener(word);
      anchorRef.current = word;
      const sentence = sentenceAround(root, word);
      actor.send({
        type: 'WORD_SELECTED',
        text: word.textContent ?? '',
        ...(word.dataset.phrase ? { phrase: word.dataset.phrase } : {}),
        ...(sentence ? { sentence } : {}),
      });
    },
    [actor, root, rememberOpener],
  );
  const open = useCallback(
    (word: HTMLElement) => {
      setAnchor(word);
      lookUp(word);
    },
    [lookUp],
  );

  // Before the first paint: the entry opens in this root's first frame, and the dictionary request starts now.
  useLayoutEffect(() => {
    if (first !== null && !host.hasAttribute(INTERACTIVE)) lookUp(first);
  }, [first, host, lookUp]);

  useEffect(() => {
    const handOver = () => {
      const word = anchorRef.current;
      onHandOver(!actor.getSnapshot().matches('idle') && word?.isConnected ? word : null);
    };
    if (host.hasAttribute(INTERACTIVE)) return handOver();
    // Later taps before the route is there are this root's too (the page's entry has marked them by now).
    const onClick = (event: Event) => {
      if (host.hasAttribute(INTERACTIVE)) return;
      const word = wordIn(event.composedPath());
      if (word !== undefined) open(word);
    };
    document.addEventListener('click', onClick, true);
    const observer = new MutationObserver(() => {
      if (host.hasAttribute(INTERACTIVE)) handOver();
    });
    observer.observe(host, { attributes: true, attributeFilter: [INTERACTIVE] });
    // The next frame after this commit: the entry is on the screen, the route may take the main thread.
    const frame = requestAnimationFrame(() => setTimeout(onPainted));
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('click', onClick, true);
      observer.disconnect();
    };
  }, [actor, host, root, open, onHandOver, onPainted]);

  // Until the route is there, a tap on a word opens that word here (not "outside", which would close the entry).
  const isOwnTrigger = useCallback((path: readonly EventTarget[]) => !host.hasAttribute(INTERACTIVE) && wordIn(path) !== undefined, [host]);

  return <WordEntry texts={texts} textLanguage={language} anchor={anchor} onClose={close} isOwnTrigger={isOwnTrigger} />;
}

let started = false;

/**
 * Opens the kept tap's entry in a root of its own, unless the route is already there. Resolves once the entry
 * has been painted (or at once when nothing was opened): the route's code waits for it.
 */
export function startEarlyLookup(host: Element): Promise<void> {
  const shadow = host.shadowRoot;
  if (started || shadow === null || host.hasAttribute(INTERACTIVE)) return Promise.resolve();
  started = true;
  const container = document.createElement('div');
  container.className = 'early-lookup';
  document.body.append(container);
  const root = createRoot(container);
  const language = textLanguageFor(languageFromPath(window.location.pathname));
  const logic = wiredWordLookup(createDictionaryClient());
  const pending = shadow.querySelector(`[${PENDING_TAP}]`);
  const first = pending instanceof HTMLElement ? pending : null;
  return new Promise((resolve) => {
    // After the task that told (React's own commit, or the route's): a root is not unmounted while React renders.
    const handOver = (reopen: HTMLElement | null) =>
      queueMicrotask(() => {
        root.unmount();
        container.remove();
        // The route's look-up opens the same word: its entry, with Save, replaces this one.
        reopen?.click();
        resolve();
      });
    // Rendered in this task, not in a task of React's scheduler: there it came after the app's hydration, started earlier
    // at the same priority, whose slices kept their place ahead of it (decision 43).
    flushSync(() =>
      root.render(
        <WordLookupActorContext.Provider logic={logic} options={{ input: { language } }}>
          <EarlyEntry host={host} first={first} root={shadow} language={language} onHandOver={handOver} onPainted={resolve} />
        </WordLookupActorContext.Provider>,
      ),
    );
  });
}
