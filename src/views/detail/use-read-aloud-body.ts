/**
 * The article body's side of read-aloud: each time the body is rendered, tells the read-aloud actor
 * how to find its sentences (the first Play does) and keeps their ranges; highlights the sentence
 * being read (CSS Custom Highlight API, so the body's DOM is never rewritten) and keeps it in view;
 * and turns a click on a sentence into "read from here" while the player is reading.
 */
import { useCallback, useEffect, useRef } from 'react';
import { bodySentences, hasReadableText, sentenceIndexOf, type BodySentence } from './body-sentences';
import type { BodyActivation } from './isolated-html';
import { ReadAloudActorContext } from './read-aloud-context';

export const READ_ALOUD_HIGHLIGHT = 'read-aloud';
/** On the body's host: the index (from 0) of the sentence being read; absent when nothing is. */
export const READING_SENTENCE_ATTRIBUTE = 'data-reading-sentence';

interface HighlightRegistry {
  set(name: string, highlight: unknown): void;
  delete(name: string): void;
}

function highlights(): { registry: HighlightRegistry; Highlight: new (range: Range) => unknown } | null {
  const registry = (globalThis.CSS as { highlights?: HighlightRegistry } | undefined)?.highlights;
  const Highlight = (globalThis as { Highlight?: new (range: Range) => unknown }).Highlight;
  return registry !== undefined && Highlight !== undefined ? { registry, Highlight } : null;
}

/**
 * The part of the window the player leaves free while it reads: below it when it is stuck at the
 * top (wide screens), above it when it is the phone's toolbar fixed to the bottom.
 */
function freeArea(): { top: number; bottom: number } {
  const player = document.querySelector('.read-aloud');
  const rect = player?.getBoundingClientRect();
  if (player && rect && getComputedStyle(player).position === 'fixed') return { top: 0, bottom: Math.min(window.innerHeight, rect.top) };
  return { top: rect !== undefined && rect.top <= 1 ? Math.max(0, rect.bottom) : 0, bottom: window.innerHeight };
}

/** Scrolls only when part of the sentence is out of sight (or under the player), and then brings the whole of it in. */
function keepInView(range: Range) {
  const rect = range.getBoundingClientRect?.();
  const { top, bottom } = freeArea();
  if (rect === undefined || (rect.top >= top && rect.bottom <= bottom)) return;
  const room = bottom - top;
  const by = rect.height > room * 0.75 ? rect.top - top - 16 : rect.top - top - room / 4;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
  window.scrollBy?.({ top: by, behavior: reduced ? 'auto' : 'smooth' });
}

export function useReadAloudBody(): { onRendered: (container: HTMLElement) => void; activation: BodyActivation } {
  const actor = ReadAloudActorContext.useActorRef();
  const sentences = useRef<BodySentence[]>([]);
  const host = useRef<Element | null>(null);
  const reading = ReadAloudActorContext.useSelector((snapshot) => (snapshot.matches('reading') ? snapshot.context.index : null));

  const onRendered = useCallback(
    (container: HTMLElement) => {
      sentences.current = [];
      const root = container.getRootNode();
      host.current = root instanceof ShadowRoot ? root.host : null;
      if (!hasReadableText(container)) {
        actor.send({ type: 'SENTENCES_READY', sentences: [] });
        return;
      }
      // The sentences (the server's marks, with a range each) are found at the first Play.
      actor.send({
        type: 'BODY_RENDERED',
        findSentences: () => {
          sentences.current = bodySentences(container);
          return sentences.current.map(({ text }) => text);
        },
      });
    },
    [actor],
  );

  useEffect(() => {
    const api = highlights();
    const sentence = reading === null ? undefined : sentences.current[reading];
    if (sentence === undefined) {
      api?.registry.delete(READ_ALOUD_HIGHLIGHT);
      host.current?.removeAttribute(READING_SENTENCE_ATTRIBUTE);
      return;
    }
    api?.registry.set(READ_ALOUD_HIGHLIGHT, new api.Highlight(sentence.range));
    host.current?.setAttribute(READING_SENTENCE_ATTRIBUTE, String(reading));
    keepInView(sentence.range);
  }, [reading]);

  // The body goes when another article starts loading in the same route: its speech goes with it.
  useEffect(
    () => () => {
      highlights()?.registry.delete(READ_ALOUD_HIGHLIGHT);
      actor.send({ type: 'STOP' });
    },
    [actor],
  );

  const activation: BodyActivation = {
    selector: '.nr-article-title, .nr-article-body',
    onActivate: (_element, event) => {
      // Enter or Space on a vocabulary button (a click with no pointer) still looks the word up.
      if (event instanceof MouseEvent && event.detail === 0) return false;
      // Paused, a click looks the word up: a learner often pauses to ask what a word means.
      if (!actor.getSnapshot().matches({ reading: 'speaking' }) || !(event.target instanceof Node)) return false;
      const index = sentenceIndexOf(sentences.current, event.target);
      if (index === -1) return false;
      actor.send({ type: 'PLAY_FROM', index });
      return true;
    },
  };
  return { onRendered, activation };
}
