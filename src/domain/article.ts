/**
 * Turns the raw article shapes the API sends into what screens show.
 * Pure: the raw shapes are the types of the API contract's codecs (common/contract.ts), imported
 * as types only.
 */
import { DEFAULT_DIFFICULTY, isDifficultyLevel, type DifficultyLevel, type MissingHelp } from '../../common/catalog';
import type { ArticleDetail, ArticleListItem } from '../../common/contract';
import { DEFAULT_DETAIL_READING_MINUTES, readingTimeMinutes } from '../../common/reading-time';

export interface ArticleCard {
  id: string;
  title: string;
  source: string;
  date: string;
  wordCount: number;
  readingTimeMinutes: number;
  summary: string;
  difficulty: DifficultyLevel | undefined;
  categories: string[];
  /** Search results only: HTML-escaped passage with <mark> around the hits. */
  snippet?: string;
}

export interface ArticleView {
  id: string;
  title: string;
  source: string;
  date: string;
  categories: string[];
  readingTimeMinutes: number;
  difficulty: DifficultyLevel;
  /** Unsanitised HTML body, or null when the article has none. */
  body: string | null;
  summary?: string;
  /** What the article does not have in the asked language yet; empty when nothing is missing. */
  missingHelp: readonly MissingHelp[];
  /** Which help on the page a language model wrote, and which model (the page body says so in words). */
  machineWritten?: { readonly model: string; readonly parts: readonly string[] };
}

function nonEmptyText(value: string | null | undefined): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** A count the API may send as 0, negative or NaN when it does not know; those mean "not given". */
function positiveNumber(value: number | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

function nonNegativeNumber(value: number | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * Preview values take precedence over the top-level ones. An empty preview string counts as
 * absent, so a blank preview title never hides the real one.
 */
export function toArticleCard(item: ArticleListItem): ArticleCard {
  const preview = item.preview ?? {};
  const wordCount = nonNegativeNumber(preview.word_count) ?? nonNegativeNumber(item.word_count) ?? 0;
  const card: ArticleCard = {
    id: item.article_id,
    title: nonEmptyText(preview.title) ?? item.title,
    source: nonEmptyText(preview.source) ?? item.source,
    date: nonEmptyText(preview.date) ?? item.date,
    wordCount,
    readingTimeMinutes: positiveNumber(preview.estimated_reading_time) ?? readingTimeMinutes(wordCount),
    summary: preview.summary ?? '',
    difficulty: isDifficultyLevel(preview.difficulty_level) ? preview.difficulty_level : undefined,
    categories: [...item.categories],
  };
  if (item.snippet !== undefined) card.snippet = item.snippet;
  return card;
}

/** The body fields in the priority order the spec gives; the first non-empty one wins. */
export function pickBody(detail: Pick<ArticleDetail, 'html_content' | 'learning_content' | 'content_html'>): string | null {
  return nonEmptyText(detail.html_content) ?? nonEmptyText(detail.learning_content) ?? nonEmptyText(detail.content_html) ?? null;
}

export function toArticleView(detail: ArticleDetail): ArticleView {
  const metadata = detail.learning_metadata ?? {};
  const view: ArticleView = {
    id: detail.article_id,
    title: detail.title,
    source: detail.source,
    date: detail.date,
    categories: [...detail.categories],
    readingTimeMinutes: positiveNumber(metadata.estimated_reading_time) ?? DEFAULT_DETAIL_READING_MINUTES,
    difficulty: isDifficultyLevel(metadata.difficulty_level) ? metadata.difficulty_level : DEFAULT_DIFFICULTY,
    body: pickBody(detail),
    missingHelp: [...new Set(metadata.missing_in_language ?? [])],
  };
  const summary = nonEmptyText(detail.summary);
  if (summary !== undefined) view.summary = summary;
  if (metadata.machine_written) view.machineWritten = { model: metadata.machine_written.model, parts: [...metadata.machine_written.parts] };
  return view;
}

/** The detail header and the list cards both show the source as its uppercase code, e.g. 'NPR'. */
export function sourceLabel(source: string): string {
  return source.trim().toUpperCase();
}
