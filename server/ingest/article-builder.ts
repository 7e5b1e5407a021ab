/**
 * Everything the site shows about an imported article, computed from its text:
 * stable id, word count, reading time, difficulty, categories, summary, vocabulary.
 */
import { createHash } from 'node:crypto';
import type { SourceId } from '../../common/catalog';
import { readingTimeMinutes } from '../../common/reading-time';
import { measureReadability, splitSentences, words } from '../content/readability';
import { phraseVocabulary, type PhraseDictionary } from '../content/phrase-vocabulary';
import { withDictionaryGlosses, type GlossDictionary } from '../content/vocabulary-help';
import { contentHashOf } from '../store/content-hash';
import type { ArticleInput, TranslatedLanguage, VocabularyItem } from '../store/types';
import { categorise } from './categories';
import { htmlToText } from './extract';
import { TRANSLATION_TARGETS, type TranslationProvider } from './translation';
import { pickVocabulary } from './vocabulary';

/** Query parameters that only track where a reader came from; they never change the article. */
const TRACKING_PARAMS =
  /^(?:utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid|cmpid|ocid|at_medium|at_campaign|at_custom\d*|ns_mchannel|ns_source|ns_campaign|ns_linkname|ns_fee|taid|ito|src|ref|rss|feedtype|outputtype)$/i;

/**
 * The form of an article's URL its id is derived from: https, lowercase host without
 * "www." or default port, no fragment, no tracking parameters, remaining parameters sorted,
 * no trailing slash. Two links to the same article give the same string.
 */
export function normaliseUrl(url: string): string {
  const parsed = new URL(url);
  parsed.protocol = 'https:';
  parsed.hostname = parsed.hostname.toLowerCase().replace(/^www\./, '');
  parsed.port = '';
  parsed.hash = '';
  const params = [...parsed.searchParams.entries()].filter(([key]) => !TRACKING_PARAMS.test(key));
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  parsed.search = new URLSearchParams(params).toString();
  let text = parsed.href;
  if (parsed.pathname.length > 1 && parsed.pathname.endsWith('/') && !parsed.search) text = text.replace(/\/$/, '');
  return text;
}

/** The address stored and linked to: the item's link without tracking parameters or fragment. */
export function publicUrl(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  for (const key of [...parsed.searchParams.keys()]) if (TRACKING_PARAMS.test(key)) parsed.searchParams.delete(key);
  return parsed.href;
}

/** Stable id: source + '-' + the first 16 hex digits of sha256(normalised canonical URL). */
export function articleId(source: SourceId, canonicalUrl: string): string {
  return `${source}-${createHash('sha256').update(normaliseUrl(canonicalUrl)).digest('hex').slice(0, 16)}`;
}

const SUMMARY_MAX_CHARS = 320;

/** The feed's summary when it has a usable one, else the article's first sentences. */
export function summarise(feedSummaryHtml: string | undefined, paragraphs: readonly string[]): string {
  const feedSummary = feedSummaryHtml ? htmlToText(feedSummaryHtml) : '';
  const fromFeed = words(feedSummary).length >= 5 ? feedSummary : '';
  return firstSentences(fromFeed || paragraphs.join(' '), SUMMARY_MAX_CHARS);
}

function firstSentences(text: string, maxChars: number): string {
  const sentences = splitSentences(text);
  let summary = '';
  for (const sentence of sentences) {
    if (summary && summary.length + sentence.length + 1 > maxChars) break;
    summary = summary ? `${summary} ${sentence}` : sentence;
    if (summary.length >= maxChars / 2) break;
  }
  if (summary.length > maxChars) summary = `${summary.slice(0, maxChars - 1).replace(/\s+\S*$/, '')}…`;
  return summary;
}

export interface ArticleDraft {
  readonly source: SourceId;
  /** The article's canonical address (its id is derived from it, unless idFrom is given). */
  readonly url: string;
  /** The address the id is derived from (the feed item's link, so an item keeps its id whatever its page names). */
  readonly idFrom?: string;
  readonly title: string;
  readonly publishedAt: string;
  readonly paragraphs: readonly string[];
  readonly feedSummaryHtml?: string;
  readonly feedCategories: readonly string[];
}

export interface BuildOptions {
  /** Glosses vocabulary in Chinese and Spanish and cuts examples to their clause. */
  readonly dictionary?: GlossDictionary;
  /** Translates the summary, and vocabulary the dictionary could not gloss. */
  readonly translation?: TranslationProvider;
  /** Told when a translation fails; the article is still written, with the translation left empty. */
  readonly onWarning?: (message: string) => void;
}

export async function buildArticle(draft: ArticleDraft, options: BuildOptions = {}): Promise<ArticleInput> {
  const text = draft.paragraphs.join('\n\n');
  const wordCount = words(text).length;
  const summary = summarise(draft.feedSummaryHtml, draft.paragraphs);
  // Phrases the article uses (give up, turn … down) are cards too, after its words.
  const phrases = options.dictionary?.lookUp ? phraseVocabulary(draft.paragraphs, options.dictionary as PhraseDictionary) : [];
  const picked = [...pickVocabulary(draft.paragraphs), ...phrases];
  // The article's category weighs in the sense a card shows (the same ranking as a tap).
  const category = categorise({ feedCategories: draft.feedCategories, title: draft.title, body: text })[0];
  let vocabulary: VocabularyItem[] = options.dictionary ? withDictionaryGlosses(picked, options.dictionary, category) : picked;
  const summaryTranslations: Partial<Record<TranslatedLanguage, string>> = {};
  if (options.translation) {
    for (const target of TRANSLATION_TARGETS) {
      try {
        // A dictionary gloss beats a machine translation of a lone word; the provider fills the gaps.
        const untranslated = vocabulary.flatMap((item, i) => (item.translations[target]?.trim() ? [] : [i]));
        const translated = await options.translation.translate([summary, ...untranslated.map((i) => vocabulary[i]!.word)], target);
        const [summaryText, ...wordTexts] = translated;
        if (summaryText) summaryTranslations[target] = summaryText;
        const byIndex = new Map(untranslated.map((index, n) => [index, wordTexts[n]]));
        vocabulary = vocabulary.map((item, i) => {
          const text = byIndex.get(i);
          return text ? { ...item, translations: { ...item.translations, [target]: text } } : item;
        });
      } catch (error) {
        options.onWarning?.(
          `translation to ${target} failed for "${draft.title}": ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
  const article: Omit<ArticleInput, 'contentHash'> = {
    id: articleId(draft.source, draft.idFrom ?? draft.url),
    url: draft.url,
    source: draft.source,
    title: draft.title,
    publishedAt: draft.publishedAt,
    summary,
    summaryTranslations,
    paragraphs: [...draft.paragraphs],
    wordCount,
    readingTimeMinutes: readingTimeMinutes(wordCount),
    difficulty: measureReadability(text).level,
    categories: categorise({ feedCategories: draft.feedCategories, title: draft.title, body: text }),
    vocabulary,
    culturalNotes: [],
  };
  return { ...article, contentHash: contentHashOf(article) };
}
