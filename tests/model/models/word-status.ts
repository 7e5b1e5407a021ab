/** The test model of the word-status machine (src/machines/word-status-machine.ts), with its fixtures. */
import type { AnyMachineSnapshot } from 'xstate';
import { newCard, type SavedWord } from '../../../src/domain/saved-words';
import { LOAD_LEARNER_ID, WRITE_STATUSES_ID, wordStatusMachine, type WordStatusContext } from '../../../src/machines/word-status-machine';
import { WordStoreError } from '../../../src/platform/word-store';
import { errorMessage, eventsFromTable, quote, type MachineModel, type PayloadTable } from './model';

export const STATUS_NOW = '2026-03-02T10:00:00.000Z';
export const SAVED_HARBOUR: SavedWord = {
  id: 'harbour',
  word: 'harbours',
  lemma: 'harbour',
  gloss: '港口',
  glossLanguage: 'zh',
  ipa: null,
  definition: null,
  sentence: 'Two harbours closed.',
  articleId: 'city-bikes',
  articleTitle: 'City bikes return',
  savedAt: '2026-03-01T10:00:00.000Z',
  card: newCard(new Date('2026-03-01T10:00:00.000Z')),
};
export const REST_LEMMAS = ['the', 'harbour', 'go', 'river'] as const;

const payloads: PayloadTable = {
  [`xstate.done.actor.${LOAD_LEARNER_ID}`]: [
    { type: `xstate.done.actor.${LOAD_LEARNER_ID}`, output: { words: [SAVED_HARBOUR], setAside: 0, statuses: [], finished: [] } },
  ],
  [`xstate.error.actor.${LOAD_LEARNER_ID}`]: [
    { type: `xstate.error.actor.${LOAD_LEARNER_ID}`, error: new WordStoreError('unavailable', 'This browser has no IndexedDB') },
  ],
  [`xstate.done.actor.${WRITE_STATUSES_ID}`]: [{ type: `xstate.done.actor.${WRITE_STATUSES_ID}` }],
  [`xstate.error.actor.${WRITE_STATUSES_ID}`]: [
    { type: `xstate.error.actor.${WRITE_STATUSES_ID}`, error: new WordStoreError('quotaFull', "The browser's storage is full (save)") },
  ],
  STATUS_SET: [{ type: 'STATUS_SET', lemma: 'river', status: 'known' }],
  REST_KNOWN: [{ type: 'REST_KNOWN', articleId: 'city-bikes', lemmas: REST_LEMMAS }],
  ORDER_CHANGED: [],
  FIT_SHOWN_CHANGED: [],
  // Sent by the list's coverage (tests/unit/machines/word-status-machine.test.ts), not on the article page.
  RANK_STATUSES_BUILT: [],
  UNDO_EXPIRED: (snapshot) => {
    const undo = (snapshot.context as WordStatusContext).undo;
    return undo === null ? [] : [{ type: 'UNDO_EXPIRED', batch: undo.batch }];
  },
};

/** The learner acts at rest; marks made during a write queue (the unit tests' part), as for saved words. */
function busy(snapshot: AnyMachineSnapshot, type: string): boolean {
  // Marks an earlier page left unfinished arrive from the journal as the machine starts: the unit tests' and the wiring's.
  if (type === 'RESUME_WRITES') return true;
  const learner = ['STATUS_SET', 'REST_KNOWN', 'REST_UNDONE', 'UNDO_EXPIRED', 'EXTERNAL_CHANGE', 'MARKING_TOGGLED'];
  return learner.includes(type) && !snapshot.matches({ ready: 'idle' }) && !(type === 'MARKING_TOGGLED' && snapshot.matches('loading'));
}

export const wordStatusModel: MachineModel = {
  name: 'word-status',
  title: 'Word status',
  summary:
    'The learner\'s status of every word (new, learning, known, ignored) in this browser: read from IndexedDB, changed from the word entry, "I know the rest" with Undo for a while, the body marks switched on and off; another tab\'s change reads them again, and a store that cannot be used turns the features off with the reason.',
  machine: wordStatusMachine,
  source: 'src/machines/word-status-machine.ts',
  scenarios: [
    { id: 'status-zh', title: 'The learner opens an article at /zh/articles/city-bikes', input: { now: () => new Date(STATUS_NOW) } },
  ],
  events(snapshot) {
    return eventsFromTable('word status', snapshot, payloads, busy);
  },
  simpleEvents(snapshot) {
    const everyday = ['STATUS_SET', 'REST_KNOWN', 'REST_UNDONE', 'UNDO_EXPIRED', `xstate.done.actor.${WRITE_STATUSES_ID}`];
    return eventsFromTable(
      'word status',
      snapshot,
      payloads,
      (s, type) => busy(s, type) || !(everyday.includes(type) || type.includes(LOAD_LEARNER_ID)),
    );
  },
  serialize(snapshot) {
    const context = snapshot.context as WordStatusContext;
    return JSON.stringify({
      value: snapshot.value,
      // Which marks there are decides what a later step does: the hand-set one, and those of "I know the rest".
      hand: context.records.some((record) => record.source === 'hand'),
      rest: context.records.some((record) => record.source === 'rest'),
      undo: context.undo !== null,
      problem: context.problem !== null,
      queued: context.jobs.length,
      stale: context.stale,
    });
  },
  describeEvent(event) {
    switch (event.type) {
      case `xstate.done.actor.${LOAD_LEARNER_ID}`:
        return 'The store holds the saved word "harbour" and no status';
      case `xstate.error.actor.${LOAD_LEARNER_ID}`:
        return `Reading the store fails (${quote(errorMessage(event))})`;
      case `xstate.done.actor.${WRITE_STATUSES_ID}`:
        return 'The store has written the mark';
      case `xstate.error.actor.${WRITE_STATUSES_ID}`:
        return `Writing fails (${quote(errorMessage(event))})`;
      case 'STATUS_SET':
        return `The learner marks ${quote(String(event.lemma))} ${String(event.status)} in its entry`;
      case 'REST_KNOWN':
        return 'The learner clicks "I know the rest" at the end of the article';
      case 'REST_UNDONE':
        return 'The learner clicks Undo';
      case 'UNDO_EXPIRED':
        return 'Two minutes pass: Undo is no longer offered';
      case 'MARKING_TOGGLED':
        return 'The learner flips the marking switch';
      case 'EXTERNAL_CHANGE':
        return 'The statuses change in another tab';
      case 'RETRY':
        return 'The learner tries again';
      default:
        return event.type;
    }
  },
  describeContext(snapshot) {
    const context = snapshot.context as WordStatusContext;
    const parts = [`${context.records.length} mark(s)`];
    if (context.problem !== null) parts.push(`problem ${context.problem}`);
    if (context.undo !== null) parts.push('Undo offered');
    if (!context.marking) parts.push('marks off');
    return parts.join(', ');
  },
};
