/**
 * Our review cards as ts-fsrs takes them, and back, written out field by field here rather than
 * taken from src/domain/scheduling.ts: tests that compare the app's schedule with ts-fsrs's own
 * must not share the mapping they check.
 */
import type { Card, State } from 'ts-fsrs';
import type { ReviewCard } from '../../src/domain/saved-words';

export function referenceCard(card: ReviewCard): Card {
  const base: Card = {
    due: new Date(card.due),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsedDays,
    scheduled_days: card.scheduledDays,
    learning_steps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state as number as State,
  };
  return card.lastReview === null ? base : { ...base, last_review: new Date(card.lastReview) };
}

export function fromReferenceCard(card: Card): ReviewCard {
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
