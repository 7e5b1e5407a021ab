/** The test model of the word look-up machine (src/machines/word-lookup-machine.ts), with its fixtures. */
import type { WordEntry } from '../../../src/domain/word-lookup';
import { LOOK_UP_WORD_ID, wordLookupMachine, type WordLookupContext } from '../../../src/machines/word-lookup-machine';
import { errorMessage, eventsFromTable, never, quote, type MachineModel, type PayloadTable } from './model';

export const LOOKUP_WORD = 'harbours';
export const NOT_A_WORD = '2024';
export const LOOKUP_ENTRY: WordEntry = {
  query: LOOKUP_WORD,
  lemma: 'harbour',
  senses: [
    {
      partOfSpeech: 'noun',
      ipa: 'ˈhɑːbə',
      gloss: '港；避难所',
      definition: 'a sheltered port where ships can take on or discharge cargo',
      tags: ['cet6', 'ielts'],
      frequencyRank: 5123,
      headword: 'harbour',
    },
  ],
};

const lookupPayloads: PayloadTable = {
  [`xstate.done.actor.${LOOK_UP_WORD_ID}`]: [
    { type: `xstate.done.actor.${LOOK_UP_WORD_ID}`, output: LOOKUP_ENTRY },
    { type: `xstate.done.actor.${LOOK_UP_WORD_ID}`, output: null },
  ],
  [`xstate.error.actor.${LOOK_UP_WORD_ID}`]: [
    { type: `xstate.error.actor.${LOOK_UP_WORD_ID}`, error: new Error('Network error, the server could not be reached') },
  ],
  WORD_SELECTED: [
    { type: 'WORD_SELECTED', text: LOOKUP_WORD },
    { type: 'WORD_SELECTED', text: NOT_A_WORD },
  ],
};

export const wordLookupModel: MachineModel = {
  name: 'word-lookup',
  title: 'Word look-up',
  summary:
    'A tap on a word of the article, Enter on a vocabulary word or the look-up field opens its entry: looking up, then the entry, "no entry", or a failure with Try again. Another word replaces it; Escape, the close button or a click outside closes it.',
  machine: wordLookupMachine,
  source: 'src/machines/word-lookup-machine.ts',
  scenarios: [{ id: 'lookup-zh', title: 'The learner reads an article at /zh/articles/city-bikes', input: { language: 'zh' } }],
  events(snapshot) {
    return eventsFromTable('word look-up', snapshot, lookupPayloads, never);
  },
  simpleEvents(snapshot) {
    return this.events(snapshot);
  },
  serialize(snapshot) {
    const context = snapshot.context as WordLookupContext;
    return JSON.stringify({ value: snapshot.value, selection: context.selection, hasEntry: context.entry !== null });
  },
  describeEvent(event) {
    switch (event.type) {
      case 'WORD_SELECTED':
        return event.text === NOT_A_WORD
          ? `The learner looks up ${quote(String(event.text))}, which is not a word`
          : `The learner taps the word ${quote(String(event.text))}`;
      case `xstate.done.actor.${LOOK_UP_WORD_ID}`:
        return (event as unknown as { output: WordEntry | null }).output === null
          ? 'The dictionary has no entry for it'
          : 'The dictionary answers with the entry';
      case `xstate.error.actor.${LOOK_UP_WORD_ID}`:
        return `The look-up fails (${quote(errorMessage(event))})`;
      case 'RETRY':
        return 'The learner clicks Try again in the entry';
      case 'CLOSED':
        return 'The learner closes the entry (Escape, the close button or a click outside)';
      default:
        return event.type;
    }
  },
  describeContext(snapshot) {
    const context = snapshot.context as WordLookupContext;
    return context.selection === null ? 'nothing selected' : `selection ${quote(context.selection)}`;
  },
};
