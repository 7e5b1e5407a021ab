/** What an import run reports: per-feed and per-item outcomes, summed. */
import type { UpsertOutcome } from '../store/types';
import type { FeedSpec } from './importer';

export type ItemOutcome = UpsertOutcome | 'failed';

export interface ImportSummary {
  imported: number;
  updated: number;
  unchanged: number;
  failed: number;
  feedsRead: number;
  feedsNotModified: number;
  feedsFailed: number;
}

export interface ImportReporter {
  feedStarted?(feed: FeedSpec, index: number, total: number): void;
  /** itemCount is undefined for a 304 (not modified) feed. */
  feedRead?(feed: FeedSpec, itemCount: number | undefined): void;
  feedFailed?(feed: FeedSpec, reason: string): void;
  itemDone?(feed: FeedSpec, outcome: ItemOutcome, detail: { title: string; id?: string; reason?: string }): void;
  warning?(message: string): void;
}

export function emptySummary(): ImportSummary {
  return { imported: 0, updated: 0, unchanged: 0, failed: 0, feedsRead: 0, feedsNotModified: 0, feedsFailed: 0 };
}

/** Whether anything at all could be read: the CLI exits non-zero otherwise. */
export function readAnything(summary: ImportSummary): boolean {
  return summary.feedsRead > 0;
}
