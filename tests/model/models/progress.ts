/** The test model of the progress machine (src/machines/progress-machine.ts). */
import {
  LOAD_PROGRESS_ID,
  RESTORE_BACKUP_ID,
  SAVE_GOAL_ID,
  progressMachine,
  type ProgressContext,
} from '../../../src/machines/progress-machine';
import { exportBackup } from '../../../src/domain/backup';

const GOOD_BACKUP = exportBackup(
  { statuses: [{ id: 'river', status: 'known', source: 'hand', setAt: '2026-03-01T10:00:00.000Z' }], words: [], finished: [], goal: null },
  new Date('2026-03-02T10:00:00.000Z'),
);
import { WordStoreError } from '../../../src/platform/word-store';
import { errorMessage, eventsFromTable, never, quote, type MachineModel, type PayloadTable } from './model';

const payloads: PayloadTable = {
  [`xstate.done.actor.${LOAD_PROGRESS_ID}`]: [
    {
      type: `xstate.done.actor.${LOAD_PROGRESS_ID}`,
      output: {
        words: [],
        setAside: 0,
        statuses: [{ id: 'go', status: 'known', source: 'rest', setAt: '2026-03-01T10:00:00.000Z', batch: 'r' }],
        finished: [{ articleId: 'city-bikes', at: '2026-03-01T10:00:00.000Z' }],
      },
    },
  ],
  [`xstate.error.actor.${LOAD_PROGRESS_ID}`]: [
    { type: `xstate.error.actor.${LOAD_PROGRESS_ID}`, error: new WordStoreError('unavailable', 'This browser has no IndexedDB') },
  ],
  [`xstate.done.actor.${SAVE_GOAL_ID}`]: [{ type: `xstate.done.actor.${SAVE_GOAL_ID}` }],
  [`xstate.error.actor.${SAVE_GOAL_ID}`]: [
    { type: `xstate.error.actor.${SAVE_GOAL_ID}`, error: new WordStoreError('quotaFull', "The browser's storage is full") },
  ],
  GOAL_SET: [{ type: 'GOAL_SET', goal: { kind: 'words', count: 10 } }],
  [`xstate.done.actor.${RESTORE_BACKUP_ID}`]: [{ type: `xstate.done.actor.${RESTORE_BACKUP_ID}` }],
  [`xstate.error.actor.${RESTORE_BACKUP_ID}`]: [
    { type: `xstate.error.actor.${RESTORE_BACKUP_ID}`, error: new WordStoreError('quotaFull', "The browser's storage is full") },
  ],
  IMPORT_BACKUP: [
    { type: 'IMPORT_BACKUP', text: GOOD_BACKUP },
    { type: 'IMPORT_BACKUP', text: 'word,lemma\n' },
  ],
};

export const progressModel: MachineModel = {
  name: 'progress',
  title: 'Progress',
  summary:
    "The progress page: the learner's figures read from this browser (words known, marks per day, articles finished, streak), the daily goal kept, another tab's change read again, and a store that cannot be used named.",
  machine: progressMachine,
  source: 'src/machines/progress-machine.ts',
  scenarios: [{ id: 'progress-zh', title: 'The learner opens /zh/progress', input: {} }],
  events(snapshot) {
    return eventsFromTable('progress', snapshot, payloads, never);
  },
  simpleEvents(snapshot) {
    // Simple paths grow exponentially: the everyday course only (read, set a goal, restore a backup of ours, a failed read).
    const everyday = [
      `xstate.done.actor.${LOAD_PROGRESS_ID}`,
      `xstate.error.actor.${LOAD_PROGRESS_ID}`,
      'GOAL_SET',
      `xstate.done.actor.${SAVE_GOAL_ID}`,
      `xstate.done.actor.${RESTORE_BACKUP_ID}`,
      'RETRY',
    ];
    return this.events(snapshot).filter(
      (event) =>
        everyday.includes(event.type) ||
        (event.type === 'IMPORT_BACKUP' && event.text === GOOD_BACKUP && (snapshot.context as ProgressContext).imported === null),
    );
  },
  serialize(snapshot) {
    const context = snapshot.context as ProgressContext;
    return JSON.stringify({
      value: snapshot.value,
      loaded: context.contents !== null,
      goal: context.goal,
      problem: context.problem,
      imported: context.imported?.kind ?? null,
    });
  },
  describeEvent(event) {
    switch (event.type) {
      case `xstate.done.actor.${LOAD_PROGRESS_ID}`:
        return 'The store holds one word known and one article finished';
      case `xstate.error.actor.${LOAD_PROGRESS_ID}`:
      case `xstate.error.actor.${SAVE_GOAL_ID}`:
        return `The store fails (${quote(errorMessage(event))})`;
      case `xstate.done.actor.${SAVE_GOAL_ID}`:
        return 'The goal is kept';
      case `xstate.done.actor.${RESTORE_BACKUP_ID}`:
        return 'The backup is restored';
      case `xstate.error.actor.${RESTORE_BACKUP_ID}`:
        return `Restoring fails (${quote(errorMessage(event))})`;
      case 'IMPORT_BACKUP':
        return event.text === GOOD_BACKUP
          ? 'The learner restores a backup of this site'
          : 'The learner chooses a file that is not a backup';
      case 'EXPORT_BACKUP':
        return 'The learner downloads a backup';
      case 'GOAL_SET':
        return 'The learner chooses "Mark 10 words a day"';
      case 'EXTERNAL_CHANGE':
        return 'The data changes in another tab';
      case 'RETRY':
        return 'The learner clicks Try again';
      default:
        return event.type;
    }
  },
  describeContext(snapshot) {
    const context = snapshot.context as ProgressContext;
    return context.problem === null ? `goal ${context.goal.kind} ${context.goal.count}` : `problem ${context.problem}`;
  },
};
