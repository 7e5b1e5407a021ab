/**
 * Where saved words are kept: IndexedDB in this browser (indexeddb-word-store.ts), nothing on a
 * server. Every failure is a WordStoreError with a problem the interface can name in the
 * learner's language; none of them may break a page.
 */
import type { ReviewCard, SavedWord, WordStoreProblem } from '../domain/saved-words';
import type { StatusRecord, StatusSource } from '../domain/word-status';
import type { DailyGoal } from '../domain/progress';
import type { Backup } from '../domain/backup';
import type { RankStatuses } from '../domain/rank-statuses';

export type { WordStoreProblem };

export class WordStoreError extends Error {
  constructor(
    readonly problem: WordStoreProblem,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'WordStoreError';
  }
}

export interface WordStoreContents {
  readonly words: readonly SavedWord[];
  /** Records that could not be read; they are kept aside in their own object store, never deleted. */
  readonly setAside: number;
}

export type UpdateCardOutcome = 'updated' | 'gone' | 'changed';

export interface WordStore {
  /** Every readable word; unreadable records are moved aside and counted. */
  load(): Promise<WordStoreContents>;
  /** Inserts or replaces words by id, in one transaction. */
  put(words: readonly SavedWord[]): Promise<void>;
  /**
   * Adds the words whose id is not stored yet, in one transaction, and returns the ids it added: a
   * word saved or reviewed in another tab meanwhile keeps its card.
   */
  addIfAbsent(words: readonly SavedWord[]): Promise<string[]>;
  /**
   * Replaces the card of a stored word, in one transaction, only if its card.lastReview is still
   * expectedLastReview: a word deleted in another tab stays deleted ('gone') and a grade given in
   * another tab is not overwritten ('changed').
   */
  updateCard(id: string, card: ReviewCard, expectedLastReview: string | null): Promise<UpdateCardOutcome>;
  remove(id: string): Promise<void>;
  /** Calls the listener when another tab (or this one) changed the words; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export interface FinishedArticle {
  readonly articleId: string;
  /** ISO 8601 date-time when the learner reached its end ("I know the rest"). */
  readonly at: string;
}

export interface LearnerContents extends WordStoreContents {
  readonly statuses: readonly StatusRecord[];
  readonly finished: readonly FinishedArticle[];
  /** The daily goal the learner set on the progress page; absent until set. */
  readonly goal?: DailyGoal;
  /** The store's revision when read (raised by every write to words or statuses). */
  readonly revision?: number;
  /** The statuses by rank in the cards' frequency list, when stored for this revision. */
  readonly byRank?: RankStatuses;
  /** The check of the list the last statuses by rank were kept for, current or not: the list to make them again for. */
  readonly rankCheck?: string;
}

/**
 * The learner's word statuses, in the same database as the saved words (version 2), told to
 * other tabs on the same channel.
 */
export interface StatusStore {
  /** Saved words, statuses and finished articles, read in one transaction. */
  loadLearner(): Promise<LearnerContents>;
  /**
   * Writes the records in one transaction (replacing by id); with `replacing`, every stored
   * record of that source is removed in the same transaction first (a new placement replaces the last).
   */
  putStatuses(records: readonly StatusRecord[], replacing?: StatusSource): Promise<void>;
  /**
   * Removes the records of one step (its batch) that are still as that step wrote them, in one
   * transaction: a word changed by hand since stays changed. Returns how many were removed.
   */
  removeBatch(batch: string): Promise<number>;
  /**
   * Restores a backup in one transaction: statuses and the goal are written, saved words and
   * finished articles are added where absent (a word already here keeps its card).
   */
  restore(backup: Backup): Promise<void>;
  /** Keeps the learner's daily goal. */
  setGoal(goal: DailyGoal): Promise<void>;
  /** Records that an article was finished (once per article; the first date is kept). */
  markFinished(article: FinishedArticle): Promise<void>;
  /**
   * Keeps the statuses by rank made from the contents of `revision`, only if nothing was written
   * since (then returns false and keeps nothing). Other tabs are not told: no status changed.
   */
  keepRankStatuses(byRank: RankStatuses, revision: number): Promise<boolean>;
  /**
   * Whether statuses by rank are kept for the current revision, read alone (none of the statuses): a page that
   * names the cards' list asks for its hash table while the statuses are still being read (decision 50).
   */
  hasCurrentRankStatuses(): Promise<boolean>;
  subscribe(listener: () => void): () => void;
}
