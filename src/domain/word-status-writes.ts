/**
 * The word-status machine's queued writes, and the codec that reads them back from the journal of
 * writes a page left unfinished (platform/pending-writes.ts): a job is taken only when every part
 * of it decodes.
 */
import { decodeFinished } from './backup';
import { decodeStatusRecord } from './word-status-codec';
import type { StatusRecord } from './word-status';

export type StatusJob =
  | { readonly kind: 'put'; readonly records: readonly StatusRecord[] }
  | { readonly kind: 'removeBatch'; readonly batch: string }
  | { readonly kind: 'finish'; readonly article: { readonly articleId: string; readonly at: string } };

function decodeJob(value: unknown): StatusJob | null {
  if (typeof value !== 'object' || value === null) return null;
  const job = value as { kind?: unknown; records?: unknown; batch?: unknown; article?: unknown };
  if (job.kind === 'removeBatch')
    return typeof job.batch === 'string' && job.batch !== '' ? { kind: 'removeBatch', batch: job.batch } : null;
  if (job.kind === 'finish') {
    const article = decodeFinished(job.article);
    return typeof article === 'string' ? null : { kind: 'finish', article };
  }
  if (job.kind !== 'put' || !Array.isArray(job.records) || job.records.length === 0) return null;
  const records: StatusRecord[] = [];
  for (const raw of job.records) {
    const decoded = decodeStatusRecord(raw);
    if (!('record' in decoded)) return null;
    records.push(decoded.record);
  }
  return { kind: 'put', records };
}

/** The jobs of `value` that decode whole, in order; anything else (not a list, a broken job) is left out. */
export function decodeStatusJobs(value: unknown): StatusJob[] {
  if (!Array.isArray(value)) return [];
  return value.map(decodeJob).filter((job): job is StatusJob => job !== null);
}
