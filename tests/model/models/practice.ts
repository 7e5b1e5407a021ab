/** The test model of the practice machine (src/machines/practice-machine.ts), with its fixtures. */
import type { AnyMachineSnapshot } from 'xstate';
import type { ExerciseSet } from '../../../common/exercise-contract';
import {
  LOAD_LEARNER_WORDS_ID,
  LOAD_PRACTICE_ID,
  practiceMachine,
  RECORD_MISS_ID,
  SAVE_PRACTISED_ID,
  score,
  type PracticeContext,
  type PracticeLoad,
} from '../../../src/machines/practice-machine';
import { WordStoreError } from '../../../src/platform/word-store';
import { httpStatusError } from '../../../src/api/errors';
import { errorMessage, eventsFromTable, never, quote, type MachineModel, type PayloadTable } from './model';

/** Two items: a gap fill on a word the learner has saved (tide), then a sentence to hear on one not saved (ferry). */
export const PRACTICE_SET: ExerciseSet = {
  article_id: 'harbour-tides',
  language: 'zh',
  exercises: [
    {
      kind: 'gap_fill',
      text: 'The ___ came in early.',
      answer: 'tide',
      options: ['tide', 'cake', 'song', 'roof'],
      lemma: 'tide',
      part_of_speech: 'noun',
      sentence: 'The tide came in early.',
    },
    {
      kind: 'listening',
      text: 'The ___ left the harbour at dawn.',
      answer: 'ferry',
      lemma: 'ferry',
      forms: ['ferries'],
      sentence: 'The ferry left the harbour at dawn.',
    },
  ],
};
export const PRACTICE_SAVED = ['tide'];

const loads = (load: PracticeLoad) => ({ type: `xstate.done.actor.${LOAD_PRACTICE_ID}`, output: load });

function answers(snapshot: AnyMachineSnapshot) {
  const context = snapshot.context as PracticeContext;
  const exercise = context.exercises[context.index];
  if (exercise?.kind === 'gap_fill') {
    return [
      { type: 'ANSWER', answer: { kind: 'choice', text: exercise.answer } },
      { type: 'ANSWER', answer: { kind: 'choice', text: exercise.options.find((option) => option !== exercise.answer)! } },
    ];
  }
  if (exercise?.kind === 'listening') {
    return [
      { type: 'ANSWER', answer: { kind: 'typed', text: `${exercise.answer.toUpperCase()}.` } },
      { type: 'ANSWER', answer: { kind: 'typed', text: exercise.forms[0]! } },
    ];
  }
  return [];
}

function saves(snapshot: AnyMachineSnapshot) {
  const context = snapshot.context as PracticeContext;
  const current = context.exercises[context.index];
  const lemmas = new Set(context.missed.map((word) => word.lemma));
  if (snapshot.matches('answered') && current !== undefined && 'lemma' in current) lemmas.add(current.lemma);
  return [...lemmas].filter((lemma) => !context.savedLemmas.includes(lemma)).map((lemma) => ({ type: 'SAVE', lemma }));
}

const storeFull = new WordStoreError('quotaFull', 'The quota has been exceeded');

/** The learner's words arrive for a server-rendered set only, and only once. */
function learnerWordsArrive(type: string, event: object) {
  return (snapshot: AnyMachineSnapshot) => {
    const context = snapshot.context as PracticeContext;
    return context.fromPage && !context.wordsKnown && context.exercises.length > 0 ? [{ type, ...event }] : [];
  };
}

const practicePayloads: PayloadTable = {
  [`xstate.done.actor.${LOAD_LEARNER_WORDS_ID}`]: learnerWordsArrive(`xstate.done.actor.${LOAD_LEARNER_WORDS_ID}`, {
    output: { savedLemmas: PRACTICE_SAVED, learning: [] },
  }),
  [`xstate.error.actor.${LOAD_LEARNER_WORDS_ID}`]: learnerWordsArrive(`xstate.error.actor.${LOAD_LEARNER_WORDS_ID}`, {
    error: new Error('The word store cannot be opened'),
  }),
  [`xstate.done.actor.${LOAD_PRACTICE_ID}`]: [
    loads({ set: PRACTICE_SET, savedLemmas: PRACTICE_SAVED }),
    loads({ set: { ...PRACTICE_SET, exercises: [] }, savedLemmas: PRACTICE_SAVED }),
  ],
  [`xstate.error.actor.${LOAD_PRACTICE_ID}`]: [
    { type: `xstate.error.actor.${LOAD_PRACTICE_ID}`, error: new Error('Network error') },
    {
      type: `xstate.error.actor.${LOAD_PRACTICE_ID}`,
      error: httpStatusError(404, 'Not Found', { code: 'not_found', message: 'There is no article with id "harbour-tides"' }),
    },
  ],
  [`xstate.done.actor.${RECORD_MISS_ID}`]: [{ type: `xstate.done.actor.${RECORD_MISS_ID}`, output: 'updated' }],
  [`xstate.error.actor.${RECORD_MISS_ID}`]: [{ type: `xstate.error.actor.${RECORD_MISS_ID}`, error: storeFull }],
  [`xstate.done.actor.${SAVE_PRACTISED_ID}`]: [{ type: `xstate.done.actor.${SAVE_PRACTISED_ID}`, output: ['ferry'] }],
  [`xstate.error.actor.${SAVE_PRACTISED_ID}`]: [{ type: `xstate.error.actor.${SAVE_PRACTISED_ID}`, error: storeFull }],
  ANSWER: answers,
  SAVE: saves,
};

export const practiceModel: MachineModel = {
  name: 'practice',
  title: 'Practice',
  summary:
    "The practice page at /{lang}/articles/{id}/practice: the article's exercises one at a time (gap fill, a sentence to hear and complete, tiles to order, words to match). Each answer is judged at once, with the right answer in its sentence; a wrong answer on a saved word brings its review forward (graded Again); a word not saved offers Save. At the end, the score and the words missed, each with Save.",
  machine: practiceMachine,
  source: 'src/machines/practice-machine.ts',
  scenarios: [
    {
      id: 'practice-zh',
      title: 'The learner opens /zh/articles/harbour-tides/practice',
      input: { articleId: 'harbour-tides', language: 'zh' },
    },
    {
      id: 'practice-served-zh',
      title: 'The learner opens /zh/articles/harbour-tides/practice, server-rendered with its set',
      input: { articleId: 'harbour-tides', language: 'zh', preloaded: PRACTICE_SET },
      // Its simple paths would repeat the first scenario's once the words are read.
      shortestOnly: true,
    },
  ],
  events(snapshot) {
    const events = eventsFromTable('practice', snapshot, practicePayloads, never);
    // A server-rendered set differs from a read one only until the learner's words are read and in the first answer
    // (the rest is the first scenario's): its paths stop at the first item, so the path files stay readable.
    if (!(snapshot.context as PracticeContext).fromPage) return events;
    return events.filter((event) => event.type.startsWith('xstate.') || event.type === 'ANSWER');
  },
  // Simple paths grow with every event tried: a failed save and Practise again are left to the shortest paths.
  simpleEvents(snapshot) {
    return this.events(snapshot).filter(
      (event) =>
        event.type !== `xstate.error.actor.${SAVE_PRACTISED_ID}` &&
        event.type !== `xstate.error.actor.${LOAD_LEARNER_WORDS_ID}` &&
        event.type !== 'RESTART',
    );
  },
  serialize(snapshot) {
    const context = snapshot.context as PracticeContext;
    return JSON.stringify({
      value: snapshot.value,
      index: context.index,
      results: context.results.map((result) => result.verdict),
      saved: context.savedLemmas,
      known: context.wordsKnown,
      order: context.exercises.map((exercise) => ('lemma' in exercise ? exercise.lemma : exercise.kind)),
      again: context.reviewedAgain,
      problem: context.storeProblem,
    });
  },
  describeEvent(event) {
    switch (event.type) {
      case `xstate.done.actor.${LOAD_PRACTICE_ID}`: {
        const load = event.output as PracticeLoad;
        return load.set.exercises.length === 0
          ? 'The article has no exercises'
          : 'The set arrives: a gap fill on a saved word, then a sentence to hear';
      }
      case `xstate.done.actor.${LOAD_LEARNER_WORDS_ID}`:
        return "The learner's saved words are read (tide is saved)";
      case `xstate.error.actor.${LOAD_LEARNER_WORDS_ID}`:
        return `The learner's words cannot be read (${quote(errorMessage(event))}): none counts as saved`;
      case `xstate.error.actor.${LOAD_PRACTICE_ID}`:
        return `The set cannot be read (${quote(errorMessage(event))})`;
      case 'ANSWER': {
        const answer = event.answer as { kind: string; text: string };
        return `The learner ${answer.kind === 'choice' ? 'picks' : 'types'} ${quote(answer.text)}`;
      }
      case `xstate.done.actor.${RECORD_MISS_ID}`:
        return 'The saved word is graded Again';
      case `xstate.error.actor.${RECORD_MISS_ID}`:
        return `Grading the saved word fails (${quote(errorMessage(event))})`;
      case 'SAVE':
        return `The learner saves ${quote(String(event.lemma))}`;
      case `xstate.done.actor.${SAVE_PRACTISED_ID}`:
        return 'The word is saved';
      case `xstate.error.actor.${SAVE_PRACTISED_ID}`:
        return `Saving the word fails (${quote(errorMessage(event))})`;
      case 'NEXT':
        return 'The learner clicks Next';
      case 'RESTART':
        return 'The learner clicks Practise again';
      case 'RETRY':
        return 'The learner clicks Try again';
      default:
        return event.type;
    }
  },
  describeContext(snapshot) {
    const context = snapshot.context as PracticeContext;
    if (context.exercises.length === 0) return 'no exercises';
    const position = `item ${Math.min(context.index + 1, context.exercises.length)} of ${context.exercises.length}`;
    return `${position}, ${score(context)} right${context.reviewedAgain.length > 0 ? `, review brought forward for ${context.reviewedAgain.join(', ')}` : ''}`;
  },
};
