/**
 * Finds the dictionary's phrases in article text: inflected ("gave up", "waiting lists") and
 * phrasal verbs with their object between verb and particle ("turned the offer down"), so the
 * body can offer a phrase's entry before its words'. Rules in docs/dictionary.md (Phrases in text).
 */
import lemmatize from 'wink-lemmatizer';
import {
  CLAUSE_GOES_ON,
  GAP_BREAKERS,
  MOTION_VERBS,
  NOUN_PHRASE_OPENERS,
  OBJECT_PRONOUNS,
  PARTICLES,
  SEPARABLE,
  SPATIAL,
} from './phrase-words';

/** A phrase headword as the dictionary lists it (server/dictionary/dictionary-types.ts PhraseListing). */
export interface PhraseEntry {
  readonly phrase: string;
  readonly partOfSpeech: string;
  /** Only markable phrases (common enough) are looked for in text. */
  readonly markable: boolean;
}

export interface PhraseSource {
  lemmaOf(form: string): string | undefined;
  phrases?(): readonly PhraseEntry[];
}

export interface FoundPhrase {
  readonly phrase: string;
  /** Indexes of its words among the text's words. */
  readonly tokens: readonly number[];
  /** Verb and particle apart, with words between. */
  readonly separated: boolean;
}

/** Most words between a separated verb and its particle. */
export const MAX_GAP = 4;

const WORD = /\p{L}+(?:['’-]\p{L}+)*/gu;

interface Listing {
  readonly words: readonly string[];
  readonly phrase: string;
  readonly phrasalVerb: boolean;
}

interface Token {
  readonly surface: string;
  readonly capitalised: boolean;
  /** Only white space between this word and the previous one. */
  readonly joined: boolean;
  readonly readings: ReadonlySet<string>;
}

export class PhraseFinder {
  private readonly byFirstWord = new Map<string, Listing[]>();

  constructor(
    entries: readonly PhraseEntry[],
    private readonly lemmaOf: (form: string) => string | undefined,
  ) {
    for (const entry of entries) {
      const words = entry.phrase.split(' ');
      // "be well", "be after": the copula with a word is grammar, not a phrase to look up.
      if (!entry.markable || words[0] === 'be') continue;
      const phrasalVerb = entry.partOfSpeech === 'verb' && words.length === 2 && PARTICLES.has(words[1]!);
      const list = this.byFirstWord.get(words[0]!) ?? [];
      list.push({ words, phrase: entry.phrase, phrasalVerb });
      this.byFirstWord.set(words[0]!, list);
    }
    // Longest first: "a couple of" before "a couple".
    for (const list of this.byFirstWord.values()) list.sort((a, b) => b.words.length - a.words.length);
  }

  /** The phrases of a text, left to right, none overlapping; the token indexes count WORD matches. */
  find(text: string): FoundPhrase[] {
    const tokens = this.tokens(text);
    const found: FoundPhrase[] = [];
    const taken = new Set<number>();
    for (let i = 0; i < tokens.length; i += 1) {
      if (taken.has(i)) continue;
      const match = this.matchAt(tokens, i, taken);
      if (!match) continue;
      found.push(match);
      for (const index of match.tokens) taken.add(index);
    }
    return found;
  }

  private tokens(text: string): Token[] {
    const tokens: Token[] = [];
    let last = 0;
    for (const match of text.matchAll(WORD)) {
      const surface = match[0].toLowerCase().replace(/’/g, "'");
      const bare = surface.replace(/'s$/, '');
      // The dictionary form first: "working out" is work out before the noun "working out".
      const readings = new Set<string>();
      const lemma = this.lemmaOf(bare);
      if (lemma) readings.add(lemma);
      const verb = lemmatize.verb(bare);
      if (verb) readings.add(verb);
      readings.add(surface).add(bare);
      tokens.push({ surface, capitalised: /^\p{Lu}/u.test(match[0]), joined: /^\s*$/.test(text.slice(last, match.index)), readings });
      last = match.index + match[0].length;
    }
    return tokens;
  }

  private matchAt(tokens: readonly Token[], i: number, taken: ReadonlySet<number>): FoundPhrase | undefined {
    for (const reading of tokens[i]!.readings) {
      for (const listing of this.byFirstWord.get(reading) ?? []) {
        const contiguous = this.contiguous(tokens, i, listing);
        if (contiguous) return contiguous;
      }
    }
    for (const reading of tokens[i]!.readings) {
      for (const listing of this.byFirstWord.get(reading) ?? []) {
        if (!listing.phrasalVerb) continue;
        const separated = this.separated(tokens, i, listing, taken);
        if (separated) return separated;
      }
    }
    return undefined;
  }

  /** Every word in place, nothing but white space between; only the last and first may be inflected. */
  private contiguous(tokens: readonly Token[], i: number, listing: Listing): FoundPhrase | undefined {
    if (listing.phrasalVerb && this.literalPlace(tokens, i, listing)) return undefined;
    const indexes = [i];
    for (let k = 1; k < listing.words.length; k += 1) {
      const token = tokens[i + k];
      if (!token || !token.joined) return undefined;
      const word = listing.words[k]!;
      const fits = k === listing.words.length - 1 ? token.readings.has(word) : token.surface === word;
      if (!fits) return undefined;
      indexes.push(i + k);
    }
    return { phrase: listing.phrase, tokens: indexes, separated: false };
  }

  /** "ran into the classroom", "fell in most cities": a motion verb, a place preposition, a noun phrase. */
  private literalPlace(tokens: readonly Token[], i: number, listing: Listing): boolean {
    const particle = listing.words[1]!;
    if (!SPATIAL.has(particle) || !MOTION_VERBS.has(listing.words[0]!)) return false;
    const next = tokens[i + 2];
    return next !== undefined && next.joined && (NOUN_PHRASE_OPENERS.has(next.surface) || next.capitalised);
  }

  /**
   * Verb, object, particle: the object opens with a pronoun (then is one word), a determiner or a
   * name, holds no clause word, and the particle ends the clause or is followed by something that
   * cannot begin the particle's own object ("put the book on the table" is no "put on").
   */
  private separated(tokens: readonly Token[], i: number, listing: Listing, taken: ReadonlySet<number>): FoundPhrase | undefined {
    const particle = listing.words[1]!;
    if (!SEPARABLE.has(particle)) return undefined;
    const first = tokens[i + 1];
    if (!first || !first.joined) return undefined;
    const pronoun = OBJECT_PRONOUNS.has(first.surface);
    if (!pronoun && !NOUN_PHRASE_OPENERS.has(first.surface) && !first.capitalised) return undefined;
    const maxGap = pronoun ? 1 : MAX_GAP;
    for (let gap = 1; gap <= maxGap; gap += 1) {
      const j = i + gap + 1;
      const token = tokens[j];
      if (!token || !token.joined || taken.has(j)) return undefined;
      if (token.surface === particle) {
        const next = tokens[j + 1];
        const followed = next !== undefined && next.joined;
        const opensObject = followed && (NOUN_PHRASE_OPENERS.has(next.surface) || OBJECT_PRONOUNS.has(next.surface) || next.capitalised);
        // A place particle ends its clause or is followed by what cannot be its object ("over to
        // police", "in by Friday"); else it is a preposition ("put more pressure on hospitals").
        const ends = !followed || CLAUSE_GOES_ON.has(next.surface);
        if (opensObject || (SPATIAL.has(particle) && !ends)) return undefined;
        return { phrase: listing.phrase, tokens: [i, j], separated: true };
      }
      // Not the particle: one more word of the object.
      if (GAP_BREAKERS.has(token.surface)) return undefined;
    }
    return undefined;
  }
}

const finders = new WeakMap<readonly PhraseEntry[], PhraseFinder>();

/** One finder per phrase list (the dictionary's, which never changes while the server runs). */
export function phraseFinderFor(source: PhraseSource): PhraseFinder | undefined {
  const entries = source.phrases?.();
  if (!entries || entries.length === 0) return undefined;
  let finder = finders.get(entries);
  if (!finder) {
    finder = new PhraseFinder(entries, (form) => source.lemmaOf(form));
    finders.set(entries, finder);
  }
  return finder;
}
