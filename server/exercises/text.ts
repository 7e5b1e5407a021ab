/**
 * Sentences and words of an article's plain-text paragraphs, as the exercise generator needs them:
 * each word with its place (to blank it) and whether it is a name (a capital inside a sentence).
 */

/** Abbreviations a full stop does not end a sentence after. */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'prof',
  'gov',
  'sen',
  'rep',
  'gen',
  'lt',
  'col',
  'jr',
  'sr',
  'vs',
  'no',
  'inc',
  'co',
  'corp',
  'ltd',
]);

/** Splits a paragraph into sentences: after . ! ? (and closing quotes), before a capital, digit or opening quote. */
export function sentencesOf(paragraph: string): string[] {
  const sentences: string[] = [];
  const boundary = /([.!?…]+["'”’)\]]*)\s+(?=["'“‘(]?[\p{Lu}\p{N}])/gu;
  let start = 0;
  for (const match of paragraph.matchAll(boundary)) {
    const end = match.index + match[1]!.length;
    const before = paragraph.slice(start, match.index);
    const lastWord = /([\p{L}.]+)$/u.exec(before)?.[1] ?? '';
    // "Mr. Smith", "U.S. officials", "J. Smith": a stop after an abbreviation or an initial.
    if (match[1] === '.' && (ABBREVIATIONS.has(lastWord.toLowerCase()) || /^(?:\p{L}\.)*\p{L}$/u.test(lastWord))) continue;
    sentences.push(paragraph.slice(start, end).trim());
    start = match.index + match[0].length;
  }
  const rest = paragraph.slice(start).trim();
  if (rest !== '') sentences.push(rest);
  return sentences;
}

export interface WordToken {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** Lower case, curly apostrophes made straight. */
  readonly lower: string;
  /** Written with a capital and not the sentence's first word (or an all-capital abbreviation): a name. */
  readonly name: boolean;
  readonly first: boolean;
}

const WORD = /\p{L}+(?:['’-]\p{L}+)*|\p{N}+(?:[.,:]\p{N}+)*/gu;

export function wordsOf(sentence: string): WordToken[] {
  const tokens: WordToken[] = [];
  for (const match of sentence.matchAll(WORD)) {
    const text = match[0];
    const first = tokens.length === 0;
    const capital = /^\p{Lu}/u.test(text);
    const abbreviation = text.length > 1 && text === text.toUpperCase() && /\p{L}/u.test(text);
    tokens.push({
      text,
      start: match.index,
      end: match.index + text.length,
      lower: text.toLowerCase().replace(/’/g, "'"),
      name: (capital && !first && text !== 'I') || abbreviation,
      first,
    });
  }
  return tokens;
}

/** A small fast seeded generator (mulberry32), so the same article version always gives the same set. */
export function seededRandom(seed: string): () => number {
  let state = 2166136261;
  for (let i = 0; i < seed.length; i += 1) state = Math.imul(state ^ seed.charCodeAt(i), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
