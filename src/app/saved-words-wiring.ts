/**
 * The saved-words machine with the store and the downloads. The routes pass the IndexedDB store
 * of word-store-factory.ts (imported on first use, so idb loads with the words and article routes only).
 */
import { fromPromise } from 'xstate';
import { storeChanges } from './store-changes';
import { exportAnki, exportCsv } from '../domain/word-export';
import { localDayStamp } from '../domain/local-dates';
import { savedWordsMachine, type AddWordsInput } from '../machines/saved-words-machine';
import { decodeWriteJobs, type WriteJob } from '../domain/saved-word-writes';
import { pendingWritesIn, type PendingWrites } from '../platform/pending-writes';
import { pendingWritesActor } from './pending-writes-actor';
import type { TextLanguage } from '../../common/languages';
import type { WordEntry } from '../domain/word-lookup';
import { withDictionaryForm } from '../domain/word-to-save';
import type { SavedWord } from '../domain/saved-words';
import { downloadText } from '../platform/file-transfer';
import type { WordStore } from '../platform/word-store';

// The learner's day: at 01:00 in Shanghai the UTC date is still yesterday's.
function fileDate(now: Date): string {
  return localDayStamp(now);
}

export const PENDING_WORD_WRITES_KEY = 'newsreader-pending-word-writes';

/** The dictionary entry of a word, or null; a failed look-up is null too (the word is then saved as printed). */
export type LookUpWord = (word: string, language: TextLanguage) => Promise<WordEntry | null>;

async function inDictionaryForm(words: readonly SavedWord[], lookUp: LookUpWord): Promise<SavedWord[]> {
  return Promise.all(words.map(async (word) => withDictionaryForm(word, await lookUp(word.word, word.glossLanguage).catch(() => null))));
}

export function wiredSavedWords(
  getStore: () => Promise<WordStore>,
  origin: string,
  options: { now?: () => Date; lookUp?: LookUpWord; pendingWrites?: PendingWrites<WriteJob> } = {},
) {
  const journal = options.pendingWrites ?? pendingWritesIn(PENDING_WORD_WRITES_KEY, decodeWriteJobs);
  const now = options.now ?? (() => new Date());
  const { lookUp } = options;
  return savedWordsMachine.provide({
    actors: {
      loadWords: fromPromise(async () => (await getStore()).load()),
      addWords: fromPromise<string[], AddWordsInput>(async ({ input }) => {
        const words = input.lookUp && lookUp !== undefined ? await inDictionaryForm(input.words, lookUp) : input.words;
        return (await getStore()).addIfAbsent(words);
      }),
      removeWord: fromPromise<void, { id: string }>(async ({ input }) => (await getStore()).remove(input.id)),
      storeChanges: storeChanges(getStore),
      pendingWrites: pendingWritesActor(journal),
    },
    actions: {
      exportCsv: ({ context }) =>
        downloadText(`newsreader-words-${fileDate(now())}.csv`, exportCsv(context.words, origin), 'text/csv;charset=utf-8'),
      exportAnki: ({ context }) =>
        downloadText(`newsreader-words-anki-${fileDate(now())}.txt`, exportAnki(context.words), 'text/tab-separated-values;charset=utf-8'),
    },
  });
}
