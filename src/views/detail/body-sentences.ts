/**
 * The sentences of a rendered article body as DOM ranges: the title and the blocks of
 * .nr-article-body, split with the domain's sentence rules. Read-aloud highlights these ranges;
 * a saved word keeps the text of the sentence it was met in.
 */
import { sentenceSpans, type SentenceSplitter } from '../../domain/sentences';

export interface BodySentence {
  readonly text: string;
  readonly range: Range;
}

const READABLE_BLOCKS = '.nr-article-title, .nr-article-body :is(p, li, h2, h3, h4, blockquote, figcaption)';

interface TextPiece {
  readonly node: Text;
  readonly from: number;
}

function textPieces(block: Element): { text: string; pieces: TextPiece[] } {
  const walker = block.ownerDocument.createTreeWalker(block, NodeFilter.SHOW_TEXT);
  const pieces: TextPiece[] = [];
  let text = '';
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    pieces.push({ node: node as Text, from: text.length });
    text += node.nodeValue ?? '';
  }
  return { text, pieces };
}

function pointAt(pieces: readonly TextPiece[], offset: number, atEnd: boolean): { node: Text; offset: number } {
  // The last piece starting at or before the offset (for an end, strictly before, so a range never ends at offset 0 of the next node).
  let chosen = pieces[0]!;
  for (const piece of pieces) {
    if (atEnd ? piece.from < offset : piece.from <= offset) chosen = piece;
    else break;
  }
  return { node: chosen.node, offset: offset - chosen.from };
}

/** Nested blocks (a <p> inside a <blockquote>) are read once, as the innermost block. */
function readableBlocks(root: ParentNode): Element[] {
  const blocks = [...root.querySelectorAll(READABLE_BLOCKS)];
  return blocks.filter((block) => !blocks.some((other) => other !== block && block.contains(other)));
}

/** Whether any readable block has text: cheap, unlike finding the sentences (nesting does not matter here). */
export function hasReadableText(root: ParentNode): boolean {
  return [...root.querySelectorAll(READABLE_BLOCKS)].some((block) => /\S/.test(block.textContent ?? ''));
}

function blockSentences(block: Element, result: BodySentence[], splitter?: SentenceSplitter): void {
  const { text, pieces } = textPieces(block);
  if (pieces.length === 0) return;
  for (const span of sentenceSpans(text, splitter)) {
    const range = block.ownerDocument.createRange();
    const start = pointAt(pieces, span.start, false);
    const end = pointAt(pieces, span.end, true);
    range.setStart(start.node, start.offset);
    range.setEnd(end.node, end.offset);
    result.push({ text: text.slice(span.start, span.end).replace(/\s+/g, ' '), range });
  }
}

export function bodySentences(root: ParentNode): BodySentence[] {
  const result: BodySentence[] = [];
  for (const block of readableBlocks(root)) blockSentences(block, result);
  return result;
}

/** The index of the sentence that holds the node, or -1 when it is in none (vocabulary, notes). */
export function sentenceIndexOf(sentences: readonly BodySentence[], node: Node): number {
  return sentences.findIndex(({ range }) => range.intersectsNode(node));
}

/** The sentence around a word of the body, or '' when the word is not in a readable block. */
export function sentenceAround(root: ParentNode, node: Node): string {
  // Only the word's own block is split (a sentence never spans two), by its end marks: the browser's
  // segmenter would start between a tap and its entry, a long task on a phone (issue 33).
  const element = node instanceof Element ? node : node.parentElement;
  const block = element?.closest(READABLE_BLOCKS);
  if (!block || !root.contains(block) || block.querySelector(READABLE_BLOCKS) !== null) return '';
  const sentences: BodySentence[] = [];
  blockSentences(block, sentences, 'end-marks');
  const index = sentenceIndexOf(sentences, node);
  return index === -1 ? '' : sentences[index]!.text;
}
