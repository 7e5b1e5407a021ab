/**
 * The `pendingWrites` actor of the machines that queue writes to the learner's IndexedDB store
 * (saved words, word statuses): at start it sends RESUME_WRITES with the writes an earlier page
 * left unfinished (taken from the journal of platform/pending-writes.ts), and it keeps this page's
 * unfinished ones when the page is left (pagehide) or the machine stops (a route change).
 */
import { fromCallback } from 'xstate';
import type { PendingWritesInput, ResumeWrites } from '../domain/write-queue';
import { keepOnLeave, newPageId, type PendingWrites } from '../platform/pending-writes';

export function pendingWritesActor<Job>(journal: PendingWrites<Job>) {
  return fromCallback<ResumeWrites<Job>, PendingWritesInput<Job>>(({ sendBack, input }) => {
    const page = newPageId();
    const jobs = journal.take();
    if (jobs.length > 0) sendBack({ type: 'RESUME_WRITES', jobs });
    const stopKeeping = keepOnLeave(journal, page, input.pendingJobs);
    return () => {
      stopKeeping();
      journal.keep(page, input.pendingJobs());
    };
  });
}
