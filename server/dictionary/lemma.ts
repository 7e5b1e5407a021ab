/**
 * Query normalisation and lemma resolution, pure: the dictionary is reached only through the
 * callbacks, so the rules can be tested and reasoned about without a database.
 */
import { MAX_LOOKUP_WORD_LENGTH } from '../../common/dictionary';
import lemmatize from 'wink-lemmatizer';
import { spellingVariants } from './spelling';

export interface LemmaSource {
  isHeadword(word: string): boolean;
  /** Lemmas the forms file lists for an inflected form, most frequent first. */
  lemmasOf(form: string): readonly string[];
  /** Frequency rank of a headword, 0 when unknown (lower = more frequent). */
  rankOf(word: string): number;
  /** Whether every sense of a headword is an abbreviation (sao, ano): a word written with accents never is one. */
  isAbbreviationOnly?(word: string): boolean;
}

export interface Resolution {
  /** The word the result is about. */
  readonly lemma: string;
  /** Headwords whose entries to show, the lemma first (a form with senses of its own comes after). */
  readonly headwords: readonly string[];
}

const WORD = /^\p{L}+(?:['-]\p{L}+)*$/u;
const EDGE_PUNCTUATION = /^[\p{P}\p{S}\s]+|[\p{P}\p{S}\s]+$/gu;

/**
 * The word a query asks about, or undefined when it cannot be a dictionary word (numbers, URLs,
 * e-mail addresses, words with digits, anything without letters or over 64 characters).
 */
export function normalizeQuery(raw: string): string | undefined {
  const text = raw
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .replace(/[’‘ʼ′`´]/g, "'")
    .replace(/[‐‑–—]/g, '-');
  // URLs and addresses lose their meaning once edge punctuation is stripped, so refuse them first.
  if (/[@/\\:]|^www\./.test(text) || /\d/.test(text)) return undefined;
  const word = text.replace(EDGE_PUNCTUATION, '');
  if (word.length === 0 || word.length > MAX_LOOKUP_WORD_LENGTH || !WORD.test(word)) return undefined;
  return word;
}

/** Most words a phrase look-up may have (server/dictionary/data-format.ts MAX_PHRASE_WORDS). */
const MAX_PHRASE_PARTS = 4;

/**
 * The phrase a query asks about ("Gave  up" → "gave up"), or undefined when it is not two to four
 * words. Each word follows normalizeQuery's rules; the whole keeps the 64-character limit.
 */
export function normalizePhrase(raw: string): string | undefined {
  const parts = raw.trim().split(/\s+/);
  if (parts.length < 2 || parts.length > MAX_PHRASE_PARTS) return undefined;
  const words = parts.map(normalizeQuery);
  if (words.some((word) => word === undefined)) return undefined;
  const phrase = words.join(' ');
  return phrase.length <= MAX_LOOKUP_WORD_LENGTH ? phrase : undefined;
}

/**
 * A phrase headword for a phrase as written: itself, else with its first word's lemma (gave up →
 * give up, looked after → look after), its last word's (waiting lists → waiting list), or every
 * word's; the lemma of a word being what resolveLemma finds for it.
 */
export function resolvePhrase(phrase: string, source: LemmaSource): Resolution | undefined {
  const words = phrase.split(' ');
  const lemma = (word: string): string => resolveLemma(word, source)?.lemma ?? word;
  const firstLemma = [lemma(words[0]!), ...words.slice(1)];
  const lastLemma = [...words.slice(0, -1), lemma(words.at(-1)!)];
  const everyLemma = words.map(lemma);
  for (const candidate of [words, firstLemma, lastLemma, everyLemma]) {
    const text = candidate.join(' ');
    if (source.isHeadword(text)) return { lemma: text, headwords: [text] };
  }
  return undefined;
}

/** What a known word resolves to, without guessing: the headword itself and the forms file. */
function resolveKnown(word: string, source: LemmaSource): Resolution | undefined {
  const own = source.isHeadword(word);
  const lemmas = source.lemmasOf(word).filter((lemma) => lemma !== word && source.isHeadword(lemma));
  if (lemmas.length === 0) return own ? { lemma: word, headwords: [word] } : undefined;
  // "better" is first of all a form of "good", but "data" is far more common than "datum":
  // the form stays the lemma when it is itself a headword and the more frequent word.
  const formRank = own ? source.rankOf(word) : 0;
  const lemmaRank = source.rankOf(lemmas[0]!);
  const formFirst = formRank > 0 && (lemmaRank === 0 || formRank < lemmaRank);
  const ordered = formFirst ? [word, ...lemmas] : own ? [...lemmas, word] : lemmas;
  return { lemma: ordered[0]!, headwords: ordered };
}

/** Regular inflections wink-lemmatizer's exception lists and rules may miss, most likely first. */
export function suffixCandidates(word: string): string[] {
  const found: string[] = [];
  const add = (stem: string | undefined): void => {
    if (stem && stem.length >= 2 && stem !== word && !found.includes(stem)) found.push(stem);
  };
  const doubled = (stem: string): string | undefined => (/([b-df-hj-np-tv-z])\1$/.test(stem) ? stem.slice(0, -1) : undefined);
  if (word.endsWith("'s")) add(word.slice(0, -2));
  if (word.endsWith("s'")) add(word.slice(0, -1));
  for (const [suffix, replacements] of SUFFIXES) {
    if (!word.endsWith(suffix) || word.length <= suffix.length + 1) continue;
    const stem = word.slice(0, -suffix.length);
    for (const replacement of replacements) add(stem + replacement);
    if (DOUBLING.has(suffix)) add(doubled(stem));
  }
  return found;
}

const SUFFIXES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['ies', ['y']],
  ['ied', ['y']],
  ['ier', ['y']],
  ['iest', ['y']],
  ['ily', ['y']],
  ['ves', ['f', 'fe']],
  ['es', ['', 'e']],
  ['s', ['']],
  ['ing', ['', 'e']],
  ['ed', ['', 'e']],
  ['er', ['', 'e']],
  ['est', ['', 'e']],
  ['ly', ['', 'le']],
];
const DOUBLING: ReadonlySet<string> = new Set(['ing', 'ed', 'er', 'est']);

function winkCandidates(word: string): string[] {
  return [lemmatize.verb(word), lemmatize.noun(word), lemmatize.adjective(word)].filter((w) => w && w !== word);
}

/**
 * Resolves a normalised word, trying in order: the word (as a headword or a listed form), its
 * possessive-free base, wink-lemmatizer, plain suffix rules, British/American spelling variants of
 * each of those, and for hyphenated words the unhyphenated spelling and then the last part
 * ("low-income" → income), since the head of an English compound carries its core meaning; and when
 * none of that finds anything, the word without its accents as a headword or a listed form (café → cafe).
 */
export function resolveLemma(word: string, source: LemmaSource): Resolution | undefined {
  const found = resolveWritten(word, source);
  if (found) return found;
  // The bundled headwords are all written without accents (cafe, naive, fiancee), so a word an article
  // writes with them (café, naïve, fiancée) is looked for again without them, but only as a headword or a
  // listed form: guessing would make a name an English word (Inés → "ines" → in).
  const plain = word.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
  if (plain === word) return undefined;
  const unaccented = resolveKnown(plain, source);
  // São is not the abbreviation "sao", nor año "ano": an abbreviation is never written with accents.
  const headwords = unaccented?.headwords.filter((headword) => !source.isAbbreviationOnly?.(headword)) ?? [];
  return headwords.length === 0 ? undefined : { lemma: headwords[0]!, headwords };
}

function resolveWritten(word: string, source: LemmaSource): Resolution | undefined {
  const direct = resolveKnown(word, source) ?? resolveGuessing(word, source);
  if (direct || !word.includes('-')) return direct;
  const joined = word.replace(/-/g, '');
  const last = word.slice(word.lastIndexOf('-') + 1);
  return resolveKnown(joined, source) ?? (last.length >= 2 ? resolveWritten(last, source) : undefined);
}

function resolveGuessing(word: string, source: LemmaSource): Resolution | undefined {
  const guesses = [...winkCandidates(word), ...suffixCandidates(word)];
  for (const guess of guesses) {
    const found = resolveKnown(guess, source);
    if (found) return found;
  }
  for (const base of [word, ...guesses]) {
    for (const variant of spellingVariants(base)) {
      const found = resolveKnown(variant, source);
      if (found) return found;
    }
  }
  return undefined;
}
