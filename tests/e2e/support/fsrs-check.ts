/**
 * The review's next dates checked against ts-fsrs itself, in the test process: a card read back
 * from the page's IndexedDB after a grade must be exactly what ts-fsrs computes for that grade
 * from the card before it, at the moment the app stored as the grade's time.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { fsrs, type Grade } from 'ts-fsrs';
import type { SavedWord } from '../../../src/domain/saved-words';
import { fromReferenceCard, referenceCard } from '../../support/fsrs-cards';
import { storedWords } from './seed-words';

/** The scheduler as the app configures it: ts-fsrs defaults, fuzz off. */
export const scheduler = fsrs({ enable_fuzz: false });

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
  const expected = scheduler.next(referenceCard(before.card), new Date(gradedAt), rating).card;
  expect(stored!.card).toEqual(fromReferenceCard(expected));
  return stored!;
}
