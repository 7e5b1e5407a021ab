/**
 * Sentences of an English text, as character ranges. Intl.Segmenter finds the boundaries; it
 * breaks after every abbreviation ("Mr. | Smith"), so a piece that ends in a known abbreviation
 * or a single initial is joined to the next one.
 */

export interface SentenceSpan {
  /** Offset of the first character that is not white space. */
  readonly start: number;
  /** Offset after the last character that is not white space. */
  readonly end: number;
}

const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
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
  'e.g',
  'i.e',
  'u.s',
  'u.k',
  'u.n',
  'a.m',
  'p.m',
]);

function endsInAbbreviation(piece: string): boolean {
  const match = /(?:^|[\s("'“‘])([A-Za-z](?:\.[A-Za-z])*|[A-Za-z]+)\.\s*$/.exec(piece);
  if (match === null) return false;
  const word = match[1]!;
  // A single capital letter is an initial ("John F. Kennedy").
  return ABBREVIATIONS.has(word.toLowerCase()) || /^[A-Z]$/.test(word);
}

function trimmed(text: string, start: number, end: number): SentenceSpan | null {
  let from = start;
  let to = end;
  while (from < to && /\s/.test(text[from]!)) from += 1;
  while (to > from && /\s/.test(text[to - 1]!)) to -= 1;
  return from < to ? { start: from, end: to } : null;
}

let segmenter: Intl.Segmenter | undefined;

export function sentenceSpans(text: string): SentenceSpan[] {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' });
  const spans: SentenceSpan[] = [];
  let pendingStart: number | null = null;
  for (const { segment, index } of segmenter.segment(text)) {
    const start: number = pendingStart ?? index;
    const end = index + segment.length;
    if (endsInAbbreviation(segment) && end < text.length) {
      pendingStart = start;
      continue;
    }
    pendingStart = null;
    const span = trimmed(text, start, end);
    if (span !== null) spans.push(span);
  }
  if (pendingStart !== null) {
    const span = trimmed(text, pendingStart, text.length);
    if (span !== null) spans.push(span);
  }
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
