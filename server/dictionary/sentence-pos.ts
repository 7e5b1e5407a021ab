/**
 * The part of speech a word has in its sentence, from the words beside it: a handful of rules a
 * learner's grammar book gives (a determiner before it makes a noun, a modal a verb, "is" an
 * adjective …), not a statistical tagger. It answers only when a rule applies and the word has
 * that part of speech; otherwise the entry keeps its usual order. Pure: the dictionary passes in
 * what it knows of each word.
 */

/** What the rules need to know of a word of the sentence. */
export interface WordFacts {
  /** Its parts of speech, most common first ([] when unknown). */
  partsOfSpeech(form: string): readonly string[];
  /** Its lemma, when it is a known form. */
  lemmaOf(form: string): string | undefined;
}

// prettier-ignore
const DETERMINERS: ReadonlySet<string> = new Set('the a an this these those my your his her its our their no every each another whose either neither'.split(' '));
// prettier-ignore
const MODALS: ReadonlySet<string> = new Set("will would can could may might must shall should cannot can't won't don't doesn't didn't did does do not never".split(' '));
// prettier-ignore
const SUBJECTS: ReadonlySet<string> = new Set('i we they you he she who'.split(' '));
// prettier-ignore
const OBJECTS: ReadonlySet<string> = new Set('it them him her me us you the a an this that these those his their its our my your some any all every each several many more'.split(' '));
// prettier-ignore
const BE: ReadonlySet<string> = new Set("is are was were be been being am seems seemed looks looked feel feels felt stay stays stayed remain remains".split(' '));
// prettier-ignore
const DEGREE: ReadonlySet<string> = new Set('very too so quite rather extremely really fairly'.split(' '));
// prettier-ignore
const PREPOSITIONS: ReadonlySet<string> = new Set('of in at on for with by from into onto about under over through during without against between among per'.split(' '));
// prettier-ignore
const PAST_PARTICIPLE_HELPERS: ReadonlySet<string> = new Set('has have had be been being is are was were get got'.split(' '));

const TOKEN = /[A-Za-z]+(?:['’-][A-Za-z]+)*/g;

/**
 * The part of speech of `form` (the word as it stands in the sentence, any case) among `available`
 * (the parts of speech the entry has), or undefined when no rule settles it.
 */
export function partOfSpeechIn(sentence: string, form: string, available: readonly string[], facts: WordFacts): string | undefined {
  const tokens = [...sentence.matchAll(TOKEN)].map((match) => match[0].toLowerCase().replace(/’/g, "'"));
  const wanted = form.trim().toLowerCase();
  const lemma = facts.lemmaOf(wanted) ?? wanted;
  let at = tokens.indexOf(wanted);
  if (at < 0) at = tokens.findIndex((token) => token === lemma || facts.lemmaOf(token) === lemma);
  if (at < 0) return undefined;
  const token = tokens[at]!;
  const has = (pos: string): boolean => available.includes(pos);
  const pick = (pos: string): string | undefined => (has(pos) ? pos : undefined);
  const before = tokens[at - 1];
  const twoBefore = tokens[at - 2];
  const after = tokens[at + 1];
  const inflected = token !== lemma;

  // A past or -ing form after "has", "was", "be": a verb (fined, stated, sealed).
  if (inflected && /(?:ed|en|ing)$/.test(token) && has('verb')) return 'verb';
  if (before !== undefined && MODALS.has(before)) return pick('verb');
  if (before === 'to' && after !== undefined && OBJECTS.has(after)) return pick('verb');
  if (before !== undefined && DETERMINERS.has(before)) return pick('noun');
  // A noun modifying it after a determiner: "the account balance", "a research grant" (a noun
  // compound), even when the modifier can also be a verb. Only the base form: "the firm cuts" is a verb.
  if (
    !inflected &&
    twoBefore !== undefined &&
    DETERMINERS.has(twoBefore) &&
    before !== undefined &&
    (facts.lemmaOf(before) ?? before) === before
  ) {
    if (facts.partsOfSpeech(before)[0] === 'noun' && has('noun')) return 'noun';
  }
  if (before !== undefined && /'s$|s'$/.test(before)) return pick('noun');
  if (before !== undefined && (BE.has(before) || DEGREE.has(before)) && has('adjective') && !inflected) return 'adjective';
  if (before !== undefined && PREPOSITIONS.has(before)) return pick('noun');
  // Followed by its object: "runs it", "states that", "charge illegal fees" after a subject.
  if (after !== undefined && OBJECTS.has(after) && (inflected || (before !== undefined && SUBJECTS.has(before)))) return pick('verb');
  if (before !== undefined && SUBJECTS.has(before)) return pick('verb');
  // The first word, followed by its object: an instruction ("Press the button").
  if (at === 0 && after !== undefined && OBJECTS.has(after)) return pick('verb');
  // A plural (shares, matches) or a word after a noun or an adjective (coffee plant, flu shot).
  if (inflected && /s$/.test(token) && has('noun')) return 'noun';
  if (before !== undefined && twoBefore !== undefined && !PAST_PARTICIPLE_HELPERS.has(twoBefore)) {
    const previous = facts.partsOfSpeech(before);
    if (previous.length > 0 && !previous.includes('verb') && (previous[0] === 'noun' || previous[0] === 'adjective')) return pick('noun');
  }
  return undefined;
}
