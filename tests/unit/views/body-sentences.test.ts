import { describe, expect, it } from 'vitest';
import { markBodyWords, markSentences } from '../../../server/content/word-markup';
import { escapeHtml } from '../../../common/escape-html';
import { bodySentences, hasReadableText, sentenceIndexOf } from '../../../src/views/detail/body-sentences';
import { sentenceAround } from '../../../src/views/detail/word-sentence';

const isVocabulary = (word: string) => word === 'early';

/** A title and body as the server renders them (its own marking code): sentences marked, words spans, vocabulary buttons. */
function serverBody(title: string, paragraphs: readonly string[]): string {
  return `
  <h1 class="nr-article-title">${markSentences(title, escapeHtml)}</h1>
  <section class="nr-article-summary"><p>${markBodyWords('A summary is not read aloud.', isVocabulary)}</p></section>
  <div class="nr-article-body">${paragraphs.map((text) => `<p>${markBodyWords(text, isVocabulary, undefined, { sentences: true })}</p>`).join('\n')}</div>
  <section class="nr-vocabulary"><dl><dt class="nr-vocabulary-word">harbour</dt></dl></section>`;
}

const TITLE = 'Harbour reopens';
const PARAGRAPHS = [
  'Mr. Lee said ships left early. Prices rose 3.5%.',
  '“Stop!” she said. The U.S. Army agreed on Dec. 12 at 9 a.m. today.',
];

function render(html = serverBody(TITLE, PARAGRAPHS)): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.replaceChildren(container);
  return container;
}

const word = (container: HTMLElement, text: string) =>
  [...container.querySelectorAll('.nr-w, .nr-vocab-word')].find((w) => w.textContent === text)!;

describe('body sentences', () => {
  it("gives the title's and the body's sentences in order, as the server marked them, with ranges over exactly their text", () => {
    const found = bodySentences(render());
    expect(found.map(({ text }) => text)).toEqual([
      'Harbour reopens',
      'Mr. Lee said ships left early.',
      'Prices rose 3.5%.',
      '“Stop!” she said.',
      'The U.S. Army agreed on Dec. 12 at 9 a.m. today.',
    ]);
    expect(found.map(({ range }) => range.toString().replace(/\s+/g, ' '))).toEqual(found.map(({ text }) => text));
  });

  it('finds the sentence around a word, and none for the summary or the vocabulary list', () => {
    const container = render();
    const found = bodySentences(container);
    const early = container.querySelector('.nr-vocab-word')!;
    expect(sentenceIndexOf(found, early.firstChild!)).toBe(1);
    expect(sentenceIndexOf(found, word(container, 'Prices'))).toBe(2);
    expect(sentenceIndexOf(found, container.querySelector('.nr-vocabulary-word')!)).toBe(-1);
    expect(sentenceAround(container, early)).toBe('Mr. Lee said ships left early.');
    expect(sentenceAround(container, word(container, 'Army').firstChild!)).toBe('The U.S. Army agreed on Dec. 12 at 9 a.m. today.');
    expect(sentenceAround(container, word(container, 'summary'))).toBe('');
    expect(sentenceAround(container, container.querySelector('.nr-vocabulary-word')!)).toBe('');
  });

  it('gives every word the same sentence as the whole body gives it', () => {
    const container = render();
    const found = bodySentences(container);
    for (const element of container.querySelectorAll('.nr-article-body :is(.nr-w, .nr-vocab-word)')) {
      const index = sentenceIndexOf(found, element);
      expect(index).toBeGreaterThan(0);
      expect(sentenceAround(container, element)).toBe(found[index]!.text);
    }
  });

  it('reads a page rendered before the marks block by block, and finds nothing to read in an empty body', () => {
    const container = render(
      `<h1 class="nr-article-title">Old page</h1><div class="nr-article-body"><p><span class="nr-w">One</span>. <span class="nr-w">Two</span>.</p></div>`,
    );
    expect(bodySentences(container).map(({ text }) => text)).toEqual(['Old page', 'One. Two.']);
    expect(sentenceAround(container, word(container, 'Two'))).toBe('One. Two.');
    expect(hasReadableText(render(`<h1 class="nr-article-title"> </h1><div class="nr-article-body"></div>`))).toBe(false);
  });
});
