/**
 * The word a gap fill blanks: its lemma, part of speech in the sentence and form (plural, past,
 * -ing, comparative...), told from the words before it and WordNet's counts (docs/exercises.md).
 */
import { isContentPos, type ContentPos, type ExerciseLexicon, type LexiconEntry } from './lexicon';
import type { WordToken } from './text';
/** How a written form stands to its lemma: what a distractor is put into. */
export type FormKind = 'base' | 'plural' | 'third' | 'past' | 'ing' | 'comparative' | 'superlative';

/** The kind of form `form` is of `lemma` in that part of speech; undefined when it cannot be told (worse of bad). */
export function formKind(form: string, lemma: string, pos: ContentPos): FormKind | undefined {
  if (form === lemma) return 'base';
  if (pos === 'noun') return 'plural';
  if (pos === 'verb') {
    if (form.endsWith('ing')) return 'ing';
    if (form.endsWith('s') && !form.endsWith('ss')) return 'third';
    return 'past';
  }
  if (form.endsWith('est')) return 'superlative';
  if (form.endsWith('er')) return 'comparative';
  return undefined;
}

/** Words that make the next one a noun ("the plans", "their plan"). */
const DETERMINER_WORDS = [
  'the',
  'a',
  'an',
  'this',
  'that',
  'these',
  'those',
  'its',
  'their',
  'his',
  'her',
  'our',
  'my',
  'your',
  'some',
  'many',
  'more',
  'most',
  'no',
  'every',
  'each',
  'several',
  'few',
];
const DETERMINERS = new Set(DETERMINER_WORDS);
/** Words after which a word is a verb ("will host", "could borrow"). */
const MODALS = new Set([
  'will',
  'would',
  'can',
  'could',
  'should',
  'may',
  'might',
  'must',
  'cannot',
  "don't",
  "didn't",
  "doesn't",
  "won't",
]);
/** Words that open an object, so "to ___ the…" has a verb in the gap. */
const OBJECT_OPENERS = new Set([...DETERMINER_WORDS, 'him', 'them', 'us', 'me', 'it']);
/** Words after which an -s form is a verb ("it costs", "she plans"). */
const SUBJECT_PRONOUNS = new Set(['he', 'she', 'it', 'who', 'which', 'that']);

/** A word of a sentence that can be asked for: its lemma, the part of speech it has there, and its form. */
export interface AnswerWord {
  readonly token: WordToken;
  readonly entry: LexiconEntry;
  readonly pos: ContentPos;
  readonly kind: FormKind;
}

export function onlyContent(entry: LexiconEntry): boolean {
  return entry.pos.every(isContentPos);
}

/** The part of speech WordNet's tagged corpus sees at least four times as often as any other of `among`, if any. */
function dominant(lexicon: ExerciseLexicon, lemma: string, among: readonly ContentPos[]): ContentPos | undefined {
  if (among.length === 1) return among[0];
  const counted = among.map((pos) => ({ pos, uses: lexicon.commonUse(lemma, pos) })).sort((a, b) => b.uses - a.uses);
  const [top, second] = counted;
  return top && second && top.uses >= 3 && top.uses >= 4 * second.uses ? top.pos : undefined;
}

/**
 * Whether the words before make the next one a noun: a determiner, a number, an adjective that is
 * nothing else, or a determiner and an adjective ("the final ___").
 */
function nounComesNext(previous: WordToken | undefined, lexicon: ExerciseLexicon, beforePrevious?: WordToken): boolean {
  if (!previous) return false;
  if (DETERMINERS.has(previous.lower) || /^\p{N}/u.test(previous.text)) return true;
  const entry = lexicon.entry(previous.lower);
  if (entry === undefined || entry.pos[0] !== 'adjective') return false;
  return entry.pos.length === 1 || (beforePrevious !== undefined && DETERMINERS.has(beforePrevious.lower));
}

/**
 * The word as an answer, or undefined when it must not be one: a name, a number, a function word,
 * a word the dictionary does not know or has no rank for, or one whose part of speech the sentence
 * leaves open (a noun that is also a verb, with nothing before it or in WordNet's counts to tell which).
 */
export function answerWord(tokens: readonly WordToken[], index: number, lexicon: ExerciseLexicon): AnswerWord | undefined {
  const token = tokens[index]!;
  if (token.name || token.first || !/^[a-z]{3,}$/.test(token.text)) return undefined;
  const lemmas = lexicon.lemmasOf(token.lower);
  if (lemmas.length !== 1) return undefined;
  const entry = lexicon.entry(lemmas[0]!);
  if (!entry || entry.rank === 0 || !onlyContent(entry)) return undefined;
  const previous = tokens[index - 1];
  const content = entry.pos.filter(isContentPos);
  const nounNext = nounComesNext(previous, lexicon, tokens[index - 2]) && !content.includes('adjective');
  const next = tokens[index + 1]?.lower ?? '';
  const verbNext =
    content.includes('verb') && (MODALS.has(previous?.lower ?? '') || (previous?.lower === 'to' && OBJECT_OPENERS.has(next)));
  if (entry.lemma === token.lower) {
    const pos = verbNext ? 'verb' : content.includes('noun') && nounNext ? 'noun' : dominant(lexicon, entry.lemma, content);
    return pos ? { token, entry, pos, kind: 'base' } : undefined;
  }
  // A form that is also a headword of its own: only a participle the dictionary lists as an adjective ("approved").
  const own = lexicon.entry(token.lower);
  if (own && own.pos.some((pos) => pos !== 'adjective')) return undefined;
  let pos: ContentPos | undefined;
  if (/(?:ing|ed)$/.test(token.lower)) {
    // After a determiner a participle is an adjective ("a graduated programme"): left out.
    pos = content.includes('verb') && !nounComesNext(previous, lexicon) ? 'verb' : undefined;
  } else if (own) {
    pos = undefined;
  } else if (token.lower.endsWith('s') && !token.lower.endsWith('ss')) {
    const nounOrVerb = content.filter((p) => p === 'noun' || p === 'verb');
    if (content.includes('noun') && nounNext) pos = 'noun';
    else if (content.includes('verb') && SUBJECT_PRONOUNS.has(previous?.lower ?? '')) pos = 'verb';
    else pos = dominant(lexicon, entry.lemma, nounOrVerb);
  } else if (/(?:er|est)$/.test(token.lower) && content.includes('adjective')) {
    pos = 'adjective';
  } else {
    pos = dominant(lexicon, entry.lemma, content);
  }
  const kind = pos ? formKind(token.lower, entry.lemma, pos) : undefined;
  return pos && kind ? { token, entry, pos, kind } : undefined;
}
