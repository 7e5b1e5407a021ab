/**
 * GET /api/articles/{id}/exercises?language=…: a practice set made from the article's own sentences
 * (server/exercises/, docs/exercises.md). Shared by the server (its response schema is derived from
 * these codecs) and the web app (which decodes every answer with them).
 */
import * as t from 'io-ts';

/** The mark a gap fill's or a listening item's text has where the word was. */
export const GAP = '___';

/** The languages practice glosses are given in; ja and ko learners get English definitions. */
export const EXERCISE_LANGUAGES = ['zh', 'es', 'en'] as const;
export type ExerciseLanguage = (typeof EXERCISE_LANGUAGES)[number];

/**
 * Set on a gap fill or listening item whose answer is one of the article's key vocabulary words (the
 * same for every learner, so the set stays cacheable); the page puts the learner's saved words right after these.
 */
const FromVocabularyCodec = t.partial({ vocabulary: t.literal(true) });

export const GapFillCodec = t.intersection(
  [
    t.type({
      kind: t.literal('gap_fill'),
      /** The sentence with GAP where the answer was. */
      text: t.string,
      /** The word in the form the sentence uses. */
      answer: t.string,
      /** Four distinct options, the answer among them. */
      options: t.array(t.string),
      lemma: t.string,
      part_of_speech: t.string,
      /** The whole sentence, shown after the answer. */
      sentence: t.string,
    }),
    FromVocabularyCodec,
  ],
  'GapFill',
);

export const ListeningCodec = t.intersection(
  [
    t.type({
      kind: t.literal('listening'),
      text: t.string,
      answer: t.string,
      lemma: t.string,
      /** Other forms of the lemma ("go", "goes", "gone" for "went"): typed, they are the right word in a wrong form. */
      forms: t.array(t.string),
      /** What the speech engine reads. */
      sentence: t.string,
    }),
    FromVocabularyCodec,
  ],
  'Listening',
);

export const WordOrderCodec = t.type(
  {
    kind: t.literal('word_order'),
    /** The tiles in the order shown (never the sentence's own order). */
    tiles: t.array(t.string),
    /** The sentence, which the tiles make in its order. */
    sentence: t.string,
  },
  'WordOrder',
);

export const MatchPairCodec = t.type({ lemma: t.string, part_of_speech: t.string, gloss: t.string }, 'MatchPair');

export const MatchCodec = t.type(
  {
    kind: t.literal('match'),
    /** Five of the article's words, each with its gloss in the learner's language. */
    pairs: t.array(MatchPairCodec),
    /** The glosses in the order shown: indices into pairs. */
    gloss_order: t.array(t.number),
  },
  'Match',
);

export const ExerciseCodec = t.union([GapFillCodec, ListeningCodec, WordOrderCodec, MatchCodec], 'Exercise');

export const ExerciseSetCodec = t.type(
  {
    article_id: t.string,
    language: t.keyof({ zh: null, es: null, en: null }),
    exercises: t.array(ExerciseCodec),
  },
  'ExerciseSet',
);

export type GapFill = t.TypeOf<typeof GapFillCodec>;
export type Listening = t.TypeOf<typeof ListeningCodec>;
export type WordOrder = t.TypeOf<typeof WordOrderCodec>;
export type MatchPair = t.TypeOf<typeof MatchPairCodec>;
export type Match = t.TypeOf<typeof MatchCodec>;
export type Exercise = t.TypeOf<typeof ExerciseCodec>;
export type ExerciseSet = t.TypeOf<typeof ExerciseSetCodec>;
