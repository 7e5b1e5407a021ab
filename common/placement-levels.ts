/**
 * The levels a learner can start from on /{lang}/level (docs/learner-model.md): the exam lists the
 * dictionary's tags carry (ECDICT: 中考 zk, 高考 gk, CET-4, CET-6, IELTS, TOEFL), each taken with the
 * lists below it, or a band of the most frequent words. Every level also counts the
 * BASELINE_RANK most frequent words, which the exam lists leave untagged (the, of, and).
 */
export const EXAM_LEVELS = ['zk', 'gk', 'cet4', 'cet6', 'ielts', 'toefl'] as const;
export const FREQUENCY_LEVELS = ['top1000', 'top2000', 'top4000', 'top6000', 'top10000'] as const;
export const PLACEMENT_LEVELS = [...EXAM_LEVELS, ...FREQUENCY_LEVELS] as const;
export type PlacementLevel = (typeof PLACEMENT_LEVELS)[number];

export const BASELINE_RANK = 500;

export const FREQUENCY_BAND_SIZE: Readonly<Record<(typeof FREQUENCY_LEVELS)[number], number>> = {
  top1000: 1000,
  top2000: 2000,
  top4000: 4000,
  top6000: 6000,
  top10000: 10000,
};

/** The dictionary tags a level counts: its own and every exam's below it. */
export function tagsOfLevel(level: PlacementLevel): readonly string[] {
  const exam = EXAM_LEVELS.indexOf(level as (typeof EXAM_LEVELS)[number]);
  return exam < 0 ? [] : EXAM_LEVELS.slice(0, exam + 1);
}

/** How a level is named on the page (the exam's own name, the same in every language). */
export const EXAM_NAMES: Readonly<Record<(typeof EXAM_LEVELS)[number], string>> = {
  zk: '中考',
  gk: '高考',
  cet4: 'CET-4',
  cet6: 'CET-6',
  ielts: 'IELTS',
  toefl: 'TOEFL',
};
