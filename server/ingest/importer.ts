/**
 * The import run: read each feed (conditionally), take each item's full text from the
 * feed or from its page, build the article and write it in one transaction. Every
 * failure is reported and skipped; the run always reaches its summary.
 */
import { readFile } from 'node:fs/promises';
import type { SourceId } from '../../common/catalog';
import { words } from '../content/readability';
import type { ArticleStore, SettledOrLater } from '../store/article-store';
import { isStoryCanonical, storyUrlKey } from '../store/story-identity';
import type { UpsertOutcome } from '../store/types';
import { articleId, buildArticle, publicUrl } from './article-builder';
import { decodeDocument } from './charset';
import { extractArticle, htmlToParagraphs, type ExtractedPage } from './extract';
import { parseFeed, type FeedItem, type ParsedFeed } from './feed-parser';
import { FetchFailure, PoliteFetcher, type FetcherOptions } from './polite-fetcher';
import type { GlossDictionary } from '../content/vocabulary-help';
import type { TranslationProvider } from './translation';
import type { ChatCompletionsClient } from '../llm/chat-completions';
import { rehashed } from '../store/content-hash';
import { explainArticle, type ExplainLog } from './explanations/explain-article';
import { loadVocabularyData } from './vocabulary';

export interface FeedSpec {
  /** An http(s) address or a local file path. */
  readonly url: string;
  readonly source: SourceId;
}

/** Feed text shorter than this is a teaser, not the article: the page is fetched instead. */
export const MIN_FULL_TEXT_WORDS = 80;
/** A page whose main text is shorter than this is not an article (a video page, a gallery). */
export const MIN_PAGE_WORDS = 40;
const ITEMS_AT_ONCE_PER_FEED = 4;

const FEED_ACCEPT = 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1';
const PAGE_ACCEPT = 'text/html, application/xhtml+xml;q=0.9';

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

export interface ImportOptions extends FetcherOptions {
  /** The bundled dictionary: Chinese and Spanish glosses for every article's vocabulary. */
  readonly dictionary?: GlossDictionary;
  readonly translation?: TranslationProvider;
  /** A language model (LLM_BASE_URL): summaries, notes and hard sentences in zh and es, after the glosses. */
  readonly explanations?: { readonly client: ChatCompletionsClient; readonly log: ExplainLog };
  readonly reporter?: ImportReporter;
  /** Fetch pages again even when the feed says nothing changed. */
  readonly refetch?: boolean;
  readonly now?: () => Date;
}

export function emptySummary(): ImportSummary {
  return { imported: 0, updated: 0, unchanged: 0, failed: 0, feedsRead: 0, feedsNotModified: 0, feedsFailed: 0 };
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isHttp(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

function isHtmlType(contentType: string, body: Uint8Array): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml') return true;
  // No declared type: look at the first bytes, as a browser would.
  if (!type) return /^\s*(?:<!doctype html|<html|<head|<body)/i.test(Buffer.from(body.subarray(0, 512)).toString('latin1'));
  return false;
}

class ItemFailure extends Error {}

/** What an import needs of a store: the SQLite store or any ArticleStore (PostgreSQL). */
export type ImportStore = SettledOrLater<
  Pick<ArticleStore, 'byId' | 'findStory' | 'upsertStory' | 'backfillStoryIdentity' | 'feedState' | 'saveFeedState' | 'compactSearch'>
>;

export async function importFeeds(store: ImportStore, feeds: readonly FeedSpec[], options: ImportOptions = {}): Promise<ImportSummary> {
  loadVocabularyData();
  const fetcher = new PoliteFetcher(options);
  const summary = emptySummary();
  const reporter = options.reporter ?? {};
  const now = options.now ?? (() => new Date());
  /** Articles seen in this run, so a duplicate (in one feed or across feeds) is read once. */
  const seen = new Map<string, Promise<ItemOutcome>>();

  const count = (feed: FeedSpec, outcome: ItemOutcome, detail: { title: string; id?: string; reason?: string }): ItemOutcome => {
    summary[outcome] += 1;
    reporter.itemDone?.(feed, outcome, detail);
    return outcome;
  };

  async function loadFeed(feed: FeedSpec): Promise<{ parsed?: ParsedFeed; validators?: { etag?: string; lastModified?: string } }> {
    if (!isHttp(feed.url)) {
      const bytes = await readFile(feed.url);
      return { parsed: parseFeed(decodeDocument(bytes, undefined, 'xml')) };
    }
    const state = await store.feedState(feed.url);
    const response = await fetcher.fetch(feed.url, { accept: FEED_ACCEPT, ...state });
    if (response.status === 304) return {};
    const xml = decodeDocument(response.body, response.contentType, 'xml');
    return {
      parsed: parseFeed(xml, response.url),
      validators: {
        ...(response.etag ? { etag: response.etag } : {}),
        ...(response.lastModified ? { lastModified: response.lastModified } : {}),
      },
    };
  }

  async function pageText(link: string): Promise<ExtractedPage & { finalUrl: string }> {
    const page = await fetcher.fetch(link, { accept: PAGE_ACCEPT });
    if (!isHtmlType(page.contentType, page.body)) {
      throw new ItemFailure(`not an HTML page (${page.contentType || 'no content type'}): ${link}`);
    }
    const extracted = extractArticle(decodeDocument(page.body, page.contentType, 'html'), page.url);
    if (words(extracted.paragraphs.join(' ')).length < MIN_PAGE_WORDS) throw new ItemFailure(`too little article text on ${link}`);
    return { ...extracted, finalUrl: page.url };
  }

  async function importItem(feed: FeedSpec, item: FeedItem): Promise<ItemOutcome> {
    const label = item.title || item.link || '(untitled item)';
    if (!item.link) return count(feed, 'failed', { title: label, reason: 'the item has no link' });
    let id: string;
    let url: string;
    let linkKey: string | undefined;
    try {
      linkKey = isHttp(item.link) ? storyUrlKey(item.link) : undefined;
      if (!linkKey) throw new Error('not http(s)');
      id = articleId(feed.source, item.link);
      url = publicUrl(item.link);
    } catch {
      return count(feed, 'failed', { title: label, reason: `the item's link is not an http(s) address: ${item.link}` });
    }
    const earlier = seen.get(id);
    if (earlier) {
      // The same article twice in one run: read once; the copy is unchanged, or failed like the first.
      if ((await earlier) !== 'failed') return count(feed, 'unchanged', { title: label, id, reason: 'duplicate in this run' });
      return count(feed, 'failed', { title: label, id, reason: 'same article as an item that failed above' });
    }
    const work = (async (): Promise<ItemOutcome> => {
      try {
        // The story as stored, found by the item's link (the same address in another spelling included).
        const existing = (await store.findStory([linkKey])) ?? (await store.byId(id));
        const urlKeys = [linkKey];
        const feedParagraphs = item.contentHtml ? htmlToParagraphs(item.contentHtml) : [];
        let paragraphs: string[];
        let title = item.title;
        let publishedAt = item.publishedAt;
        if (words(feedParagraphs.join(' ')).length >= MIN_FULL_TEXT_WORDS) {
          paragraphs = feedParagraphs;
        } else {
          const unchangedInFeed =
            existing &&
            !options.refetch &&
            (!item.title || item.title === existing.title) &&
            (!item.publishedAt || item.publishedAt === existing.publishedAt) &&
            (!item.updatedAt || item.updatedAt <= existing.updatedAt);
          // The feed says nothing changed: do not load the publisher's page again.
          if (unchangedInFeed) return count(feed, 'unchanged', { title: label, id: existing.id });
          const page = await pageText(url);
          paragraphs = page.paragraphs;
          // Where the link led (after redirects) and the address the page names as its own, on its own site only.
          const canonical = page.canonicalUrl && isStoryCanonical(page.finalUrl, page.canonicalUrl) ? page.canonicalUrl : undefined;
          for (const address of [page.finalUrl, canonical]) {
            const key = address ? storyUrlKey(address) : undefined;
            if (key && !urlKeys.includes(key)) urlKeys.push(key);
          }
          url = publicUrl(canonical ?? page.finalUrl);
          title ||= page.title ?? '';
          publishedAt ??= page.publishedAt;
        }
        if (!title) return count(feed, 'failed', { title: label, id, reason: 'the item has no title' });
        const built = await buildArticle(
          {
            source: feed.source,
            url,
            idFrom: item.link,
            title,
            publishedAt: publishedAt ?? existing?.publishedAt ?? now().toISOString(),
            paragraphs,
            ...(item.summaryHtml ? { feedSummaryHtml: item.summaryHtml } : {}),
            feedCategories: item.categories,
          },
          {
            ...(options.dictionary ? { dictionary: options.dictionary } : {}),
            ...(options.translation ? { translation: options.translation } : {}),
            ...(reporter.warning ? { onWarning: reporter.warning } : {}),
          },
        );
        let article = built;
        // Machine help written for this text before stays (re-imported without a model, or with one: not asked again).
        if (existing?.machineHelp && existing.paragraphs.join('\n') === built.paragraphs.join('\n')) {
          article = rehashed({ ...built, machineHelp: existing.machineHelp });
        }
        if (options.explanations) {
          article = (await explainArticle(article, options.explanations.client, options.explanations.log)).article;
        }
        const written = await store.upsertStory(article, { urlKeys });
        return count(feed, written.outcome, {
          title,
          id: written.id,
          ...(written.id !== id && written.matchedBy ? { reason: `recognised by ${written.matchedBy}` } : {}),
        });
      } catch (error) {
        // Stopped on purpose (SIGINT/SIGTERM): not a failure of the item, and it is tried again next run.
        if (error instanceof FetchFailure && error.kind === 'aborted') return 'failed';
        return count(feed, 'failed', { title: label, id, reason: reason(error) });
      }
    })();
    seen.set(id, work);
    return work;
  }

  async function importFeed(feed: FeedSpec, index: number): Promise<void> {
    reporter.feedStarted?.(feed, index, feeds.length);
    let loaded: Awaited<ReturnType<typeof loadFeed>>;
    try {
      loaded = await loadFeed(feed);
    } catch (error) {
      summary.feedsFailed += 1;
      reporter.feedFailed?.(feed, error instanceof FetchFailure ? error.message : `${feed.url}: ${reason(error)}`);
      return;
    }
    summary.feedsRead += 1;
    if (!loaded.parsed) {
      summary.feedsNotModified += 1;
      reporter.feedRead?.(feed, undefined);
      return;
    }
    const { parsed } = loaded;
    reporter.feedRead?.(feed, parsed.items.length + parsed.brokenItems.length);
    if (parsed.malformed) reporter.warning?.(`${feed.url}: malformed XML (${parsed.malformed}); reading its items one by one`);
    for (const broken of parsed.brokenItems) count(feed, 'failed', { title: broken, reason: 'malformed XML' });

    let failedHere = parsed.brokenItems.length;
    let next = 0;
    const workers = Array.from({ length: Math.min(ITEMS_AT_ONCE_PER_FEED, parsed.items.length) }, async () => {
      while (next < parsed.items.length && !options.signal?.aborted) {
        const item = parsed.items[next++]!;
        if ((await importItem(feed, item)) === 'failed') failedHere += 1;
      }
    });
    await Promise.all(workers);
    // Keep the validators only when every item got in; otherwise a 304 next time would hide the failed ones.
    const hasValidators = Boolean(loaded.validators?.etag || loaded.validators?.lastModified);
    if (loaded.validators && hasValidators && failedHere === 0 && !options.signal?.aborted) {
      // The articles are in; losing the validators costs one full read of the feed next time, not the run.
      try {
        await store.saveFeedState(feed.url, loaded.validators);
      } catch (error) {
        reporter.warning?.(`${feed.url}: its validators were not saved (it is read in full next time): ${reason(error)}`);
      }
    }
  }

  try {
    try {
      // Articles stored before the store kept story identities are recognised from this run on.
      await store.backfillStoryIdentity();
    } catch (error) {
      reporter.warning?.(`stored articles could not all be fingerprinted (duplicates of them may be imported): ${reason(error)}`);
    }
    await Promise.all(feeds.map((feed, i) => importFeed(feed, i)));
    if (summary.imported + summary.updated > 0) {
      // Worth a second at 100,000 articles once per run; its failure costs speed, not articles.
      try {
        await store.compactSearch();
      } catch (error) {
        reporter.warning?.(`the search index was not compacted: ${reason(error)}`);
      }
    }
  } finally {
    // Each run has its own connection pool; a scheduled importer (--every) must not pile them up.
    await fetcher.close();
  }
  return summary;
}

/** Whether anything at all could be read: the CLI exits non-zero otherwise. */
export function readAnything(summary: ImportSummary): boolean {
  return summary.feedsRead > 0;
}
