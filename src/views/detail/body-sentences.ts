/**
 * The sentences of a rendered article body as DOM ranges: the title's and the body's, in the sentence marks the
 * server wrapped each in (common/sentence-marks.ts, decision 62), so the browser splits nothing. Read-aloud reads
 * them and highlights their ranges; a tapped word's sentence is word-sentence.ts's.
 */
import { MARKED_SENTENCES, sentenceText, UNMARKED_BLOCKS } from './word-sentence';

export interface BodySentence {
  readonly text: string;
  readonly range: Range;
}

function sentenceElements(root: ParentNode): Element[] {
  const marked = [...root.querySelectorAll(MARKED_SENTENCES)];
  return marked.length > 0 ? marked : [...root.querySelectorAll(UNMARKED_BLOCKS)];
}

/** Whether the title or the body has any text to read. */
export function hasReadableText(root: ParentNode): boolean {
  return sentenceElements(root).some((element) => /\S/.test(element.textContent ?? ''));
}

export function bodySentences(root: ParentNode): BodySentence[] {
  return sentenceElements(root).flatMap((element) => {
    const text = sentenceText(element);
    if (text === '') return [];
    const range = element.ownerDocument.createRange();
    range.selectNodeContents(element);
    return [{ text, range }];
  });
}

/** The index of the sentence that holds the node, or -1 when it is in none (vocabulary, notes). */
export function sentenceIndexOf(sentences: readonly BodySentence[], node: Node): number {
  return sentences.findIndex(({ range }) => range.intersectsNode(node));
}
