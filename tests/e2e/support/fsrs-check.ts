/**
 * The review's next dates checked against ts-fsrs itself, in the test process: a card read back
 * from the page's IndexedDB after a grade must be exactly what ts-fsrs computes for that grade
 * from the card before it, at the moment the app stored as the grade's time.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { fsrs, type Card, type Grade } from 'ts-fsrs';
import type { ReviewCard, SavedWord } from '../../../src/domain/saved-words';
import { storedWords } from './seed-words';

/** The scheduler as the app configures it: ts-fsrs defaults, fuzz off. */
export const scheduler = fsrs({ enable_fuzz: false });

export function ours(card: Card): ReviewCard {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state as number as ReviewCard['state'],
    lastReview: card.last_review ? card.last_review.toISOString() : null,
  };
}

export function theirs(card: ReviewCard): Card {
  return {
    due: new Date(card.due),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsedDays,
    scheduled_days: card.scheduledDays,
    learning_steps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    ...(card.lastReview ? { last_review: new Date(card.lastReview) } : {}),
  };
}

/** Grades the answer on screen with `act`, then checks the stored card against ts-fsrs from `before`. */
export async function gradeAndCheck(page: Page, before: SavedWord, rating: Grade, act: () => Promise<void>): Promise<SavedWord> {
  const startedAt = Date.now();
  await act();
  let stored: SavedWord | undefined;
  await expect
    .poll(async () => {
      stored = (await storedWords(page)).find((word) => word.id === before.id);
      return stored?.card.reps;
    })
    .toBe(before.card.reps + 1);
  const gradedAt = Date.parse(stored!.card.lastReview!);
  expect(gradedAt).toBeGreaterThanOrEqual(startedAt - 1000);
  expect(gradedAt).toBeLessThanOrEqual(Date.now() + 1000);
  const expected = scheduler.next(theirs(before.card), new Date(gradedAt), rating).card;
  expect(stored!.card).toEqual(ours(expected));
  return stored!;
}
