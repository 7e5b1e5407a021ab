/** Saved words for the review tests, with cards in each FSRS state. */
import { newCard, type ReviewCard, type SavedWord } from '../../src/domain/saved-words';

export const REVIEW_NOW = new Date('2026-03-10T09:00:00.000Z');

export function savedWord(lemma: string, overrides: Partial<SavedWord> = {}): SavedWord {
  return {
    id: lemma.toLowerCase(),
    word: lemma,
    lemma,
    gloss: `${lemma}（释义）`,
    glossLanguage: 'zh',
    ipa: 'ˈtest',
    definition: `the meaning of ${lemma}`,
    sentence: `The ${lemma} was in the news today.`,
    articleId: 'city-bikes',
    articleTitle: 'City bikes are back',
    savedAt: '2026-03-01T08:00:00.000Z',
    card: newCard(new Date('2026-03-01T08:00:00.000Z')),
    ...overrides,
  };
}

/** A card in the learning state: graded Good once ten minutes before REVIEW_NOW's hour. */
export const LEARNING_CARD: ReviewCard = {
  due: '2026-03-10T08:55:00.000Z',
  stability: 2.3065,
  difficulty: 2.11810397,
  elapsedDays: 0,
  scheduledDays: 0,
  learningSteps: 1,
  reps: 1,
  lapses: 0,
  state: 1,
  lastReview: '2026-03-10T08:45:00.000Z',
};

/** A card in the review state, due two days ago. */
export const REVIEW_CARD: ReviewCard = {
  due: '2026-03-08T09:00:00.000Z',
  stability: 8.2956,
  difficulty: 4.9,
  elapsedDays: 0,
  scheduledDays: 8,
  learningSteps: 0,
  reps: 3,
  lapses: 0,
  state: 2,
  lastReview: '2026-02-28T09:00:00.000Z',
};

/** A card due long after REVIEW_NOW. */
export const LATER_CARD: ReviewCard = { ...REVIEW_CARD, due: '2026-04-01T09:00:00.000Z', lastReview: '2026-03-09T09:00:00.000Z' };
