/**
 * Saved words and their review cards, as plain data. A learner keeps one card per dictionary
 * form (lemma): "ran" and "runs" met in two articles are one card for "run". The card fields are
 * those of FSRS (ts-fsrs), with dates as ISO strings so that a record survives IndexedDB,
 * structured clone, BroadcastChannel and CSV alike.
 */

/** FSRS learning states, numbered as ts-fsrs numbers them. */
/** Why the saved words cannot be read or written; every page names it in the learner's language. */
export type WordStoreProblem =
  /** No IndexedDB (some private modes, old browsers) or it refused to open. */
  | 'unavailable'
  /** The database was written by a newer version of the site; we do not touch it. */
  | 'newerVersion'
  /** The browser's storage quota is full. */
  | 'quotaFull'
  /** Anything else. */
  | 'failed';

export const CARD_STATES = { new: 0, learning: 1, review: 2, relearning: 3 } as const;
export type CardState = (typeof CARD_STATES)[keyof typeof CARD_STATES];

export interface ReviewCard {
  /** ISO 8601 date-time when the card is next due. */
  readonly due: string;
  readonly stability: number;
  readonly difficulty: number;
  readonly elapsedDays: number;
  readonly scheduledDays: number;
  readonly learningSteps: number;
  readonly reps: number;
  readonly lapses: number;
  readonly state: CardState;
  /** ISO 8601 date-time of the last grade; null for a card never reviewed. */
  readonly lastReview: string | null;
}

export interface SavedWord {
  /** The lemma in lower case: the identity of a saved word. */
  readonly id: string;
  /** The word as it was written where the learner met it. */
  readonly word: string;
  readonly lemma: string;
  /** Meaning in the learner's language (zh or es); null when there is none (English pages, no gloss). */
  readonly gloss: string | null;
  /** The language of the gloss and of the page it was saved from. */
  readonly glossLanguage: 'en' | 'zh' | 'es';
  readonly ipa: string | null;
  /** The English definition, when the dictionary has one. */
  readonly definition: string | null;
  /** The sentence where the word was met (empty when it was looked up in the field, outside a sentence). */
  readonly sentence: string;
  readonly articleId: string;
  readonly articleTitle: string;
  /** ISO 8601 date-time when it was saved. */
  readonly savedAt: string;
  readonly card: ReviewCard;
}

export function savedWordId(lemma: string): string {
  return lemma.trim().toLowerCase();
}

/** A card that was never reviewed: due at once. */
export function newCard(now: Date): ReviewCard {
  return {
    due: now.toISOString(),
    stability: 0,
    difficulty: 0,
    elapsedDays: 0,
    scheduledDays: 0,
    learningSteps: 0,
    reps: 0,
    lapses: 0,
    state: CARD_STATES.new,
    lastReview: null,
  };
}

export function isDue(word: SavedWord, now: Date): boolean {
  return Date.parse(word.card.due) <= now.getTime();
}

export function dueWords(words: readonly SavedWord[], now: Date): SavedWord[] {
  return words.filter((word) => isDue(word, now)).sort((a, b) => Date.parse(a.card.due) - Date.parse(b.card.due));
}

/** Newest first, as the words page lists them. */
export function newestFirst(words: readonly SavedWord[]): SavedWord[] {
  return [...words].sort((a, b) => Date.parse(b.savedAt) - Date.parse(a.savedAt) || a.id.localeCompare(b.id));
}

/** The words whose word, lemma, gloss, sentence or article title holds the query (any case). */
export function matchingWords(words: readonly SavedWord[], query: string): SavedWord[] {
  const needle = searchable(query.trim());
  if (needle === '') return [...words];
  return words.filter((word) =>
    [word.word, word.lemma, word.gloss ?? '', word.sentence, word.articleTitle].some((field) => searchable(field).includes(needle)),
  );
}

/** Lower case, with typographic apostrophes and quotes as typed ones: "don’t" finds "don't". */
function searchable(text: string): string {
  return text.toLocaleLowerCase().replace(/[‘’ʼ]/g, "'").replace(/[“”]/g, '"');
}

/** The earliest due date among the words, or null when there are none. */
export function nextDue(words: readonly SavedWord[]): string | null {
  let earliest: string | null = null;
  for (const word of words) if (earliest === null || Date.parse(word.card.due) < Date.parse(earliest)) earliest = word.card.due;
  return earliest;
}
