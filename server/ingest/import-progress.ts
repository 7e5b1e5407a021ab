/**
 * What the importer shows while it works: on a terminal one line that updates in place
 * (problems still printed above it, so none is lost); elsewhere (cron, CI, a pipe) one log line per
 * event through the logger (pino's JSON lines, the same format and fields as the server's), or plain
 * lines when no logger is given.
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

/** What the reporter needs of a logger (pino's). */
export interface ProgressLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export function createProgressReporter(out: OutputStream, logger?: ProgressLogger): ProgressReporter {
  const live = Boolean(out.isTTY);
  const logged = !live && logger !== undefined;
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

  const line = (text: string, fields: object = {}, level: 'info' | 'warn' = 'info'): void => {
    if (logged) return logger[level](fields, text);
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
        else line(`${feedName(feed)}: not modified since the last run`, { feed: feed.url, source: feed.source, notModified: true });
        return;
      }
      itemsTotal += itemCount;
      feedsDone += 1;
      if (live) redraw();
      else line(`${feedName(feed)}: ${itemCount} items`, { feed: feed.url, source: feed.source, items: itemCount });
    },
    feedFailed(feed, reason) {
      feedsDone += 1;
      line(`FAILED feed ${feedName(feed)}: ${reason}`, { feed: feed.url, source: feed.source, outcome: 'failed', reason }, 'warn');
    },
    itemDone(feed, outcome: ItemOutcome, detail) {
      counts[outcome] += 1;
      itemsSeen += 1;
      const fields = { feed: feed.url, outcome, id: detail.id, title: detail.title };
      if (outcome === 'failed')
        line(`failed: ${detail.title}${detail.reason ? ` — ${detail.reason}` : ''}`, { ...fields, reason: detail.reason }, 'warn');
      else if (!live && outcome !== 'unchanged') line(`${outcome}: ${detail.title} (${detail.id})`, fields);
      else redraw();
    },
    warning(message) {
      line(`warning: ${message}`, {}, 'warn');
    },
    message(text) {
      line(text);
    },
    finish(summary) {
      if (logged) return logger.info({ summary }, summaryLine(summary));
      if (live && statusShown) out.write('\r\x1b[2K');
      statusShown = false;
      out.write(`${summaryLine(summary)}\n`);
    },
  };
}
