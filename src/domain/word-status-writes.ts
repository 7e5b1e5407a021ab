/**
 * The word-status machine's queued writes, and the codec that reads them back from the journal of
 * writes a page left unfinished (platform/pending-writes.ts): a job is taken only when every part
 * of it decodes (write-queue.ts's jobsDecoder), like the saved words' (saved-word-writes.ts).
 */
import * as t from 'io-ts';
import { FinishedArticleCodec } from './backup';
import { NonEmptyString, nonEmptyArray } from './stored-value-codecs';
import type { StatusRecord } from './word-status';
import { StatusRecordCodec } from './word-status-codec';
import { jobsDecoder } from './write-queue';

export type StatusJob =
  | { readonly kind: 'put'; readonly records: readonly StatusRecord[] }
  | { readonly kind: 'removeBatch'; readonly batch: string }
  | { readonly kind: 'finish'; readonly article: { readonly articleId: string; readonly at: string } };

const StatusJobCodec: t.Decoder<unknown, StatusJob> = t.union([
  t.strict({ kind: t.literal('put'), records: nonEmptyArray(t.exact(StatusRecordCodec)) }),
  t.strict({ kind: t.literal('removeBatch'), batch: NonEmptyString }),
  t.strict({ kind: t.literal('finish'), article: FinishedArticleCodec }),
]);

/** The jobs of `value` that decode whole, in order; anything else (not a list, a broken job) is left out. */
export const decodeStatusJobs = jobsDecoder(StatusJobCodec);
