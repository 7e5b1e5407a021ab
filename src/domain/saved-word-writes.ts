/**
 * The saved-words machine's queued writes, and the codec that reads them back from the journal of
 * writes a page left unfinished (platform/pending-writes.ts): localStorage is written by other
 * versions of the site and other tabs, so a job is taken only when every part of it decodes.
 */
import * as t from 'io-ts';
import { isRight } from 'fp-ts/Either';
import { decodeSavedWord } from './saved-word-codec';
import { newestFirst, type SavedWord } from './saved-words';

/** A write waiting for the store; the first one of the queue is the one running. */
export type WriteJob =
  | { readonly kind: 'add'; readonly words: readonly SavedWord[]; readonly imported: boolean; readonly lookUp?: boolean }
  | { readonly kind: 'remove'; readonly id: string };

const AddShape = t.intersection([
  t.type({ kind: t.literal('add'), words: t.array(t.unknown), imported: t.boolean }),
  t.partial({ lookUp: t.boolean }),
]);
const RemoveShape = t.type({ kind: t.literal('remove'), id: t.string });

function decodeJob(value: unknown): WriteJob | null {
  const remove = RemoveShape.decode(value);
  if (isRight(remove)) return remove.right.id.trim() === '' ? null : { kind: 'remove', id: remove.right.id };
  const add = AddShape.decode(value);
  if (!isRight(add) || add.right.words.length === 0) return null;
  const words: SavedWord[] = [];
  for (const raw of add.right.words) {
    const decoded = decodeSavedWord(raw);
    if (!('word' in decoded)) return null;
    words.push(decoded.word);
  }
  return { kind: 'add', words, imported: add.right.imported, ...(add.right.lookUp === true ? { lookUp: true } : {}) };
}

/** The jobs of `value` that decode whole, in order; anything else (not a list, a broken job) is left out. */
export function decodeWriteJobs(value: unknown): WriteJob[] {
  if (!Array.isArray(value)) return [];
  return value.map(decodeJob).filter((job): job is WriteJob => job !== null);
}

/** The stored words as a tab will see them once its queued writes are done. */
export function withJobs(stored: readonly SavedWord[], jobs: readonly WriteJob[]): SavedWord[] {
  let words = [...stored];
  for (const job of jobs) {
    if (job.kind === 'remove') words = words.filter((word) => word.id !== job.id);
    else words = [...job.words.filter((added) => !words.some((word) => word.id === added.id)), ...words];
  }
  return newestFirst(words);
}
