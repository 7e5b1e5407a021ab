/** The test model of the saved-words machine (src/machines/saved-words-machine.ts), with its fixtures. */
import type { AnyMachineSnapshot } from 'xstate';
import { newCard, type SavedWord } from '../../../src/domain/saved-words';
import { exportCsv } from '../../../src/domain/word-export';
import {
  LOAD_WORDS_ID,
  ADD_WORDS_ID,
  REMOVE_WORD_ID,
  savedWordsMachine,
  type SavedWordsContext,
} from '../../../src/machines/saved-words-machine';
import { WordStoreError } from '../../../src/platform/word-store';
import { errorMessage, eventsFromTable, quote, type MachineModel, type PayloadTable } from './model';

function word(lemma: string, savedAt: string): SavedWord {
  return {
    id: lemma,
    word: lemma,
    lemma,
    gloss: '港口',
    glossLanguage: 'zh',
    ipa: null,
    definition: null,
    sentence: `Ships left the ${lemma} early.`,
    articleId: 'city-bikes',
    articleTitle: 'City bikes return',
    savedAt,
    card: newCard(new Date(savedAt)),
  };
}

export const STORED_WORD = word('harbour', '2026-03-01T10:00:00.000Z');
export const NEW_WORD = word('tide', '2026-03-02T10:00:00.000Z');
export const IMPORTED_WORD = word('river', '2026-03-03T10:00:00.000Z');
/** What the article gives for NEW_WORD; the machine's clock (NOW in the test) makes its savedAt. */
export const SAVE_SOURCE = {
  word: 'tide',
  lemma: 'tide',
  gloss: '港口',
  ipa: null,
  definition: null,
  sentence: 'Ships left the tide early.',
};
export const SAVE_ARTICLE = { textLanguage: 'zh', articleId: 'city-bikes', articleTitle: 'City bikes return' } as const;
export const OUR_CSV = exportCsv([IMPORTED_WORD], 'https://news.example');
export const FOREIGN_CSV = 'name,email\nAnn,ann@example.com\n';

const problem = (name: 'newerVersion' | 'quotaFull' | 'unavailable') => new WordStoreError(name, `Store problem: ${name}`);

const payloads: PayloadTable = {
  [`xstate.done.actor.${LOAD_WORDS_ID}`]: [
    { type: `xstate.done.actor.${LOAD_WORDS_ID}`, output: { words: [STORED_WORD], setAside: 0 } },
    { type: `xstate.done.actor.${LOAD_WORDS_ID}`, output: { words: [], setAside: 1 } },
  ],
  [`xstate.error.actor.${LOAD_WORDS_ID}`]: [{ type: `xstate.error.actor.${LOAD_WORDS_ID}`, error: problem('newerVersion') }],
  // The store adds the words asked (another tab saving one first is the unit tests': it reads again like a change).
  [`xstate.done.actor.${ADD_WORDS_ID}`]: (snapshot) => {
    const job = (snapshot.context as SavedWordsContext).jobs[0];
    return [{ type: `xstate.done.actor.${ADD_WORDS_ID}`, output: job?.kind === 'add' ? job.words.map((each) => each.id) : [] }];
  },
  [`xstate.error.actor.${ADD_WORDS_ID}`]: [{ type: `xstate.error.actor.${ADD_WORDS_ID}`, error: problem('quotaFull') }],
  [`xstate.done.actor.${REMOVE_WORD_ID}`]: [{ type: `xstate.done.actor.${REMOVE_WORD_ID}` }],
  [`xstate.error.actor.${REMOVE_WORD_ID}`]: [{ type: `xstate.error.actor.${REMOVE_WORD_ID}`, error: problem('unavailable') }],
  SAVE: [{ type: 'SAVE', source: SAVE_SOURCE, article: SAVE_ARTICLE }],
  DELETE: (snapshot) => {
    const first = (snapshot.context as SavedWordsContext).words[0];
    return first === undefined ? [] : [{ type: 'DELETE', id: first.id }];
  },
  SEARCH: [{ type: 'SEARCH', query: 'harb' }],
  IMPORT: [
    { type: 'IMPORT', text: OUR_CSV },
    { type: 'IMPORT', text: FOREIGN_CSV },
  ],
};

/**
 * The learner acts while nothing is being written, and another tab changes the words at rest. A
 * Save while the words load, another tab's change during a write and the learner's next action
 * during a write (the queue) are the unit tests' (tests/unit/machines/saved-words-machine.test.ts):
 * here they would make the shortest paths outgrow the simple ones.
 */
function busy(snapshot: AnyMachineSnapshot, type: string): boolean {
  // Writes an earlier page left unfinished arrive from the journal as the machine starts: the unit tests' and the wiring's.
  if (type === 'RESUME_WRITES') return true;
  const learner = ['SAVE', 'DELETE', 'UNDO', 'IMPORT', 'SEARCH', 'EXPORT_CSV', 'EXPORT_ANKI', 'EXTERNAL_CHANGE'];
  return learner.includes(type) && (snapshot.matches('loading') || (snapshot.matches('ready') && !snapshot.matches({ ready: 'idle' })));
}

export const savedWordsModel: MachineModel = {
  name: 'saved-words',
  title: 'Saved words',
  summary:
    'The words kept in this browser: read from IndexedDB, saved from an article, searched, deleted with Undo, imported from our CSV and exported; a change in another tab reads them again, and a store that cannot be used (newer version, full quota) is named while the page works.',
  machine: savedWordsMachine,
  source: 'src/machines/saved-words-machine.ts',
  scenarios: [{ id: 'words-zh', title: 'The learner opens /zh/words', input: {} }],
  events(snapshot) {
    return eventsFromTable('saved words', snapshot, payloads, busy);
  },
  simpleEvents(snapshot) {
    // Simple paths grow exponentially: only the everyday course (read, save, delete, undo) and the failed read.
    const everyday = ['SAVE', 'DELETE', 'UNDO', 'RETRY', `xstate.done.actor.${ADD_WORDS_ID}`, `xstate.done.actor.${REMOVE_WORD_ID}`];
    return eventsFromTable(
      'saved words',
      snapshot,
      payloads,
      (s, type) => busy(s, type) || !(everyday.includes(type) || type.includes(LOAD_WORDS_ID)),
    ).filter((event) => !(event.type === `xstate.done.actor.${LOAD_WORDS_ID}` && (event.output as { setAside: number }).setAside > 0));
  },
  serialize(snapshot) {
    const context = snapshot.context as SavedWordsContext;
    return JSON.stringify({
      value: snapshot.value,
      // A learner tells states apart by whether there are words, an Undo, a problem or a note; not by how many.
      words: context.words.length > 0,
      undo: context.deleted.length > 0,
      problem: context.problem !== null,
      notice: context.setAside > 0 || context.imported !== null,
      queued: context.jobs.length,
      stale: context.stale,
    });
  },
  describeEvent(event) {
    switch (event.type) {
      case `xstate.done.actor.${LOAD_WORDS_ID}`: {
        const { words, setAside } = (event as unknown as { output: { words: SavedWord[]; setAside: number } }).output;
        return setAside > 0
          ? `The store holds no readable word and ${setAside} record set aside`
          : `The store holds ${words.map((each) => quote(each.word)).join(', ')}`;
      }
      case `xstate.error.actor.${LOAD_WORDS_ID}`:
        return `Reading the store fails (${quote(errorMessage(event))})`;
      case `xstate.done.actor.${ADD_WORDS_ID}`:
        return (event.output as string[]).length > 0 ? 'The store has written the words' : 'Another tab had already saved the words';
      case `xstate.error.actor.${ADD_WORDS_ID}`:
        return `Writing fails (${quote(errorMessage(event))})`;
      case `xstate.done.actor.${REMOVE_WORD_ID}`:
        return 'The store has deleted the word';
      case `xstate.error.actor.${REMOVE_WORD_ID}`:
        return `Deleting fails (${quote(errorMessage(event))})`;
      case 'SAVE':
        return `The learner saves ${quote((event.source as { word: string }).word)} from an article`;
      case 'DELETE':
        return `The learner deletes ${quote(String(event.id))}`;
      case 'UNDO':
        return 'The learner clicks Undo';
      case 'SEARCH':
        return `The learner searches for ${quote(String(event.query))}`;
      case 'IMPORT':
        return event.text === FOREIGN_CSV
          ? 'The learner imports a CSV that is not ours'
          : 'The learner imports a CSV exported from this site';
      case 'EXTERNAL_CHANGE':
        return 'The words change in another tab';
      case 'EXPORT_CSV':
        return 'The learner clicks Export CSV';
      case 'EXPORT_ANKI':
        return 'The learner clicks Export for Anki';
      case 'RETRY':
        return 'The learner clicks Try again';
      default:
        return event.type;
    }
  },
  describeContext(snapshot) {
    const context = snapshot.context as SavedWordsContext;
    const parts = [`${context.words.length} word(s)`];
    if (context.problem !== null) parts.push(`problem ${context.problem}`);
    if (context.deleted.length > 0) parts.push('Undo offered');
    return parts.join(', ');
  },
};
