import { useCallback, useRef } from 'react';
import { WordLookupActorContext } from './word-lookup-context';

/**
 * Opening and closing the word entry, shared by the article's reader and the early look-up: the element
 * that opened the entry (a word or the look-up field; an entry replaced by another keeps the first) gets
 * the focus back when it closes by the keyboard or its button (not by a tap elsewhere, which has put the
 * focus where it wants).
 */
export function useEntryClose(): { rememberOpener: (element: HTMLElement) => void; close: (restoreFocus: boolean) => void } {
  const actor = WordLookupActorContext.useActorRef();
  const openerRef = useRef<HTMLElement | null>(null);
  const rememberOpener = useCallback(
    (element: HTMLElement) => {
      if (actor.getSnapshot().matches('idle')) openerRef.current = element;
    },
    [actor],
  );
  const close = useCallback(
    (restoreFocus: boolean) => {
      actor.send({ type: 'CLOSED' });
      const target = openerRef.current;
      openerRef.current = null;
      if (restoreFocus && target?.isConnected) target.focus();
    },
    [actor],
  );
  return { rememberOpener, close };
}
