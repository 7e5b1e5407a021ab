/** Words a learner reads per minute, per the product spec's fallback rule. */
export const WORDS_PER_MINUTE = 60;

/** Fallback used by the detail page when the article carries no reading time. */
export const DEFAULT_DETAIL_READING_MINUTES = 8;

export function readingTimeMinutes(wordCount: number): number {
  if (!Number.isFinite(wordCount) || wordCount <= 0) return 0;
  return Math.ceil(wordCount / WORDS_PER_MINUTE);
}
