/**
 * The sentence around a tapped word, from the marks the server wrapped each sentence of the title and the body in
 * (common/sentence-marks.ts, decision 62). Apart from body-sentences.ts (read-aloud's ranges) because the early look-up
 * (src/app/early-lookup.tsx) needs only this, in the file the article page preloads as its app starts.
 */
import { SENTENCE_MARK_CLASS } from '../../../common/sentence-marks';

/** The marked sentences of the title and the body (not the summary's or the notes' text). */
export const MARKED_SENTENCES = `:is(.nr-article-title, .nr-article-body) .${SENTENCE_MARK_CLASS}`;
/** A page rendered before the marks (kept until its stored copy is rendered again): each block is one sentence. */
export const UNMARKED_BLOCKS = '.nr-article-title, .nr-article-body p';

/** A sentence's text as it reads: its white space as single spaces. */
export function sentenceText(element: Element): string {
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The sentence around a word of the title or the body, or '' when the word is in neither. */
export function sentenceAround(root: ParentNode, node: Node): string {
  const element = node instanceof Element ? node : node.parentElement;
  const sentence = element?.closest(`.${SENTENCE_MARK_CLASS}, ${UNMARKED_BLOCKS}`);
  if (!sentence || !root.contains(sentence) || !sentence.matches(`${MARKED_SENTENCES}, ${UNMARKED_BLOCKS}`)) return '';
  return sentenceText(sentence);
}
