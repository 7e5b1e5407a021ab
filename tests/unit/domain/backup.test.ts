import { describe, expect, it } from 'vitest';
import { exportBackup, parseBackup, type Backup } from '../../../src/domain/backup';
import { LEARNER_TEXTS } from '../../../src/domain/learner-texts';
import { savedWord } from '../../support/saved-word-fixtures';

const BACKUP: Backup = {
  statuses: [{ id: 'go', status: 'known', source: 'rest', setAt: '2026-03-01T10:00:00.000Z', batch: 'rest-a-1' }],
  words: [savedWord({ lemma: 'harbour' })],
  finished: [{ articleId: 'city-bikes', at: '2026-03-01T10:00:00.000Z' }],
  goal: { kind: 'words', count: 25 },
};
const NOW = new Date('2026-03-02T10:00:00.000Z');

describe('backup file', () => {
  it('round-trips everything the learner keeps', () => {
    expect(parseBackup(exportBackup(BACKUP, NOW))).toEqual({ backup: BACKUP });
  });

  it('refuses a file that is not ours, a truncated one and a newer one as a whole', () => {
    const text = exportBackup(BACKUP, NOW);
    expect(parseBackup(text.slice(0, text.length / 2))).toEqual({ problems: [{ kind: 'notJson' }] });
    expect(parseBackup('word,lemma\nharbour,harbour\n')).toEqual({ problems: [{ kind: 'notJson' }] });
    expect(parseBackup('{"name":"someone else"}')).toEqual({ problems: [{ kind: 'notOurs' }] });
    expect(parseBackup(JSON.stringify({ ...JSON.parse(text), version: 2 }))).toEqual({ problems: [{ kind: 'newerVersion', version: 2 }] });
  });

  it('reports every bad row and unknown part, and gives no backup to apply', () => {
    const file = JSON.parse(exportBackup(BACKUP, NOW));
    file.extra = 1;
    file.statuses.push({ id: 'Bad', status: 'known', source: 'hand', setAt: 'x' });
    file.words.push({ id: 'broken' });
    file.finished = 'nope';
    const result = parseBackup(JSON.stringify(file));
    expect('backup' in result).toBe(false);
    const problems = 'problems' in result ? result.problems : [];
    expect(problems.map((problem) => problem.kind)).toEqual(['unknownField', 'badRow', 'badRow', 'notList']);
    expect(problems).toContainEqual(expect.objectContaining({ kind: 'badRow', list: 'statuses', row: 2 }));
    expect(problems).toContainEqual(expect.objectContaining({ kind: 'badRow', list: 'words', row: 2 }));
    for (const language of ['en', 'zh', 'es'] as const)
      for (const problem of problems) expect(LEARNER_TEXTS[language].backup.problem(problem)).not.toBe('');
  });

  it('names the wrong parts of a bad row in the page language, with no English sentence in the Chinese or Spanish message', () => {
    const file = JSON.parse(exportBackup(BACKUP, NOW));
    file.statuses = [{ x: 1 }];
    file.words = [{ lemma: 5 }];
    file.finished = [{ articleId: 'city-bikes' }, 7];
    const result = parseBackup(JSON.stringify(file));
    const problems = 'problems' in result ? result.problems : [];
    expect(problems).toHaveLength(4);
    const messages = (language: 'en' | 'zh' | 'es') => problems.map((problem) => LEARNER_TEXTS[language].backup.problem(problem));
    for (const language of ['zh', 'es'] as const)
      for (const message of messages(language)) expect(message).not.toMatch(/Not a |not an object|shape/);
    // The file's own field names stay as they are written in it: they are what the learner can look for.
    expect(messages('zh')[1]).toContain('lemma');
    expect(messages('zh')[2]).toContain('at');
    expect(messages('es')[1]).toContain('lemma');
    expect(messages('en')[1]).toContain('lemma');
  });
});
