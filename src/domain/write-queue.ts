/** What the machines that queue writes to the learner's store share with their pendingWrites actor (platform/pending-writes.ts). */
import * as t from 'io-ts';
import { isRight } from 'fp-ts/Either';

/** Writes an earlier page left unfinished, queued again. */
export type ResumeWrites<Job> = { readonly type: 'RESUME_WRITES'; readonly jobs: readonly Job[] };

/** pendingJobs: the queue as it is now, read when the page is left or the machine stops. */
export type PendingWritesInput<Job> = { readonly pendingJobs: () => readonly Job[] };

/**
 * The journal's reader for jobs of `codec`: the elements of a list that decode whole, in order.
 * The journal is localStorage, written by other versions of the site and other tabs, so anything
 * else (not a list, a job with any part that does not decode) is left out rather than half-run.
 */
export function jobsDecoder<Job>(codec: t.Decoder<unknown, Job>): (value: unknown) => Job[] {
  return (value) => {
    if (!t.UnknownArray.is(value)) return [];
    return value.flatMap((job) => {
      const decoded = codec.decode(job);
      return isRight(decoded) ? [decoded.right] : [];
    });
  };
}
