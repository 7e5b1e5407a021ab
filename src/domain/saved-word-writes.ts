/**
 * The saved-words machine's queued writes, and the codec that reads them back from the journal of
 * writes a page left unfinished (platform/pending-writes.ts): localStorage is written by other
 * versions of the site and other tabs, so a job is taken only when every part of it decodes
 * (write-queue.ts's jobsDecoder); extra properties are dropped.
 */
import * as t from 'io-ts';
import { SavedWordCodec } from './saved-word-codec';
import { newestFirst, type SavedWord } from './saved-words';
import { NonBlankString, nonEmptyArray } from './stored-value-codecs';
import { jobsDecoder } from './write-queue';

/** A write waiting for the store; the first one of the queue is the one running. */
export type WriteJob =
  | { readonly kind: 'add'; readonly words: readonly SavedWord[]; readonly imported: boolean; readonly lookUp?: boolean }
  | { readonly kind: 'remove'; readonly id: string };

const WriteJobCodec: t.Decoder<unknown, WriteJob> = t.union([
  t.exact(
    t.intersection([
      t.type({ kind: t.literal('add'), words: nonEmptyArray(t.exact(SavedWordCodec)), imported: t.boolean }),
      t.partial({ lookUp: t.boolean }),
    ]),
  ),
  t.strict({ kind: t.literal('remove'), id: NonBlankString }),
]);

/** The jobs of `value` that decode whole, in order; anything else (not a list, a broken job) is left out. */
export const decodeWriteJobs = jobsDecoder(WriteJobCodec);

/** The stored words as a tab will see them once its queued writes are done. */
export function withJobs(stored: readonly SavedWord[], jobs: readonly WriteJob[]): SavedWord[] {
  let words = [...stored];
  for (const job of jobs) {
    if (job.kind === 'remove') words = words.filter((word) => word.id !== job.id);
    else words = [...job.words.filter((added) => !words.some((word) => word.id === added.id)), ...words];
  }
  return newestFirst(words);
}
