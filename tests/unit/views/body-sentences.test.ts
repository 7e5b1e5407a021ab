import { describe, expect, it } from 'vitest';
import { bodySentences, sentenceAround, sentenceIndexOf } from '../../../src/views/detail/body-sentences';

/** A body as the server renders it: every word a span, vocabulary words buttons, notes apart. */
const BODY = `
  <h1 class="nr-article-title"><span class="nr-w">Harbour</span> <span class="nr-w">reopens</span></h1>
  <div class="nr-article-body">
    <p><span class="nr-w">Mr</span>. <span class="nr-w">Lee</span> <span class="nr-w">said</span> <span class="nr-w">ships</span>
      <span class="nr-w">left</span> <em><button type="button" class="nr-vocab-word">early</button></em>. <span class="nr-w">Prices</span>
      <span class="nr-w">rose</span> 3.5%.</p>
    <blockquote><p><span class="nr-w">“Stop!”</span> <span class="nr-w">she</span> <span class="nr-w">said</span>.</p></blockquote>
  </div>
  <section class="nr-vocabulary"><dl><dt class="nr-vocabulary-word">harbour</dt></dl></section>`;

function render(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = BODY;
  document.body.replaceChildren(container);
  return container;
}

describe('body sentences', () => {
  it('gives the title and each sentence of the body in order, as ranges over exactly their text', () => {
    const found = bodySentences(render());
    expect(found.map(({ text }) => text)).toEqual([
      'Harbour reopens',
      'Mr. Lee said ships left early.',
      'Prices rose 3.5%.',
      '“Stop!” she said.',
    ]);
    // The ranges cross word spans, the emphasis and the vocabulary button, and hold the same text.
    expect(found.map(({ range }) => range.toString().replace(/\s+/g, ' '))).toEqual(found.map(({ text }) => text));
  });

  it('finds the sentence around a word, and none for the vocabulary list', () => {
    const container = render();
    const found = bodySentences(container);
    const early = container.querySelector('.nr-vocab-word')!;
    const prices = [...container.querySelectorAll('.nr-w')].find((word) => word.textContent === 'Prices')!;
    expect(sentenceIndexOf(found, early.firstChild!)).toBe(1);
    expect(sentenceIndexOf(found, prices)).toBe(2);
    expect(sentenceIndexOf(found, container.querySelector('.nr-vocabulary-word')!)).toBe(-1);
    expect(sentenceAround(container, early)).toBe('Mr. Lee said ships left early.');
    expect(sentenceAround(container, container.querySelector('.nr-vocabulary-word')!)).toBe('');
  });

  it('gives every word the same sentence as the whole body gives it, splitting only its own block', () => {
    const container = render();
    const found = bodySentences(container);
    for (const word of container.querySelectorAll('.nr-w, .nr-vocab-word')) {
      const index = sentenceIndexOf(found, word);
      expect(sentenceAround(container, word)).toBe(index === -1 ? '' : found[index]!.text);
    }
    expect(sentenceAround(container, container.querySelector('blockquote span')!.firstChild!)).toBe('“Stop!” she said.');
  });
});
