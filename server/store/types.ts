/**
 * What the store holds and answers with, shared by both stores (store/sqlite/, store/postgres/) and
 * their callers; the store seam itself is article-store.ts.
 */
import type { CategoryId, DifficultyLevel, SourceId } from '../../common/catalog';
import type { LanguageCode } from '../../common/languages';

/** The learner languages that carry their own translations; the rest get English explanations. */
export type TranslatedLanguage = 'zh' | 'es';

export interface VocabularyItem {
  readonly word: string;
  /** noun, verb, adjective, adverb, ... */
  readonly partOfSpeech: string;
  /** A simple English definition. */
  readonly definition: string;
  /** The sentence of the article the word appears in. */
  readonly example: string;
  /** Translations by learner language; missing or empty when no provider translated it. */
  readonly translations: Partial<Record<TranslatedLanguage, string>>;
}

export interface CulturalNote {
  /** Short heading, in English. */
  readonly title: string;
  /** The note in English (shown to ja, ko and en learners). */
  readonly body: string;
  /** The same note per translated learner language. */
  readonly translations: Partial<Record<TranslatedLanguage, { title: string; body: string }>>;
}

/** A background note a language model wrote, on an English term of the article. */
export interface MachineNote {
  /** The English term it explains, as it occurs in the article. */
  readonly term: string;
  readonly title: string;
  readonly body: string;
}

/** One of the article's hardest sentences (quoted exactly) and its explanation. */
export interface MachineSentence {
  readonly sentence: string;
  readonly explanation: string;
}

/**
 * Reading help a language model wrote for one learner language (server/ingest/explanations/).
 * Only what people did not write is kept: no summary when a hand-written one exists, no notes
 * when hand-written notes exist in the language. Shown marked as machine-written with the model.
 */
export interface MachineHelp {
  /** The model's name as the endpoint knows it (LLM_MODEL). */
  readonly model: string;
  /** ISO 8601 date-time. */
  readonly generatedAt: string;
  readonly summary?: string;
  readonly notes: readonly MachineNote[];
  readonly sentences: readonly MachineSentence[];
}

/** An article as written into the store, by the corpus loader or the importer. */
export interface ArticleInput {
  /** Stable id: derived from the canonical URL (pipeline) or fixed in the data (corpus). */
  readonly id: string;
  readonly url: string;
  readonly source: SourceId;
  readonly title: string;
  /** ISO 8601 date-time. */
  readonly publishedAt: string;
  /** English summary. */
  readonly summary: string;
  /** Summary per translated learner language. */
  readonly summaryTranslations: Partial<Record<TranslatedLanguage, string>>;
  /** The article's paragraphs, plain text, in order. */
  readonly paragraphs: readonly string[];
  readonly wordCount: number;
  readonly readingTimeMinutes: number;
  readonly difficulty: DifficultyLevel;
  readonly categories: readonly CategoryId[];
  readonly vocabulary: readonly VocabularyItem[];
  readonly culturalNotes: readonly CulturalNote[];
  /** Machine-written help per translated learner language; absent (not empty) when there is none. */
  readonly machineHelp?: Partial<Record<TranslatedLanguage, MachineHelp>>;
  /** A hash of the content, so an unchanged re-import writes nothing. */
  readonly contentHash: string;
}

/** The languages a page is rendered in: ja, ko and en learners all read the en rendering. */
export type RenderLanguage = 'en' | 'zh' | 'es';
export const RENDER_LANGUAGES: readonly RenderLanguage[] = ['en', 'zh', 'es'];

/** The article_html language of a rendered view (ArticleStore.renderedView): never one of RENDER_LANGUAGES. */
export function viewColumn(view: string): string {
  return `view:${view}`;
}

/** Renders an article's sanitised page per rendering language; given to the store so writes store it. */
export type ArticleRenderer = ((article: ArticleInput) => Readonly<Record<RenderLanguage, string>>) & {
  /**
   * What the pages depend on besides the article (the renderer's code, the dictionary). Stored pages are filed under
   * the article's content hash and this version (pageKey), so a page another renderer wrote is stale and not served.
   */
  readonly version?: string;
};

/** The key a stored page is filed under: its article's content hash, and the version of the renderer that wrote it. */
export function pageKey(contentHash: string, pagesVersion: string | undefined): string {
  return pagesVersion ? `${contentHash}/${pagesVersion}` : contentHash;
}

/** What follows the content hash in a page key (SQL: `a.content_hash || suffix`); '' for a store without a renderer. */
export function pageKeySuffix(pagesVersion: string | undefined): string {
  return pagesVersion ? `/${pagesVersion}` : '';
}

/**
 * Whether a stored page's key fits an article: written for its content by the current renderer; a store that has
 * no renderer (a tool, a read worker) cannot tell versions apart and takes any page written for the content.
 */
export function pageKeyFits(stored: string, contentHash: string, pagesVersion: string | undefined): boolean {
  return pagesVersion ? stored === pageKey(contentHash, pagesVersion) : stored === contentHash || stored.startsWith(`${contentHash}/`);
}

/** The same test in SQL (SQLite and PostgreSQL), with the suffix bound twice as parameters `first` and `second`. */
export function pageKeyFitsSql(stored: string, contentHash: string, first: string, second: string): string {
  return `(${stored} = ${contentHash} || ${first} OR (${second} = '' AND ${stored} LIKE ${contentHash} || '/%'))`;
}

/** An article as read back from the store. */
export interface StoredArticle extends ArticleInput {
  readonly importedAt: string;
  readonly updatedAt: string;
  /** The stored page in the asked rendering language, when one was written for this content. */
  readonly html?: string;
}

/**
 * What the article API answers with: the article without its paragraphs and vocabulary (the stored
 * page carries both), so a read is a few small rows and the page. `html` is absent when no page is
 * stored for the article's current content; the caller then reads the whole article and renders.
 */
export type ArticleWithPage = Pick<
  StoredArticle,
  | 'id'
  | 'url'
  | 'source'
  | 'title'
  | 'publishedAt'
  | 'summary'
  | 'summaryTranslations'
  | 'wordCount'
  | 'readingTimeMinutes'
  | 'difficulty'
  | 'categories'
  | 'culturalNotes'
  | 'machineHelp'
  | 'contentHash'
> & { readonly html?: string };

/** Where a list page begins (keyset paging): after this article in list order (newest first, then id). */
export interface ListPosition {
  readonly publishedAt: string;
  readonly id: string;
}

export interface ArticleQuery {
  readonly limit: number;
  /** With `after`: counted from that position. */
  readonly offset: number;
  /** Lists only: the page starts after this article, at the cost of a first page whatever its depth. */
  readonly after?: ListPosition;
  readonly category?: CategoryId;
  readonly source?: SourceId;
  readonly difficulty?: DifficultyLevel;
}

export interface SearchQuery extends ArticleQuery {
  /** Already trimmed and length-checked by the HTTP layer; any characters at all. */
  readonly q: string;
}

export interface ArticleSummaryRow {
  readonly id: string;
  readonly source: SourceId;
  readonly title: string;
  readonly publishedAt: string;
  readonly summary: string;
  readonly summaryTranslations: Partial<Record<TranslatedLanguage, string>>;
  readonly wordCount: number;
  readonly readingTimeMinutes: number;
  readonly difficulty: DifficultyLevel;
  readonly categories: readonly CategoryId[];
  /** Search only: the best passage, HTML-escaped, hits wrapped in <mark>. */
  readonly snippet?: string;
}

export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
  /** Search only: more matches exist than `total` (the number counted, past the page: countedFor in search-pages.ts). */
  readonly totalCapped?: boolean;
}

export type UpsertOutcome = 'imported' | 'updated' | 'unchanged';

export type { LanguageCode };
