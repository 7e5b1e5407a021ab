/**
 * An article as both stores take it: checked whole before anything is written, and the values
 * its row holds, the same in SQLite and PostgreSQL (the date in ISO form, counts whole and never
 * negative, absent optional parts empty). Each store encodes them in its own columns: SQLite as
 * JSON text with vocabulary and notes in tables of their own (sqlite/article-writes.ts),
 * PostgreSQL as json values in one row (postgres/postgres-rows.ts).
 */
import { CATEGORY_IDS, isCategoryId, isDifficultyLevel, isSourceId } from '../../common/catalog';
import type { ArticleInput } from './types';

export class InvalidArticleError extends Error {}

export function validateArticle(article: ArticleInput): void {
  const problems: string[] = [];
  if (!article.id || typeof article.id !== 'string') problems.push('id is empty');
  if (!isSourceId(article.source)) problems.push(`unknown source "${String(article.source)}"`);
  if (!isDifficultyLevel(article.difficulty)) problems.push(`unknown difficulty "${String(article.difficulty)}"`);
  const badCategories = (article.categories ?? []).filter((c) => !isCategoryId(c));
  if (badCategories.length) problems.push(`unknown categories ${badCategories.join(', ')} (allowed: ${CATEGORY_IDS.join(', ')})`);
  if (Number.isNaN(Date.parse(article.publishedAt))) problems.push(`publishedAt "${article.publishedAt}" is not a date`);
  if (!article.title?.trim()) problems.push('title is empty');
  if (!article.contentHash) problems.push('contentHash is empty');
  if (problems.length) throw new InvalidArticleError(`Article ${article.id || '(no id)'}: ${problems.join('; ')}`);
}

/** The values of an article's row that both stores keep (a checked article: validateArticle first). */
export function storedArticleValues(article: ArticleInput) {
  return {
    id: article.id,
    url: article.url,
    source: article.source,
    title: article.title,
    publishedAt: new Date(article.publishedAt).toISOString(),
    summary: article.summary ?? '',
    summaryTranslations: article.summaryTranslations ?? {},
    paragraphs: article.paragraphs ?? [],
    wordCount: Math.max(0, Math.round(article.wordCount)),
    readingTimeMinutes: Math.max(0, Math.round(article.readingTimeMinutes)),
    difficulty: article.difficulty,
    contentHash: article.contentHash,
    machineHelp: article.machineHelp ?? {},
  };
}
