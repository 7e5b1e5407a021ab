/**
 * Which levels /{lang}/level offers, in what order, and which one is chosen at first (issue 26: the
 * exams a learner recognises; for Spanish speakers, a band of the most frequent words). China's own
 * exams (中考, 高考, CET-4, CET-6) mean nothing to a Spanish speaker: the Spanish page offers the bands
 * first and only the international exams (IELTS, TOEFL). A level chosen elsewhere (an old address, a
 * backup) is still accepted by the placement; this only says what the page shows.
 */
import type { TextLanguage } from '../../common/languages';
import { EXAM_LEVELS, FREQUENCY_LEVELS, type PlacementLevel } from '../../common/placement-levels';

type ExamLevel = (typeof EXAM_LEVELS)[number];
type FrequencyLevel = (typeof FREQUENCY_LEVELS)[number];

export interface PlacementChoices {
  readonly exams: readonly ExamLevel[];
  readonly bands: readonly FrequencyLevel[];
  /** Whether the bands come before the exams on the page. */
  readonly bandsFirst: boolean;
  /** The level checked when the learner has chosen none yet. */
  readonly preset: PlacementLevel;
}

const INTERNATIONAL_EXAMS: readonly ExamLevel[] = ['ielts', 'toefl'];

export function placementChoicesFor(language: TextLanguage): PlacementChoices {
  if (language === 'es') return { exams: INTERNATIONAL_EXAMS, bands: FREQUENCY_LEVELS, bandsFirst: true, preset: 'top2000' };
  return { exams: EXAM_LEVELS, bands: FREQUENCY_LEVELS, bandsFirst: false, preset: 'gk' };
}
