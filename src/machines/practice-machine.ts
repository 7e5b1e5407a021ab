/**
 * A practice session on one article's exercises (docs/exercises.md), one item at a time.
 * States: starting: a set the server rendered into the page is the first question at once (the learner's
 * saved words are read beside it, loadLearnerWords, and reorder only the items not yet shown); else
 * loading (the set and which of its words the learner has saved) -> question -> ANSWER ->
 * answered (right, wrong, or the right word in a wrong form; the right answer and the sentence shown):
 * a wrong answer on a saved word first records a review graded Again (recordingMiss), so the word
 * comes back in the review; SAVE keeps a word the learner does not have yet -> NEXT -> the next
 * question, or summary (the score, the words missed, each with Save). empty: the article has no
 * exercises. failed: the set could not be read; RETRY reads it again.
 */
import { assign, fromPromise, setup, spawnChild } from 'xstate';
import type { LanguageCode } from '../../common/languages';
import type { UpdateCardOutcome } from '../platform/word-store';
import { inLearnerOrder, judge, practisedLemmas, practisedWord, type PractisedWord } from '../domain/practice';
import {
  currentWord,
  lastVerdict,
  type LearnerWords,
  type PracticeContext,
  type PracticeEvent,
  type PracticeInput,
  type PracticeLoad,
} from './practice-types';

export const LOAD_PRACTICE_ID = 'loadPractice';
export const LOAD_LEARNER_WORDS_ID = 'loadLearnerWords';
export const RECORD_MISS_ID = 'recordMiss';
export const SAVE_PRACTISED_ID = 'savePractisedWord';

export type { LearnerWords, PracticeContext, PracticeEvent, PracticeInput, PracticeLoad, PracticeResult } from './practice-types';
export { currentWord, lastVerdict, score } from './practice-types';

function loaded(event: unknown): PracticeLoad {
  return (event as { output: PracticeLoad }).output;
}

export const practiceMachine = setup({
  types: {
    context: {} as PracticeContext,
    events: {} as PracticeEvent,
    input: {} as PracticeInput,
  },
  actors: {
    // Replaced by the app (src/app/practice-wiring.ts); failing defaults keep a forgotten wiring visible.
    loadPractice: fromPromise<PracticeLoad, { articleId: string; language: LanguageCode }>(async () => {
      throw new Error('loadPractice is not provided');
    }),
    /** The learner's saved and learning words, for a set the server rendered. */
    loadLearnerWords: fromPromise<LearnerWords>(async () => {
      throw new Error('loadLearnerWords is not provided');
    }),
    /** Grades the saved word Again (a review log entry), so the review brings it forward. */
    recordMiss: fromPromise<UpdateCardOutcome, { lemma: string }>(async () => {
      throw new Error('recordMiss is not provided');
    }),
    savePractisedWord: fromPromise<string[], { word: PractisedWord }>(async () => {
      throw new Error('savePractisedWord is not provided');
    }),
  },
  actions: {
    takeSet: assign(({ event }) => {
      const { set, savedLemmas } = loaded(event);
      return { exercises: set.exercises, savedLemmas, wordsKnown: true, index: 0, results: [], missed: [], loadFailed: false };
    }),
    /**
     * The learner's words for a server-rendered set: the items already shown keep their places (the page
     * never changes under the learner), the rest take the learner's order (domain/practice.ts).
     */
    takeLearnerWords: assign(({ context, event }) => {
      if (event.type !== 'xstate.done.actor.loadLearnerWords') return {};
      const { savedLemmas, learning } = event.output;
      const shown = Math.min(context.index + 1, context.exercises.length);
      const rest = inLearnerOrder(context.exercises.slice(shown), [...savedLemmas, ...learning]);
      // A word saved in this session before the store answered stays saved.
      const saved = [...new Set([...context.savedLemmas, ...savedLemmas])];
      return { exercises: [...context.exercises.slice(0, shown), ...rest], savedLemmas: saved, wordsKnown: true };
    }),
    /** A store that cannot be read leaves nothing saved, and practice goes on. */
    noteWordsUnknown: assign({ wordsKnown: true }),
    noteLoadFailure: assign({ loadFailed: true }),
    judgeAnswer: assign(({ context, event }) => {
      const exercise = context.exercises[context.index];
      if (event.type !== 'ANSWER' || exercise === undefined) return {};
      const verdict = judge(exercise, event.answer);
      const word = practisedWord(exercise);
      const missed =
        verdict !== 'right' && word !== undefined && !context.missed.some((other) => other.lemma === word.lemma)
          ? [...context.missed, word]
          : context.missed;
      return { results: [...context.results, { index: context.index, verdict }], missed, storeProblem: false };
    }),
    noteReviewedAgain: assign(({ context }) => {
      const lemmas = practisedLemmas(context.exercises[context.index]!);
      return { reviewedAgain: [...new Set([...context.reviewedAgain, ...lemmas])] };
    }),
    startSaving: assign(({ context, event }) => {
      if (event.type !== 'SAVE') return {};
      const word = context.missed.find((missed) => missed.lemma === event.lemma) ?? currentWord(context);
      return { saving: word?.lemma === event.lemma ? word : null, storeProblem: false };
    }),
    noteSaved: assign(({ context }) => ({
      savedLemmas: context.saving === null ? context.savedLemmas : [...context.savedLemmas, context.saving.lemma],
      saving: null,
    })),
    noteStoreProblem: assign({ storeProblem: true, saving: null }),
    advance: assign(({ context }) => ({ index: context.index + 1, storeProblem: false })),
    restart: assign({ index: 0, results: [], missed: [], reviewedAgain: [], storeProblem: false }),
  },
  guards: {
    hasPreloaded: ({ context }) => context.fromPage && context.exercises.length > 0,
    articleMissing: ({ context }) => context.articleMissing,
    /** The API's 404 (src/api/errors.ts carries the status): there is no such article, trying again will not help. */
    notFound: ({ event }) => (event as { error?: { status?: unknown } }).error?.status === 404,
    preloadedEmpty: ({ context }) => context.fromPage && context.exercises.length === 0,
    wordsPending: ({ context }) => !context.wordsKnown,
    setIsEmpty: ({ event }) => loaded(event).set.exercises.length === 0,
    /** A wrong answer on a word the learner has saved: its review comes forward. */
    missedSavedWord: ({ context }) => {
      const verdict = lastVerdict(context);
      const exercise = context.exercises[context.index];
      if (verdict === undefined || verdict === 'right' || exercise === undefined) return false;
      return practisedLemmas(exercise).some((lemma) => context.savedLemmas.includes(lemma) && !context.reviewedAgain.includes(lemma));
    },
    canSave: ({ context, event }) =>
      event.type === 'SAVE' &&
      !context.savedLemmas.includes(event.lemma) &&
      (context.missed.some((word) => word.lemma === event.lemma) || currentWord(context)?.lemma === event.lemma),
    hasNext: ({ context }) => context.index + 1 < context.exercises.length,
  },
}).createMachine({
  id: 'practice',
  context: ({ input }) => ({
    articleId: input.articleId,
    language: input.language,
    exercises: input.preloaded?.exercises ?? [],
    savedLemmas: [],
    fromPage: input.preloaded !== undefined,
    articleMissing: input.missing === true,
    wordsKnown: false,
    index: 0,
    results: [],
    missed: [],
    reviewedAgain: [],
    saving: null,
    storeProblem: false,
    loadFailed: false,
  }),
  initial: 'starting',
  // The learner's words for a server-rendered set arrive whatever the learner is doing.
  on: {
    'xstate.done.actor.loadLearnerWords': { actions: 'takeLearnerWords' },
    'xstate.error.actor.loadLearnerWords': { actions: 'noteWordsUnknown' },
  },
  states: {
    starting: {
      description:
        "Nothing is shown yet: the set the server rendered is the first question at once, with the learner's words read beside it; else the set is read.",
      always: [
        { guard: 'hasPreloaded', target: 'question', actions: spawnChild('loadLearnerWords', { id: LOAD_LEARNER_WORDS_ID }) },
        { guard: 'articleMissing', target: 'missing' },
        { guard: 'preloadedEmpty', target: 'empty' },
        { target: 'loading' },
      ],
    },
    loading: {
      description: 'The practice page says the exercises are loading.',
      invoke: {
        id: LOAD_PRACTICE_ID,
        src: 'loadPractice',
        input: ({ context }) => ({ articleId: context.articleId, language: context.language }),
        onDone: [
          { guard: 'setIsEmpty', target: 'empty', actions: 'takeSet' },
          { target: 'question', actions: 'takeSet' },
        ],
        onError: [
          { guard: 'notFound', target: 'missing' },
          { target: 'failed', actions: 'noteLoadFailure' },
        ],
      },
    },
    question: {
      description:
        'One item with its progress (item n of m): a gap fill with four options, a sentence to hear with a box to type the missing word, tiles to put in order, or five words to match with their meanings.',
      on: { ANSWER: { target: 'answered', actions: 'judgeAnswer' } },
    },
    answered: {
      description: 'The item says whether the answer was right, shows the right answer in the whole sentence, and offers Next.',
      initial: 'deciding',
      states: {
        deciding: {
          always: [
            { guard: 'wordsPending', target: 'awaitingWords' },
            { guard: 'missedSavedWord', target: 'recordingMiss' },
            { target: 'idle' },
          ],
        },
        awaitingWords: {
          description: "Answered before the learner's words were read: whether the word is saved is known in a moment.",
          on: {
            'xstate.done.actor.loadLearnerWords': { target: 'deciding', actions: 'takeLearnerWords' },
            'xstate.error.actor.loadLearnerWords': { target: 'deciding', actions: 'noteWordsUnknown' },
          },
        },
        recordingMiss: {
          description: 'A wrong answer on a saved word: its review is brought forward (graded Again).',
          invoke: {
            id: RECORD_MISS_ID,
            src: 'recordMiss',
            input: ({ context }) => ({ lemma: practisedLemmas(context.exercises[context.index]!)[0]! }),
            onDone: { target: 'idle', actions: 'noteReviewedAgain' },
            onError: { target: 'idle', actions: 'noteStoreProblem' },
          },
        },
        idle: {
          description: 'Next is offered; a word the learner has not saved offers Save.',
          on: {
            SAVE: { guard: 'canSave', target: 'saving', actions: 'startSaving' },
            NEXT: [
              { guard: 'hasNext', target: '#practice.question', actions: 'advance' },
              { target: '#practice.summary', actions: 'advance' },
            ],
          },
        },
        saving: {
          description: 'The word is being saved; its button says so.',
          invoke: {
            id: SAVE_PRACTISED_ID,
            src: 'savePractisedWord',
            input: ({ context }) => ({ word: context.saving! }),
            onDone: { target: 'idle', actions: 'noteSaved' },
            onError: { target: 'idle', actions: 'noteStoreProblem' },
          },
        },
      },
    },
    summary: {
      description: 'The score (right of all), the words missed each with Save, and Practise again.',
      initial: 'idle',
      states: {
        idle: {
          on: { SAVE: { guard: 'canSave', target: 'saving', actions: 'startSaving' } },
        },
        saving: {
          description: 'A missed word is being saved.',
          invoke: {
            id: SAVE_PRACTISED_ID,
            src: 'savePractisedWord',
            input: ({ context }) => ({ word: context.saving! }),
            onDone: { target: 'idle', actions: 'noteSaved' },
            onError: { target: 'idle', actions: 'noteStoreProblem' },
          },
        },
      },
      on: { RESTART: { target: 'question', actions: 'restart' } },
    },
    empty: {
      description: 'The article has no exercises: the page says so and links back to the article.',
    },
    missing: {
      description: 'There is no such article: the page says so and links to the list of articles.',
    },
    failed: {
      description: 'The exercises could not be read: the page says so, with Try again.',
      on: { RETRY: 'loading' },
    },
  },
});
