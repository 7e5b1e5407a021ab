/**
 * The FSRS step over our review cards: ts-fsrs (the scheduler modern Anki uses) does the
 * arithmetic; this module only converts our ISO-string card to its Card with Dates and back.
 * Parameters are ts-fsrs's defaults (90 % retention, learning steps 1 min and 10 min,
 * relearning 10 min, short-term scheduling on) with fuzz off: with fuzz a grade's interval is
 * randomised a little, and a learner who sees "3 days" on the Good button must get 3 days
 * (and the tests must be able to compute the same date). See docs/review.md.
 */
import { fsrs, Rating, type Card, type Grade } from 'ts-fsrs';
import type { CardState, ReviewCard } from './saved-words';

export type ReviewGrade = 'again' | 'hard' | 'good' | 'easy';

export const REVIEW_GRADES: readonly ReviewGrade[] = ['again', 'hard', 'good', 'easy'];

const RATINGS: Readonly<Record<ReviewGrade, Grade>> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

/** The scheduler every review uses; exported so tests compare against the very same parameters. */
export const SCHEDULER_PARAMETERS = { enable_fuzz: false } as const;

const scheduler = fsrs(SCHEDULER_PARAMETERS);

export function toFsrsCard(card: ReviewCard): Card {
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
    ...(card.lastReview === null ? {} : { last_review: new Date(card.lastReview) }),
  };
}

export function fromFsrsCard(card: Card): ReviewCard {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state as number as CardState,
    lastReview: card.last_review === undefined ? null : card.last_review.toISOString(),
  };
}

/** The card after the learner gave it `grade` at `now`. */
export function gradeCard(card: ReviewCard, grade: ReviewGrade, now: Date): ReviewCard {
  return fromFsrsCard(scheduler.next(toFsrsCard(card), now, RATINGS[grade]).card);
}

/** When the card would next be due for each grade, for the labels on the grade buttons. */
export function previewDueDates(card: ReviewCard, now: Date): Record<ReviewGrade, string> {
  const preview = scheduler.repeat(toFsrsCard(card), now);
  return {
    again: preview[Rating.Again].card.due.toISOString(),
    hard: preview[Rating.Hard].card.due.toISOString(),
    good: preview[Rating.Good].card.due.toISOString(),
    easy: preview[Rating.Easy].card.due.toISOString(),
  };
}

/** Milliseconds from `now` to each grade's due date. */
export function previewIntervals(card: ReviewCard, now: Date): Record<ReviewGrade, number> {
  const dates = previewDueDates(card, now);
  const from = (iso: string) => Math.max(0, Date.parse(iso) - now.getTime());
  return { again: from(dates.again), hard: from(dates.hard), good: from(dates.good), easy: from(dates.easy) };
}
