/**
 * Marks words in rendered article text: every word of the body becomes something a learner can
 * tap for its dictionary entry, the article's key vocabulary is highlighted in whatever form it
 * takes (deteriorating for deteriorate), and an example sentence shows the form it uses.
 * Returns escaped HTML; the renderer sanitises the whole article afterwards.
 */
import { escapeHtml } from '../../common/escape-html';
import { SENTENCE_MARK_CLASS } from '../../common/sentence-marks';
import { sentenceSpans } from '../../common/sentences';
import { phraseFinderFor, type PhraseEntry, type PhraseFinder } from './phrase-finder';

/** Resolves a written form to its dictionary form (the bundled dictionary does this). */
export interface WordForms {
  lemmaOf(form: string): string | undefined;
  /** The dictionary's phrases, to mark them in the body (phrase-finder.ts). */
  phrases?(): readonly PhraseEntry[];
}

/** A word: letters, with inner apostrophes or hyphens (council's, by-election). Digits never. */
const WORD = /\p{L}+(?:['’-]\p{L}+)*/gu;

function normalise(token: string): string {
  return token.toLowerCase().replace(/’/g, "'");
}

/**
 * Whether a token is a form of one of `words`: the same word, its possessive, or a form the
 * dictionary resolves to it. Look-ups are remembered, since a body repeats its words.
 */
export function formMatcher(words: readonly string[], forms?: WordForms): (token: string) => boolean {
  const wanted = new Set(words.map((word) => normalise(word.trim())).filter((word) => word !== '' && !/\s/.test(word)));
  const known = new Map<string, boolean>();
  return (token) => {
    const key = normalise(token);
    const cached = known.get(key);
    if (cached !== undefined) return cached;
    const bare = key.replace(/'s$/, '');
    let match = wanted.has(key) || wanted.has(bare);
    if (!match && forms !== undefined && wanted.size > 0) {
      const lemma = forms.lemmaOf(bare);
      match = lemma !== undefined && wanted.has(normalise(lemma));
    }
    known.set(key, match);
    return match;
  };
}

/** Replaces each word of `text` with `wrap(word)`, escaping everything in between. */
function mapWords(text: string, wrap: (word: string) => string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(WORD)) {
    html += escapeHtml(text.slice(last, match.index)) + wrap(match[0]);
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

/**
 * The text with each of its sentences (common/sentences.ts) in a sentence mark, the sentence's own text given to
 * `inside`, what lies between sentences escaped. A sentence that would begin or end inside a word (which would
 * split the word's element) is not cut there: the text is then one sentence.
 */
export function markSentences(text: string, inside: (piece: string) => string): string {
  let spans = sentenceSpans(text);
  const words = [...text.matchAll(WORD)].map((match) => [match.index, match.index + match[0].length] as const);
  const splitsWord = (at: number) => words.some(([start, end]) => start < at && at < end);
  if (spans.some(({ start, end }) => splitsWord(start) || splitsWord(end))) {
    const start = text.length - text.trimStart().length;
    spans = start < text.length ? [{ start, end: text.trimEnd().length }] : [];
  }
  let html = '';
  let at = 0;
  for (const { start, end } of spans) {
    html += `${escapeHtml(text.slice(at, start))}<span class="${SENTENCE_MARK_CLASS}">${inside(text.slice(start, end))}</span>`;
    at = end;
  }
  return html + escapeHtml(text.slice(at));
}

/**
 * A body paragraph: vocabulary forms as buttons (reachable by keyboard), every other word tappable.
 * A word of a phrase (gave in "gave up") carries the phrase in `data-phrase`, so a tap offers the
 * phrase's entry first. With `sentences`, each sentence is in a sentence mark (markSentences).
 */
export function markBodyWords(
  text: string,
  isVocabulary: (token: string) => boolean,
  phrases?: PhraseFinder,
  { sentences = false }: { sentences?: boolean } = {},
): string {
  const phraseOf = new Map<number, string>();
  for (const found of phrases?.find(text) ?? []) for (const index of found.tokens) phraseOf.set(index, found.phrase);
  // The words are counted across the sentences, as the phrase finder counted them in the whole text.
  let index = 0;
  const marked = (piece: string) =>
    mapWords(piece, (word) => {
      const phrase = phraseOf.get(index++);
      const inPhrase = phrase === undefined ? '' : ` nr-phrase" data-phrase="${escapeHtml(phrase)}`;
      return isVocabulary(word)
        ? `<button type="button" class="nr-vocab-word${inPhrase}">${escapeHtml(word)}</button>`
        : `<span class="nr-w${inPhrase}">${escapeHtml(word)}</span>`;
    });
  return sentences ? markSentences(text, marked) : marked(text);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** An example sentence with the vocabulary word marked in the form the sentence uses. */
export function markExample(sentence: string, word: string, forms?: WordForms): string {
  const target = word.trim();
  const strong = (piece: string) => `<strong class="nr-vocabulary-in-context">${escapeHtml(piece)}</strong>`;
  if (target === '') return escapeHtml(sentence);
  if (/\s/.test(target)) {
    // A phrase is marked in whatever form the sentence uses (came back, turned … down), else as written.
    const found = forms
      ? phraseFinderFor(forms)
          ?.find(sentence)
          .find((phrase) => phrase.phrase === target.toLowerCase())
      : undefined;
    if (found) {
      const marked = new Set(found.tokens);
      let index = 0;
      return mapWords(sentence, (token) => (marked.has(index++) ? strong(token) : escapeHtml(token)));
    }
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${escapeRegExp(target)})(?![\\p{L}\\p{N}])`, 'giu');
    return sentence
      .split(pattern)
      .map((piece, index) => (index % 2 === 1 ? strong(piece) : escapeHtml(piece)))
      .join('');
  }
  const isForm = formMatcher([target], forms);
  return mapWords(sentence, (token) => (isForm(token) ? strong(token) : escapeHtml(token)));
}

/**
 * Remembers look-ups across articles: rendering a whole database asks the dictionary about the
 * same few thousand words again and again, and each answer costs several SQLite reads.
 */
export function memoisedForms(forms: WordForms, capacity = 100_000): WordForms {
  const known = new Map<string, string | null>();
  return {
    ...(forms.phrases ? { phrases: () => forms.phrases!() } : {}),
    lemmaOf(form) {
      const hit = known.get(form);
      if (hit !== undefined) return hit ?? undefined;
      const lemma = forms.lemmaOf(form);
      if (known.size >= capacity) known.clear();
      known.set(form, lemma ?? null);
      return lemma;
    },
  };
}
