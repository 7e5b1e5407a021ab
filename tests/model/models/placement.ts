/** The test model of the placement machine (src/machines/placement-machine.ts). */
import { APPLY_PLACEMENT_ID, FETCH_LEVEL_WORDS_ID, placementMachine, type PlacementContext } from '../../../src/machines/placement-machine';
import { WordStoreError } from '../../../src/platform/word-store';
import { errorMessage, eventsFromTable, never, quote, type MachineModel, type PayloadTable } from './model';

export const LEVEL_WORDS = ['the', 'be', 'harbour'] as const;

const payloads: PayloadTable = {
  [`xstate.done.actor.${FETCH_LEVEL_WORDS_ID}`]: [{ type: `xstate.done.actor.${FETCH_LEVEL_WORDS_ID}`, output: LEVEL_WORDS }],
  [`xstate.error.actor.${FETCH_LEVEL_WORDS_ID}`]: [
    { type: `xstate.error.actor.${FETCH_LEVEL_WORDS_ID}`, error: new Error('Network error, the server could not be reached') },
  ],
  [`xstate.done.actor.${APPLY_PLACEMENT_ID}`]: [{ type: `xstate.done.actor.${APPLY_PLACEMENT_ID}`, output: 2 }],
  [`xstate.error.actor.${APPLY_PLACEMENT_ID}`]: [
    { type: `xstate.error.actor.${APPLY_PLACEMENT_ID}`, error: new WordStoreError('unavailable', 'This browser has no IndexedDB') },
  ],
  LEVEL_CHOSEN: [{ type: 'LEVEL_CHOSEN', level: 'cet4' }],
};

export const placementModel: MachineModel = {
  name: 'placement',
  title: 'Placement',
  summary:
    'The learner chooses an exam or a band of the most common words on /{lang}/level; its words are fetched and marked known in this browser (never over a word set by hand), with the count at the end, Try again after a failure, and another level any time.',
  machine: placementMachine,
  source: 'src/machines/placement-machine.ts',
  scenarios: [{ id: 'level-zh', title: 'The learner opens /zh/level', input: {} }],
  events(snapshot) {
    return eventsFromTable('placement', snapshot, payloads, never);
  },
  simpleEvents(snapshot) {
    return this.events(snapshot);
  },
  serialize(snapshot) {
    const context = snapshot.context as PlacementContext;
    return JSON.stringify({ value: snapshot.value, words: context.words.length > 0, problem: context.problem });
  },
  describeEvent(event) {
    switch (event.type) {
      case `xstate.done.actor.${FETCH_LEVEL_WORDS_ID}`:
        return `The server answers with the level's words (${(event.output as readonly string[]).map(quote).join(', ')})`;
      case `xstate.error.actor.${FETCH_LEVEL_WORDS_ID}`:
        return `Fetching the words fails (${quote(errorMessage(event))})`;
      case `xstate.done.actor.${APPLY_PLACEMENT_ID}`:
        return `The store marks ${String(event.output)} of them known (one was set by hand)`;
      case `xstate.error.actor.${APPLY_PLACEMENT_ID}`:
        return `Writing fails (${quote(errorMessage(event))})`;
      case 'LEVEL_CHOSEN':
        return 'The learner chooses CET-4 and submits';
      case 'RETRY':
        return 'The learner clicks Try again';
      case 'CHOOSE_AGAIN':
        return 'The learner chooses another level';
      default:
        return event.type;
    }
  },
  describeContext(snapshot) {
    const context = snapshot.context as PlacementContext;
    return context.problem === null ? `${context.marked} word(s) marked` : `problem ${context.problem}`;
  },
};
