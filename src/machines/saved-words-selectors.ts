/** What the screens read from the saved-words machine's context, as plain functions of it. */
import { dueWords, matchingWords, savedWordId, type SavedWord, type WordStoreProblem } from '../domain/saved-words';

interface SelectedContext {
  readonly words: readonly SavedWord[];
  readonly query: string;
  readonly problem: WordStoreProblem | null;
  readonly saveTried: boolean;
}

/** The words the list shows: those matching the search, newest first. */
export const shownWords = (context: Pick<SelectedContext, 'words' | 'query'>) => matchingWords(context.words, context.query);

export const dueCount = (context: Pick<SelectedContext, 'words'>, now: Date) => dueWords(context.words, now).length;

export const isSaved = (context: Pick<SelectedContext, 'words'>, lemma: string) => context.words.some((w) => w.id === savedWordId(lemma));

/** The problem the article page shows: only once the learner tried to save, so reading never starts with an alert. */
export function saveProblem(context: Pick<SelectedContext, 'problem' | 'saveTried'>): WordStoreProblem | null {
  return context.saveTried ? context.problem : null;
}

/** A vocabulary word as printed is saved when a card has it as its dictionary form or as the word met. */
export function isSavedAsPrinted(context: Pick<SelectedContext, 'words'>, printed: string): boolean {
  const form = printed.trim().toLowerCase();
  return context.words.some((word) => word.id === savedWordId(form) || word.word.toLowerCase() === form);
}

/** The word Undo brings back: the last one deleted and not brought back yet. */
export const lastDeleted = (context: { readonly deleted: readonly SavedWord[] }): SavedWord | null => context.deleted.at(-1) ?? null;
