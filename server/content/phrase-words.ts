/** The closed word lists the phrase finder (phrase-finder.ts) reads a separable phrase's gap with. */

/** Particles of phrasal verbs (the build's list, scripts/dictionary/build-dictionary.ts). */
export const PARTICLES: ReadonlySet<string> = new Set(
  'about across after along apart around aside away back by down for forward in into off on out over round through to together under up with'.split(
    ' ',
  ),
);
/** Only these particles stand after an object ("turned the offer down"); prepositions do not. */
export const SEPARABLE: ReadonlySet<string> = new Set([
  'up',
  'down',
  'out',
  'off',
  'back',
  'away',
  'aside',
  'apart',
  'together',
  'over',
  'in',
  'on',
  'around',
  'round',
]);
export const OBJECT_PRONOUNS: ReadonlySet<string> = new Set([
  'it',
  'them',
  'him',
  'her',
  'me',
  'us',
  'you',
  'this',
  'that',
  'these',
  'those',
  'everything',
  'something',
  'anything',
  'nothing',
]);
export const DETERMINERS: ReadonlySet<string> = new Set([
  'the',
  'a',
  'an',
  'his',
  'her',
  'their',
  'its',
  'our',
  'my',
  'your',
  'this',
  'that',
  'these',
  'those',
  'some',
  'any',
  'every',
  'each',
  'all',
  'both',
  'no',
]);
/** Words that cannot sit inside a verb's object: they start a new clause or phrase. */
export const GAP_BREAKERS: ReadonlySet<string> = new Set([
  'and',
  'or',
  'but',
  'that',
  'which',
  'who',
  'when',
  'while',
  'if',
  'because',
  'to',
  'of',
  'at',
  'from',
  'as',
  'than',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'has',
  'have',
  'had',
  'will',
  'would',
  ...PARTICLES,
]);
/** Particles that are also prepositions of place: after one, the object may be the particle's ("on Sunday"). */
export const SPATIAL: ReadonlySet<string> = new Set([
  'into',
  'to',
  'through',
  'in',
  'on',
  'over',
  'across',
  'along',
  'around',
  'round',
  'under',
  'onto',
]);
/** Verbs of motion and posture, whose spatial particle before a noun phrase is a plain preposition ("ran into the room"). */
export const MOTION_VERBS: ReadonlySet<string> = new Set(
  'run turn fall go come walk sit stand fly move get jump climb drive ride travel sail swim rush head lie step'.split(' '),
);
/** Words that open a noun phrase. */
export const NOUN_PHRASE_OPENERS: ReadonlySet<string> = new Set([
  ...DETERMINERS,
  'most',
  'many',
  'several',
  'few',
  'much',
  'more',
  'other',
]);
/** Words after a particle that show it has no object of its own. */
export const CLAUSE_GOES_ON: ReadonlySet<string> = new Set(
  'to by for at in on with after before because when while and but or last next yesterday today tomorrow again now then quickly early late soon'.split(
    ' ',
  ),
);
