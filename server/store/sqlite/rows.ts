/** Row shapes of the articles table and their mapping to what the store returns. */
import { isCategoryId, type CategoryId, type DifficultyLevel, type SourceId } from '../../../common/catalog';
import { snippetToHtml } from '../fts-query';
import type { ArticleSummaryRow, MachineHelp, TranslatedLanguage } from '../types';

export interface ArticleRow {
  seq: number;
  id: string;
  url: string;
  source: string;
  title: string;
  published_at: string;
  summary: string;
  summary_translations: string;
  paragraphs: string;
  word_count: number;
  reading_time_minutes: number;
  difficulty: string;
  content_hash: string;
  /** JSON: machine-written help per language (schema v9); '{}' when none. */
  machine_help: string;
  imported_at: string;
  updated_at: string;
  categories: string;
}

export type SummaryRow = Omit<ArticleRow, 'url' | 'paragraphs' | 'content_hash' | 'machine_help' | 'imported_at' | 'updated_at'> & {
  snippet?: string;
};

export function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The `machineHelp` field of an article: left out when there is none, so hashes of articles without it never change. */
export function machineHelpField(stored: string | Partial<Record<TranslatedLanguage, MachineHelp>> | null | undefined): {
  machineHelp?: Partial<Record<TranslatedLanguage, MachineHelp>>;
} {
  const value = typeof stored === 'string' ? parseJson<Partial<Record<TranslatedLanguage, MachineHelp>>>(stored, {}) : stored;
  return value && typeof value === 'object' && Object.keys(value).length > 0 ? { machineHelp: value } : {};
}

export function knownCategories(json: string): CategoryId[] {
  return parseJson<unknown[]>(json, []).filter(isCategoryId);
}

export function toSummary(row: SummaryRow): ArticleSummaryRow {
  return {
    id: row.id,
    source: row.source as SourceId,
    title: row.title,
    publishedAt: row.published_at,
    summary: row.summary,
    summaryTranslations: parseJson(row.summary_translations, {}),
    wordCount: row.word_count,
    readingTimeMinutes: row.reading_time_minutes,
    difficulty: row.difficulty as DifficultyLevel,
    categories: knownCategories(row.categories),
    ...(row.snippet !== undefined ? { snippet: snippetToHtml(row.snippet) } : {}),
  };
}
