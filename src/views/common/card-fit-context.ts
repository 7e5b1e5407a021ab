/**
 * What the learner's coverage adds to home and the list, once its chunk has loaded (only for a
 * learner with word statuses): a line per card, the list's order control and order, home's
 * learning-zone section. Absent (null) otherwise, and the pages show what they always did.
 */
import { createContext, type ReactNode } from 'react';

export interface CardFit {
  /** The card's coverage line, or null while its inventory is not known. */
  fitOf(articleId: string): ReactNode;
  /** The cards in the order the learner chose. */
  arrange<T extends { readonly id: string }>(cards: readonly T[]): readonly T[];
  /** The list's order control. */
  readonly controls: ReactNode;
  /** Home's "In your learning zone" section. */
  readonly zone: ReactNode;
}

export const CardFitContext = createContext<CardFit | null>(null);
