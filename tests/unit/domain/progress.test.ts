import { describe, expect, it } from 'vitest';
import { decodeGoal, progressOf, type DailyGoal } from '../../../src/domain/progress';
import type { StatusRecord } from '../../../src/domain/word-status';
import { savedWord } from '../../support/saved-word-fixtures';

const NOW = new Date('2026-03-10T02:00:00.000Z'); // 10:00 on March 10 in Shanghai, still March 9 in UTC
const record = (id: string, setAt: string, source: StatusRecord['source'] = 'hand'): StatusRecord => ({
  id,
  status: 'known',
  source,
  setAt,
});
const one: DailyGoal = { kind: 'articles', count: 1 };

describe('progress', () => {
  it('counts words known, the day of each mark on the learner calendar, leaving the placement out of the chart', () => {
    const progress = progressOf(
      {
        statuses: [
          record('go', '2026-03-10T01:00:00.000Z'),
          record('the', '2026-03-10T01:00:00.000Z', 'placement'),
          record('river', '2026-03-08T03:00:00.000Z', 'rest'),
        ],
        words: [savedWord({ lemma: 'harbour', savedAt: '2026-03-09T20:00:00.000Z' })],
        finished: [],
      },
      one,
      NOW,
      'Asia/Shanghai',
    );
    expect(progress.known).toBe(3);
    expect(progress.days).toHaveLength(30);
    expect(progress.days.at(-1)).toEqual({ day: '2026-03-10', words: 2, articles: 0 });
    expect(progress.days.at(-3)).toEqual({ day: '2026-03-08', words: 1, articles: 0 });
    expect(progress.days[0]!.day).toBe('2026-02-09');
  });

  it('counts the days in a row the goal was met, up to today or yesterday', () => {
    const finished = ['2026-03-07T03:00:00.000Z', '2026-03-08T03:00:00.000Z', '2026-03-09T03:00:00.000Z'].map((at) => ({ at }));
    const yesterday = progressOf({ statuses: [], words: [], finished }, one, NOW, 'Asia/Shanghai');
    expect(yesterday).toMatchObject({ streak: 3, goalMetToday: false, finished: 3 });
    const today = progressOf(
      { statuses: [], words: [], finished: [...finished, { at: '2026-03-10T01:00:00.000Z' }] },
      one,
      NOW,
      'Asia/Shanghai',
    );
    expect(today).toMatchObject({ streak: 4, goalMetToday: true });
    expect(progressOf({ statuses: [], words: [], finished }, { kind: 'articles', count: 2 }, NOW, 'Asia/Shanghai').streak).toBe(0);
  });

  it('reads only a goal it knows', () => {
    expect(decodeGoal({ kind: 'words', count: 10 })).toEqual({ kind: 'words', count: 10 });
    expect(decodeGoal({ kind: 'reviews', count: 10 })).toBeNull();
    expect(decodeGoal({ kind: 'words', count: 0 })).toBeNull();
    expect(decodeGoal('x')).toBeNull();
  });
});
