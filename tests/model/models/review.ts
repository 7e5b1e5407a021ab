/** The test model of the review machine (src/machines/review-machine.ts), with its fixtures. */
import { newCard, type SavedWord } from '../../../src/domain/saved-words';
import { LOAD_WORDS_ID, reviewMachine, SAVE_WORD_ID, type ReviewContext } from '../../../src/machines/review-machine';
import { WordStoreError } from '../../../src/platform/word-store';
import { errorMessage, eventsFromTable, never, quote, type MachineModel, type PayloadTable } from './model';

/** The model's clock; the words below are due before it or long after it. */
export const REVIEW_MODEL_NOW = new Date('2026-03-10T09:00:00.000Z');

function word(lemma: string, gloss: string, due: string | null): SavedWord {
  const saved = new Date('2026-03-01T08:00:00.000Z');
  return {
    id: lemma,
    word: lemma,
    lemma,
    gloss,
    glossLanguage: 'zh',
    ipa: 'taɪd',
    definition: `the meaning of ${lemma}`,
    sentence: `The ${lemma} came in early.`,
    articleId: 'city-bikes',
    articleTitle: 'City bikes are back',
    savedAt: saved.toISOString(),
    card:
      due === null
        ? newCard(saved)
        : { ...newCard(saved), due, state: 2, stability: 30, difficulty: 5, reps: 4, lastReview: saved.toISOString() },
  };
}

/** A new word, due at once. */
export const DUE_WORD = word('tide', '潮汐', null);
/** A word due long after any run of the tests. */
export const LATER_WORD = word('quay', '码头', '2099-01-01T00:00:00.000Z');

const loads = (words: readonly SavedWord[]) => ({ type: `xstate.done.actor.${LOAD_WORDS_ID}`, output: words });

const reviewPayloads: PayloadTable = {
  [`xstate.done.actor.${LOAD_WORDS_ID}`]: [loads([DUE_WORD, LATER_WORD]), loads([LATER_WORD]), loads([])],
  [`xstate.error.actor.${LOAD_WORDS_ID}`]: [
    { type: `xstate.error.actor.${LOAD_WORDS_ID}`, error: new WordStoreError('unavailable', 'IndexedDB is not available') },
  ],
  [`xstate.done.actor.${SAVE_WORD_ID}`]: [
    { type: `xstate.done.actor.${SAVE_WORD_ID}`, output: 'updated' },
    { type: `xstate.done.actor.${SAVE_WORD_ID}`, output: 'gone' },
  ],
  [`xstate.error.actor.${SAVE_WORD_ID}`]: [
    { type: `xstate.error.actor.${SAVE_WORD_ID}`, error: new WordStoreError('quotaFull', 'The quota has been exceeded') },
  ],
  // Again on the first pass only: each Again adds a card, so offering it always would never end.
  GRADE: (snapshot) =>
    (snapshot.context as ReviewContext).index === 0
      ? [
          { type: 'GRADE', grade: 'again' },
          { type: 'GRADE', grade: 'good' },
        ]
      : [{ type: 'GRADE', grade: 'good' }],
};

export const reviewModel: MachineModel = {
  name: 'review',
  title: 'Review',
  summary:
    'The review page at /{lang}/review: the saved words that are due, one card at a time. Show answer reveals the meaning; Again, Hard, Good or Easy (keys 1 to 4) sets the next date with FSRS and saves it; Again brings the card back later in the session. At the end, how many were reviewed and when the next is due; nothing due, or no saved words, says so; a store problem says what went wrong, with Try again.',
  machine: reviewMachine,
  source: 'src/machines/review-machine.ts',
  scenarios: [{ id: 'review-zh', title: 'The learner opens /zh/review', input: { now: () => REVIEW_MODEL_NOW } }],
  events(snapshot) {
    return eventsFromTable('review', snapshot, reviewPayloads, never);
  },
  simpleEvents(snapshot) {
    return this.events(snapshot);
  },
  serialize(snapshot) {
    const context = snapshot.context as ReviewContext;
    return JSON.stringify({
      value: snapshot.value,
      index: context.index,
      cards: context.queue.length,
      words: context.words.length,
      error: context.error,
      saving: context.pending?.grade ?? null,
    });
  },
  describeEvent(event) {
    switch (event.type) {
      case `xstate.done.actor.${LOAD_WORDS_ID}`: {
        const words = event.output as readonly SavedWord[];
        if (words.length === 0) return 'The store has no saved words';
        return words.includes(DUE_WORD) ? 'The store has a word due now and one due later' : 'The store has only a word due later';
      }
      case `xstate.error.actor.${LOAD_WORDS_ID}`:
        return `The store cannot be read (${quote(errorMessage(event))})`;
      case 'REVEAL':
        return 'The learner shows the answer';
      case 'GRADE':
        return `The learner grades the card ${quote(String(event.grade))}`;
      case `xstate.done.actor.${SAVE_WORD_ID}`:
        return event.output === 'gone' ? 'The word was deleted in another tab: the grade is not saved' : 'The graded word is saved';
      case `xstate.error.actor.${SAVE_WORD_ID}`:
        return `Saving the grade fails (${quote(errorMessage(event))})`;
      case 'RETRY':
        return 'The learner clicks Try again';
      default:
        return event.type;
    }
  },
  describeContext(snapshot) {
    const context = snapshot.context as ReviewContext;
    const saved = context.words.length === 1 ? '1 saved word' : `${context.words.length} saved words`;
    if (snapshot.matches('loading') || (snapshot.matches('failed') && context.words.length === 0)) return 'nothing loaded yet';
    if (context.queue.length === 0) return `${saved}, none due`;
    if (snapshot.matches('done')) return `${context.reviewed.length} reviewed of ${saved}`;
    return `card ${Math.min(context.index + 1, context.queue.length)} of ${context.queue.length}, ${context.reviewed.length} reviewed`;
  },
};
