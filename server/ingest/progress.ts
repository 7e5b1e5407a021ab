/**
 * What the importer shows while it works: on a terminal one line that updates in place
 * (problems still printed above it, so none is lost); elsewhere (cron, CI, a pipe) plain lines.
 */
import type { FeedSpec, ImportReporter, ImportSummary, ItemOutcome } from './importer';

export interface OutputStream {
  readonly isTTY?: boolean;
  readonly columns?: number;
  write(text: string): unknown;
}

export function summaryLine(summary: ImportSummary): string {
  return (
    `Summary: ${summary.imported} imported, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.failed} failed` +
    ` (feeds: ${summary.feedsRead} read, ${summary.feedsNotModified} not modified, ${summary.feedsFailed} failed)`
  );
}

export interface ProgressReporter extends ImportReporter {
  /** Ends the live line and prints the summary. */
  finish(summary: ImportSummary): void;
  message(text: string): void;
}

export function createProgressReporter(out: OutputStream): ProgressReporter {
  const live = Boolean(out.isTTY);
  const counts = { imported: 0, updated: 0, unchanged: 0, failed: 0 };
  let feedsDone = 0;
  let feedsTotal = 0;
  let itemsSeen = 0;
  let itemsTotal = 0;
  let statusShown = false;

  const status = (): string =>
    `feeds ${feedsDone}/${feedsTotal} · items ${itemsSeen}/${itemsTotal} · ${counts.imported} imported, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.failed} failed`;

  const redraw = (): void => {
    // Nothing to show before the run has started.
    if (!live || feedsTotal === 0) return;
    const width = Math.max(20, (out.columns ?? 100) - 1);
    const text = status();
    out.write(`\r\x1b[2K${text.length > width ? `${text.slice(0, width - 1)}…` : text}`);
    statusShown = true;
  };

  const line = (text: string): void => {
    if (live && statusShown) out.write('\r\x1b[2K');
    out.write(`${text}\n`);
    redraw();
  };

  const feedName = (feed: FeedSpec): string => `[${feed.source}] ${feed.url}`;

  return {
    feedStarted(_feed, _index, total) {
      feedsTotal = total;
      redraw();
    },
    feedRead(feed, itemCount) {
      if (itemCount === undefined) {
        feedsDone += 1;
        if (live) redraw();
        else line(`${feedName(feed)}: not modified since the last run`);
        return;
      }
      itemsTotal += itemCount;
      feedsDone += 1;
      if (live) redraw();
      else line(`${feedName(feed)}: ${itemCount} items`);
    },
    feedFailed(feed, reason) {
      feedsDone += 1;
      line(`FAILED feed ${feedName(feed)}: ${reason}`);
    },
    itemDone(_feed, outcome: ItemOutcome, detail) {
      counts[outcome] += 1;
      itemsSeen += 1;
      if (outcome === 'failed') line(`failed: ${detail.title}${detail.reason ? ` — ${detail.reason}` : ''}`);
      else if (!live && outcome !== 'unchanged') line(`${outcome}: ${detail.title} (${detail.id})`);
      else redraw();
    },
    warning(message) {
      line(`warning: ${message}`);
    },
    message(text) {
      line(text);
    },
    finish(summary) {
      if (live && statusShown) out.write('\r\x1b[2K');
      statusShown = false;
      out.write(`${summaryLine(summary)}\n`);
    },
  };
}
