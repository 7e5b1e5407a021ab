/** What the machines that queue writes to the learner's store share with their pendingWrites actor (platform/pending-writes.ts). */

/** Writes an earlier page left unfinished, queued again. */
export type ResumeWrites<Job> = { readonly type: 'RESUME_WRITES'; readonly jobs: readonly Job[] };

/** pendingJobs: the queue as it is now, read when the page is left or the machine stops. */
export type PendingWritesInput<Job> = { readonly pendingJobs: () => readonly Job[] };
