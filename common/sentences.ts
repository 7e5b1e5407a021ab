/**
 * Sentences of an English text, as character ranges. Intl.Segmenter finds the boundaries (a plain split at end marks
 * where the runtime has none); it breaks after every abbreviation ("Mr. | Smith"), so a piece that ends in a title or
 * an initial is joined to the next one, and one that ends in another abbreviation only when what follows shows the
 * sentence goes on (a number, a lower-case word, a word after "U.S." that does not start sentences). The server marks
 * these sentences in an article's title and body as it renders them (server/content/word-markup.ts, decision 62); the
 * browser reads the marks and splits nothing.
 */

export interface SentenceSpan {
  /** Offset of the first character that is not white space. */
  readonly start: number;
  /** Offset after the last character that is not white space. */
  readonly end: number;
}

/** Titles stand before a name, so the sentence always goes on: "Dr. Lee agreed." */
const TITLES = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'st',
  'mt',
  'gen',
  'gov',
  'sen',
  'rep',
  'lt',
  'col',
  'capt',
  'sgt',
  'rev',
  'hon',
  'pres',
]);

/**
 * Abbreviations that may also end a sentence ("The answer was no. He left."): the sentence goes on
 * only when a number follows ("No. 5", "Dec. 12"); a lower-case word joins anyway (below).
 */
const ABBREVIATIONS = new Set([
  'vs',
  'etc',
  'inc',
  'ltd',
  'co',
  'corp',
  'no',
  'fig',
  'approx',
  'dept',
  'est',
  'jr',
  'sr',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
]);

/** Words that start sentences: after "the U.S." one of these starts a new one, any other word does not ("U.S. Army"). */
const SENTENCE_STARTERS = new Set([
  'a',
  'an',
  'the',
  'he',
  'she',
  'it',
  'they',
  'we',
  'i',
  'you',
  'but',
  'and',
  'so',
  'yet',
  'in',
  'on',
  'at',
  'this',
  'that',
  'these',
  'those',
  'there',
  'then',
  'its',
  'his',
  'her',
  'their',
  'our',
  'many',
  'some',
  'most',
  'after',
  'before',
  'when',
  'while',
  'if',
  'as',
  'for',
  'officials',
  'critics',
  'experts',
  'meanwhile',
  'however',
  'still',
  'now',
]);

type Abbreviation = 'title' | 'initial' | 'dotted' | 'other';

function abbreviationAtEnd(piece: string): Abbreviation | null {
  const match = /(?:^|[\s("'“‘])([A-Za-z](?:\.[A-Za-z])+|[A-Za-z]+)\.\s*$/.exec(piece);
  if (match === null) return null;
  const word = match[1]!;
  const lower = word.toLowerCase();
  if (TITLES.has(lower)) return 'title';
  // A single capital letter is an initial ("John F. Kennedy").
  if (/^[A-Z]$/.test(word)) return 'initial';
  if (word.includes('.')) return 'dotted';
  return ABBREVIATIONS.has(lower) ? 'other' : null;
}

function goesOn(kind: Abbreviation, next: string): boolean {
  const first = /\S+/.exec(next)?.[0] ?? '';
  if (kind === 'title' || kind === 'initial') return true;
  if (/^\d/.test(first)) return true;
  if (kind === 'dotted') return !SENTENCE_STARTERS.has(first.replace(/[^A-Za-z]/g, '').toLowerCase());
  return false;
}

function trimmed(text: string, start: number, end: number): SentenceSpan | null {
  let from = start;
  let to = end;
  while (from < to && /\s/.test(text[from]!)) from += 1;
  while (to > from && /\s/.test(text[to - 1]!)) to -= 1;
  return from < to ? { start: from, end: to } : null;
}

interface Piece {
  readonly segment: string;
  readonly index: number;
}

/**
 * Where Intl.Segmenter is missing (Firefox before 125): a break after ., ! or ?, with any closing
 * quotes or brackets, and the white space that follows; the abbreviation rules below still apply.
 */
function splitAtEndMarks(text: string): Piece[] {
  const pieces: Piece[] = [];
  const ends = /[.!?]+["'”’)\]]*\s+/g;
  let from = 0;
  for (let match = ends.exec(text); match !== null; match = ends.exec(text)) {
    const to = match.index + match[0].length;
    pieces.push({ segment: text.slice(from, to), index: from });
    from = to;
  }
  if (from < text.length) pieces.push({ segment: text.slice(from), index: from });
  return pieces;
}

let segmenter: Intl.Segmenter | undefined;

function segments(text: string): Piece[] {
  if (typeof Intl.Segmenter !== 'function') return splitAtEndMarks(text);
  segmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' });
  return [...segmenter.segment(text)];
}

/**
 * How a text is first cut: 'segmenter' by Intl.Segmenter where the runtime has one, 'end-marks' by the end
 * marks alone (the fallback where it has none). The rules below make both give the same sentences in the cases tested.
 */
export type SentenceSplitter = 'segmenter' | 'end-marks';

export function sentenceSpans(text: string, splitter: SentenceSplitter = 'segmenter'): SentenceSpan[] {
  const pieces = splitter === 'end-marks' ? splitAtEndMarks(text) : segments(text);
  const spans: SentenceSpan[] = [];
  let pendingStart: number | null = null;
  pieces.forEach(({ segment, index }, at) => {
    const start: number = pendingStart ?? index;
    const end = index + segment.length;
    const kind = abbreviationAtEnd(segment);
    const next = pieces[at + 1]?.segment;
    if (kind !== null && next !== undefined && goesOn(kind, next)) {
      pendingStart = start;
      return;
    }
    pendingStart = null;
    const span = trimmed(text, start, end);
    if (span !== null) spans.push(span);
  });
  return joinedOverLowerCase(text, spans);
}

/** A sentence never starts in lower case: '“Stop!” she said.' is one sentence, not two. */
function joinedOverLowerCase(text: string, spans: readonly SentenceSpan[]): SentenceSpan[] {
  const joined: SentenceSpan[] = [];
  for (const span of spans) {
    const previous = joined.at(-1);
    if (previous !== undefined && /\p{Ll}/u.test(text[span.start]!)) joined[joined.length - 1] = { start: previous.start, end: span.end };
    else joined.push(span);
  }
  return joined;
}

export function sentences(text: string): string[] {
  return sentenceSpans(text).map(({ start, end }) => text.slice(start, end));
}
