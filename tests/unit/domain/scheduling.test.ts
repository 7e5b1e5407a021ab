// @vitest-environment node
/**
 * The FSRS step on our cards must be exactly ts-fsrs's on its own cards: each case builds the
 * ts-fsrs card by hand, asks ts-fsrs directly, and compares, so the mapping is checked rather
 * than re-derived.
 */
import { describe, expect, it } from 'vitest';
import { createEmptyCard, fsrs, Rating, type Grade } from 'ts-fsrs';
import { newCard, type ReviewCard } from '../../../src/domain/saved-words';
import { gradeCard, previewDueDates, previewIntervals, REVIEW_GRADES, type ReviewGrade } from '../../../src/domain/scheduling';
import { referenceCard } from '../../support/fsrs-cards';
import { LEARNING_CARD, REVIEW_CARD, REVIEW_NOW } from '../../support/review-words';

const reference = fsrs({ enable_fuzz: false });
const RATING: Record<ReviewGrade, Grade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };

const CASES: Array<[string, ReviewCard]> = [
  ['a new card', newCard(new Date('2026-03-09T12:00:00.000Z'))],
  ['a learning card', LEARNING_CARD],
  ['a review card', REVIEW_CARD],
  ['a relearning card', { ...REVIEW_CARD, state: 3, lapses: 1, learningSteps: 0, due: '2026-03-10T08:50:00.000Z' }],
];

describe('gradeCard follows ts-fsrs', () => {
  it.each(CASES.flatMap(([name, card]) => REVIEW_GRADES.map((grade) => [name, grade, card] as const)))(
    '%s graded %s',
    (_name, grade, card) => {
      const expected = reference.next(referenceCard(card), REVIEW_NOW, RATING[grade]).card;
      const graded = gradeCard(card, grade, REVIEW_NOW);
      expect(graded.due).toBe(expected.due.toISOString());
      expect(graded).toEqual({
        due: expected.due.toISOString(),
        stability: expected.stability,
        difficulty: expected.difficulty,
        elapsedDays: expected.elapsed_days,
        scheduledDays: expected.scheduled_days,
        learningSteps: expected.learning_steps,
        reps: expected.reps,
        lapses: expected.lapses,
        state: expected.state,
        lastReview: REVIEW_NOW.toISOString(),
      });
    },
  );

  it('matches a card ts-fsrs creates itself', () => {
    const empty = createEmptyCard(REVIEW_NOW);
    expect(gradeCard(newCard(REVIEW_NOW), 'good', REVIEW_NOW).due).toBe(
      reference.next(empty, REVIEW_NOW, Rating.Good).card.due.toISOString(),
    );
  });

  it('schedules a new card as Anki does: Again in 1 minute, Hard 6, Good 10, Easy days later', () => {
    const intervals = previewIntervals(newCard(REVIEW_NOW), REVIEW_NOW);
    expect(intervals.again).toBe(60_000);
    expect(intervals.hard).toBe(6 * 60_000);
    expect(intervals.good).toBe(10 * 60_000);
    expect(intervals.easy).toBeGreaterThanOrEqual(24 * 3600_000);
  });

  it('is deterministic: the same grade at the same time gives the same date (no fuzz)', () => {
    const dates = new Set(Array.from({ length: 5 }, () => gradeCard(REVIEW_CARD, 'good', REVIEW_NOW).due));
    expect(dates.size).toBe(1);
  });
});

describe('previews', () => {
  it.each(CASES)('gives %s the due date of each grade', (_name, card) => {
    const preview = reference.repeat(referenceCard(card), REVIEW_NOW);
    const dates = previewDueDates(card, REVIEW_NOW);
    for (const grade of REVIEW_GRADES) {
      expect(dates[grade]).toBe(preview[RATING[grade]].card.due.toISOString());
      expect(dates[grade]).toBe(gradeCard(card, grade, REVIEW_NOW).due);
    }
  });

  it('orders a review card: Again sooner than Hard, sooner than Good, sooner than Easy', () => {
    const intervals = previewIntervals(REVIEW_CARD, REVIEW_NOW);
    expect(intervals.again).toBeLessThan(intervals.hard);
    expect(intervals.hard).toBeLessThan(intervals.good);
    expect(intervals.good).toBeLessThan(intervals.easy);
  });
});
