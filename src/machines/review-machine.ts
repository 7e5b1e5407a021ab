/**
 * A review session over the saved words that are due, one card at a time.
 * States: loading (the store's words) -> showingFront (the word in its sentence) -> REVEAL ->
 * showingBack (gloss, IPA, definition, four grades) -> GRADE -> saving (the graded card is
 * written, unless another tab deleted the word or graded it meanwhile: then it is left as it is) -> the next card, or done (how many were reviewed, when the next is due). empty: nothing
 * was due at the start. failed: the store could not be read or written; RETRY repeats what failed.
 * Again puts a card back at the end of the session when FSRS makes it due within
 * SESSION_WINDOW_MS (its learning steps), as Anki does; see docs/review.md.
 */
import { assign, fromPromise, setup } from 'xstate';
import { dueWords, nextDue, type SavedWord } from '../domain/saved-words';
import { gradeCard, previewIntervals, type ReviewGrade } from '../domain/scheduling';
import { WordStoreError, type UpdateCardOutcome, type WordStoreProblem } from '../platform/word-store';

/** A card Again makes due within this time comes back in the same session. */
export const SESSION_WINDOW_MS = 10 * 60_000;

export type GradeCounts = Record<ReviewGrade, number>;

export interface ReviewContext {
  /** The session's clock; the app gives the real one, tests a fixed one. */
  readonly now: () => Date;
  /** Every saved word, with the grades of this session applied (for the next due date). */
  words: readonly SavedWord[];
  /** The cards of this session in order; Again may append a card again. */
  queue: readonly SavedWord[];
  /** The card on screen, an index into queue. */
  index: number;
  /** Ids of the words graded this session, each once. */
  reviewed: readonly string[];
  grades: GradeCounts;
  /** How long each grade would put the card on screen away, in milliseconds. */
  intervals: Record<ReviewGrade, number> | null;
  /** The graded word being saved (kept while a failed save waits for Try again). */
  pending: { word: SavedWord; grade: ReviewGrade; expectedLastReview: string | null } | null;
  /** The earliest due date among all words once the session is over; null when there are no words. */
  nextDue: string | null;
  error: WordStoreProblem | null;
}

export interface ReviewInput {
  now?: () => Date;
}

export type ReviewEvent = { type: 'REVEAL' } | { type: 'GRADE'; grade: ReviewGrade } | { type: 'RETRY' };

export const LOAD_WORDS_ID = 'loadDueWords';
export const SAVE_WORD_ID = 'saveWord';

const NO_GRADES: GradeCounts = { again: 0, hard: 0, good: 0, easy: 0 };

function outputWords(event: unknown): readonly SavedWord[] {
  return (event as { output?: readonly SavedWord[] }).output ?? [];
}

export const reviewMachine = setup({
  types: {
    context: {} as ReviewContext,
    events: {} as ReviewEvent,
    input: {} as ReviewInput,
  },
  actors: {
    // Replaced by the app; failing defaults keep a forgotten wiring visible.
    loadDueWords: fromPromise<readonly SavedWord[]>(async () => {
      throw new Error('loadDueWords is not provided');
    }),
    /** Writes the graded card only if the stored one is still the one graded (WordStore.updateCard). */
    saveWord: fromPromise<UpdateCardOutcome, { word: SavedWord; expectedLastReview: string | null }>(async () => {
      throw new Error('saveWord is not provided');
    }),
  },
  actions: {
    takeWords: assign(({ context, event }) => {
      const words = outputWords(event);
      return { words, queue: dueWords(words, context.now()), index: 0, error: null };
    }),
    previewCurrent: assign(({ context }) => {
      const current = context.queue[context.index];
      return { intervals: current === undefined ? null : previewIntervals(current.card, context.now()) };
    }),
    gradeCurrent: assign(({ context, event }) => {
      const current = context.queue[context.index];
      if (event.type !== 'GRADE' || current === undefined) return {};
      const word = { ...current, card: gradeCard(current.card, event.grade, context.now()) };
      return { pending: { word, grade: event.grade, expectedLastReview: current.card.lastReview } };
    }),
    recordGrade: assign(({ context }) => {
      if (context.pending === null) return {};
      const { word, grade } = context.pending;
      const comesBack = grade === 'again' && Date.parse(word.card.due) - context.now().getTime() <= SESSION_WINDOW_MS;
      return {
        words: context.words.map((saved) => (saved.id === word.id ? word : saved)),
        queue: comesBack ? [...context.queue, word] : context.queue,
        index: context.index + 1,
        reviewed: context.reviewed.includes(word.id) ? context.reviewed : [...context.reviewed, word.id],
        grades: { ...context.grades, [grade]: context.grades[grade] + 1 },
        pending: null,
        error: null,
      };
    }),
    /** Another tab deleted or graded the word: this session leaves it alone and goes on. */
    skipCurrent: assign(({ context, event }) => {
      const id = context.pending?.word.id;
      const gone = (event as { output?: unknown }).output === 'gone';
      return {
        words: gone ? context.words.filter((word) => word.id !== id) : context.words,
        index: context.index + 1,
        pending: null,
        error: null,
      };
    }),
    noteNextDue: assign(({ context }) => ({ nextDue: nextDue(context.words), intervals: null })),
    keepProblem: assign(({ event }) => {
      const error = (event as { error?: unknown }).error;
      return { error: error instanceof WordStoreError ? error.problem : 'failed' };
    }),
  },
  guards: {
    nothingDue: ({ context, event }) => dueWords(outputWords(event), context.now()).length === 0,
    hasNext: ({ context }) => context.index < context.queue.length,
    wasSaving: ({ context }) => context.pending !== null,
    wasUpdated: ({ event }) => (event as { output?: unknown }).output === 'updated',
  },
}).createMachine({
  id: 'review',
  context: ({ input }) => ({
    now: input.now ?? (() => new Date()),
    words: [],
    queue: [],
    index: 0,
    reviewed: [],
    grades: NO_GRADES,
    intervals: null,
    pending: null,
    nextDue: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The review page says it is loading the saved words.',
      invoke: {
        id: LOAD_WORDS_ID,
        src: 'loadDueWords',
        onDone: [
          { guard: 'nothingDue', target: 'empty', actions: 'takeWords' },
          { target: 'showingFront', actions: 'takeWords' },
        ],
        onError: { target: 'failed', actions: 'keepProblem' },
      },
    },
    showingFront: {
      description:
        'A card: the word, its sentence with the word marked, the article it came from, "3 of 10", and a Show answer button (Space or Enter) that has focus.',
      entry: 'previewCurrent',
      on: { REVEAL: { target: 'showingBack' } },
    },
    showingBack: {
      description:
        "The card's answer: the meaning in the learner's language, the pronunciation and the English definition, with four grades, Again, Hard, Good and Easy (keys 1 to 4), each saying when the word comes back.",
      on: { GRADE: { target: 'saving', actions: 'gradeCurrent' } },
    },
    saving: {
      description: 'The grade is being saved; the answer stays on screen and the grade buttons are disabled.',
      invoke: {
        id: SAVE_WORD_ID,
        src: 'saveWord',
        input: ({ context }) => ({ word: context.pending!.word, expectedLastReview: context.pending!.expectedLastReview }),
        onDone: [
          { guard: 'wasUpdated', target: 'advancing', actions: 'recordGrade' },
          { target: 'advancing', actions: 'skipCurrent' },
        ],
        onError: { target: 'failed', actions: 'keepProblem' },
      },
    },
    // Transient: the next card, or the end of the session.
    advancing: {
      description: 'Never seen: decides at once between the next card and the end of the session.',
      always: [
        { guard: 'hasNext', target: 'showingFront' },
        { target: 'done', actions: 'noteNextDue' },
      ],
    },
    done: {
      description: 'The session is over: how many words were reviewed, how many of each grade, and when the next word is due.',
    },
    empty: {
      description:
        'Nothing is due: when the next word is due, or, with no saved words yet, that words saved while reading come here, with a link to the articles.',
      entry: 'noteNextDue',
    },
    failed: {
      description: 'The saved words could not be read or the grade could not be saved: what went wrong, with a Try again button.',
      on: { RETRY: [{ guard: 'wasSaving', target: 'saving' }, { target: 'loading' }] },
    },
  },
});
