/**
 * Command-line options of `npm run ingest`, parsed and checked before anything runs,
 * so a typo gets a clear message rather than a half-done import.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isSourceId, SOURCE_IDS, type SourceId } from '../../common/catalog';
import type { FeedSpec } from './importer';
import { DEFAULT_MAX_BYTES, DEFAULT_PER_HOST_CONCURRENCY, DEFAULT_TIMEOUT_MS } from './polite-fetcher';

export class UsageError extends Error {}

/** The documented default feed list, used when no feed is named. */
export const DEFAULT_FEEDS_FILE = join(import.meta.dirname, 'feeds.json');

export const USAGE = `Usage:
  npm run ingest -- [options] [--source <code>] <feed URL or file> [[--source <code>] <feed> ...]
  npm run ingest -- [options] --config <file>
  npm run ingest                  (the default feeds: server/ingest/feeds.json)
  npm run ingest -- --merge-duplicates [--dry-run]
  npm run ingest -- --explain [--limit <n>]

Reads RSS 2.0 / Atom feeds and imports their articles into the database that npm start uses
(DATABASE_PATH, default data/newsreader.db; created and migrated when missing).

Options:
  --source <code>     source of the feeds that follow (${SOURCE_IDS.join(', ')}); needed when the feed's host does not tell
  --config <file>     JSON file {"feeds": [{"source": "npr", "url": "https://..."}]} (default list: server/ingest/feeds.json)
  --every <minutes>   run again every N minutes until SIGINT/SIGTERM
  --timeout <seconds> time-out per request (default ${DEFAULT_TIMEOUT_MS / 1000})
  --max-bytes <n>     largest page or feed read, in bytes (default ${DEFAULT_MAX_BYTES})
  --per-host <n>      requests at a time to one host (default ${DEFAULT_PER_HOST_CONCURRENCY})
  --refetch           load article pages again even when the feed shows no change
  --allow-private-hosts  also fetch loopback, private, link-local and multicast addresses
                      (refused by default, after DNS and on every redirect; for local test servers)
  --merge-duplicates  import nothing: merge articles stored twice into the older one (its id kept; the
                      other's address redirects to it)
  --dry-run           with --merge-duplicates: print what would be merged, change no article
  --explain           import nothing: machine-written summaries, notes and hard sentences (zh, es) for
                      stored articles that lack them, from the model at LLM_BASE_URL (resumable)
  --limit <n>         with --explain: ask about at most n articles (LLM_MAX_REQUESTS bounds requests too)
  --help              this text`;

export interface CliOptions {
  readonly feeds: FeedSpec[];
  readonly everyMinutes?: number;
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly perHostConcurrency: number;
  readonly refetch: boolean;
  readonly allowPrivateHosts: boolean;
  readonly mergeDuplicates: boolean;
  readonly dryRun: boolean;
  readonly explain: boolean;
  readonly limit?: number;
  readonly help: boolean;
}

/** Hosts whose feeds name their source themselves. */
const HOST_SOURCES: ReadonlyArray<readonly [RegExp, SourceId]> = [
  [/(?:^|\.)cbsnews\.com$/, 'cbs'],
  [/(?:^|\.)npr\.org$/, 'npr'],
  [/(?:^|\.)(?:bbc\.co\.uk|bbci\.co\.uk|bbc\.com)$/, 'bbc'],
  [/(?:^|\.)(?:reuters\.com|reutersagency\.com)$/, 'reuters'],
];

export function sourceForUrl(url: string): SourceId | undefined {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  return HOST_SOURCES.find(([pattern]) => pattern.test(host))?.[1];
}

function positiveNumber(name: string, raw: string | undefined, integer: boolean): number {
  const value = Number(raw);
  if (raw === undefined || raw.startsWith('--') || !Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new UsageError(`${name} needs a positive ${integer ? 'whole ' : ''}number; got ${raw === undefined ? 'nothing' : `"${raw}"`}`);
  }
  return value;
}

function checkSource(raw: string | undefined, where: string): SourceId {
  if (!isSourceId(raw)) throw new UsageError(`${where}: unknown source "${raw ?? ''}" (known: ${SOURCE_IDS.join(', ')})`);
  return raw;
}

export function readFeedConfig(file: string): FeedSpec[] {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`cannot read config ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const feeds = (data as { feeds?: unknown } | null)?.feeds;
  if (!Array.isArray(feeds) || feeds.length === 0) throw new UsageError(`${file}: expected {"feeds": [{"source": ..., "url": ...}, ...]}`);
  return feeds.map((entry: unknown, i) => {
    const { url, source } = (entry ?? {}) as { url?: unknown; source?: unknown };
    if (typeof url !== 'string' || !url.trim()) throw new UsageError(`${file}: feeds[${i}] has no "url"`);
    const resolved = source === undefined ? sourceForUrl(url) : checkSource(String(source), `${file}: feeds[${i}]`);
    if (!resolved) throw new UsageError(`${file}: feeds[${i}] needs a "source": its host does not tell (${url})`);
    return { url: url.trim(), source: resolved };
  });
}

export function parseCliArgs(argv: readonly string[]): CliOptions {
  const feeds: FeedSpec[] = [];
  let source: SourceId | undefined;
  let everyMinutes: number | undefined;
  let timeoutMs = DEFAULT_TIMEOUT_MS;
  let maxBytes = DEFAULT_MAX_BYTES;
  let perHostConcurrency = DEFAULT_PER_HOST_CONCURRENCY;
  let refetch = false;
  let allowPrivateHosts = false;
  let mergeDuplicates = false;
  let dryRun = false;
  let explain = false;
  let limit: number | undefined;
  let help = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const value = (): string | undefined => argv[++i];
    switch (arg) {
      case '--source':
        source = checkSource(value(), '--source');
        break;
      case '--config': {
        const file = value();
        if (!file) throw new UsageError('--config needs a file');
        feeds.push(...readFeedConfig(file));
        break;
      }
      case '--every':
        everyMinutes = positiveNumber('--every', value(), false);
        break;
      case '--timeout':
        timeoutMs = positiveNumber('--timeout', value(), false) * 1000;
        break;
      case '--max-bytes':
        maxBytes = positiveNumber('--max-bytes', value(), true);
        break;
      case '--per-host':
        perHostConcurrency = positiveNumber('--per-host', value(), true);
        break;
      case '--refetch':
        refetch = true;
        break;
      case '--allow-private-hosts':
        allowPrivateHosts = true;
        break;
      case '--merge-duplicates':
        mergeDuplicates = true;
        break;
      case '--dry-run':
        dryRun = true;
        break;
      case '--explain':
        explain = true;
        break;
      case '--limit':
        limit = positiveNumber('--limit', value(), true);
        break;
      case '--help':
      case '-h':
        help = true;
        break;
      default: {
        if (arg.startsWith('-')) throw new UsageError(`unknown option ${arg}`);
        const resolved = source ?? sourceForUrl(arg);
        if (!resolved) throw new UsageError(`cannot tell the source of ${arg}; put --source <${SOURCE_IDS.join('|')}> before it`);
        feeds.push({ url: arg, source: resolved });
      }
    }
  }
  if (dryRun && !mergeDuplicates) throw new UsageError('--dry-run goes with --merge-duplicates');
  if (limit !== undefined && !explain) throw new UsageError('--limit goes with --explain');
  if (explain && (mergeDuplicates || feeds.length > 0))
    throw new UsageError('--explain imports nothing: name no feed and no --merge-duplicates with it');
  if (mergeDuplicates && feeds.length > 0) throw new UsageError('--merge-duplicates imports nothing: name no feed with it');
  if (!help && !mergeDuplicates && !explain && feeds.length === 0) {
    if (source) throw new UsageError('--source names the source of the feeds after it, but no feed follows');
    feeds.push(...readFeedConfig(DEFAULT_FEEDS_FILE));
  }
  return {
    feeds,
    ...(everyMinutes !== undefined ? { everyMinutes } : {}),
    timeoutMs,
    maxBytes,
    perHostConcurrency,
    refetch,
    allowPrivateHosts,
    mergeDuplicates,
    dryRun,
    explain,
    ...(limit !== undefined ? { limit } : {}),
    help,
  };
}
