/**
 * The hash that tells an unchanged article from a changed one, so a re-import or a restart
 * writes nothing when nothing changed. Keys are sorted first: the same content built by the
 * importer, the corpus loader or a start-up pass hashes the same whatever the key order.
 */
import { createHash } from 'node:crypto';
import type { ArticleInput, StoredArticle } from './types';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

export function contentHashOf(article: Omit<ArticleInput, 'contentHash'>): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(article)))
    .digest('hex');
}

/** The article as written, without what the store adds, with its hash computed afresh. */
export function rehashed(article: ArticleInput | StoredArticle): ArticleInput {
  const { contentHash: _hash, importedAt: _imported, updatedAt: _updated, ...content } = article as StoredArticle;
  return { ...content, contentHash: contentHashOf(content) };
}
